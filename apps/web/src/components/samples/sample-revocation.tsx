import { Ban } from "lucide-react";

import type { Sample } from "@lab/contracts";

import { ReportRevocationBadge } from "@/components/reports/report-revocation-badge";
import { useReport } from "@/lib/api/get-report";
import { useT } from "@/lib/i18n/use-t";

/**
 * A completed sample whose certificate was revoked: "Completed" alone would read as a valid
 * certificate, so the page says when it was revoked and which certificate replaced it, if one did.
 */
export function SampleRevocation({ sample }: { sample: Sample }) {
  if (!sample.reportRevocation || sample.reportId === null) return null;
  return <RevocationDetails sample={sample} reportId={sample.reportId} />;
}

function RevocationDetails({ sample, reportId }: { sample: Sample; reportId: number }) {
  const { t, date } = useT("samples");
  // The current report: the revoked one itself, or its replacement (which names the one it replaces).
  const current = useReport(String(reportId));
  const replaces = current.data?.replaces ?? null;
  const revokedId = sample.reportRevocation === "replaced" ? replaces?.id : reportId;
  const revoked = useReport(String(revokedId ?? reportId));
  const revokedReport = revokedId === reportId ? current.data : revoked.data;
  const replacement =
    sample.reportRevocation === "replaced" ? (current.data?.details.certification ?? null) : null;
  const revokedNumber =
    sample.reportRevocation === "replaced"
      ? (replaces?.certification ?? null)
      : revokedReport?.details.certification;

  return (
    <div
      role="status"
      aria-label={t("samples.revocation.label")}
      className="mt-3 flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950"
    >
      <Ban aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-800" />
      <div className="min-w-0 space-y-1 [overflow-wrap:anywhere]">
        <div className="flex flex-wrap items-center gap-2">
          <ReportRevocationBadge revocation="revoked" />
          {sample.reportRevocation === "replaced" ? <ReportRevocationBadge revocation="replaced" /> : null}
        </div>
        {revokedNumber ? (
          <p className="font-medium">{t("samples.revocation.certificate", { number: revokedNumber })}</p>
        ) : null}
        <p>
          {revokedReport?.revokedAt
            ? t("samples.revocation.revokedOn", { date: date(revokedReport.revokedAt, "dateTime") })
            : t("samples.revocation.revokedUndated")}
        </p>
        <p>
          {replacement
            ? t("samples.revocation.replacedBy", { number: replacement })
            : sample.reportRevocation === "replaced"
              ? t("samples.revocation.replacedReport")
              : t("samples.revocation.noReplacement")}
        </p>
      </div>
    </div>
  );
}
