import type { LabSampleDetail, StaffRole } from "@lab/contracts";

import { Panel } from "@/components/lab/panel";
import { Alert } from "@/components/ui/alert";
import { useCurrentStaff } from "@/hooks/use-current-staff";
import { useT } from "@/lib/i18n/use-t";
import { hasRole } from "@/lib/lab-staff-roles";

import { ANALYSIS_STATE_LABELS, ResultsEntry } from "./results-entry";
import { ResultsReview } from "./results-review";

/** The sample page's results: a second person's review while results await it, and their entry. */
export function SampleResults({ detail }: { detail: LabSampleDetail }) {
  const { sample, report, analysis } = detail;
  const { t } = useT("lab");
  const me = useCurrentStaff();
  const may = (role: StaffRole) => hasRole(me, role);
  // A revoked report leaves the sample COMPLETED; results entered now issue its replacement.
  const amending = sample.status === "COMPLETED" && report !== null && report.status === "revoked";
  const entryOpen = sample.status === "TESTING" || amending;
  const reviewOpen = entryOpen && analysis?.state === "awaiting_review";
  return (
    <>
      {reviewOpen && analysis ? (
        <Panel title={t("lab.detail.reviewResults")} id="review-title">
          <ResultsReview
            sampleId={sample.id}
            analysis={analysis}
            staffId={me?.id ?? 0}
            canReview={may("reviewer")}
          />
        </Panel>
      ) : null}

      {entryOpen ? (
        <Panel
          title={reviewOpen ? t("lab.detail.correctResults") : t("lab.detail.enterResults")}
          id="results-title"
        >
          {analysis && analysis.state !== "released" ? (
            <p className="text-sm text-slate-700">
              {t("lab.detail.round", {
                round: analysis.round,
                state: t(ANALYSIS_STATE_LABELS[analysis.state]),
              })}
            </p>
          ) : amending ? (
            <p className="text-sm text-slate-700">{t("lab.detail.amending")}</p>
          ) : null}
          {may("analyst") ? (
            <ResultsEntry
              // A new round (after a revoke) starts a new form; within a round what is typed stays.
              key={amending && analysis?.state === "released" ? `amend-${analysis.round}` : "current"}
              sampleId={sample.id}
              markets={sample.markets}
              panel={detail.panel}
              analysis={amending && analysis?.state === "released" ? null : analysis}
            />
          ) : (
            <Alert tone="info">{t("lab.detail.analystOnly")}</Alert>
          )}
        </Panel>
      ) : null}
    </>
  );
}
