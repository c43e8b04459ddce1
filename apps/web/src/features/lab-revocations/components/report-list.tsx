import { TriangleAlert } from "lucide-react";

import {
  revocationReasonOf,
  type LabReport,
  type RevocationRequest,
  type RevokeRequest,
} from "@lab/contracts";

import { RevokedBadge } from "@/components/reports/result-banner";
import { TestResultsTable } from "@/components/reports/test-results-table";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";
import { MarketVerdicts, ParameterLines } from "@/components/lab/judgement-view";

import { RevocationRequests } from "./revocation-requests";
import { RevokeReportForm } from "./revoke-report-form";

/**
 * Every report of the sample, newest first: revoked ones with their reason, staff's internal note and
 * their replacement; a standing one with its open revocation request, or the form to ask for one.
 */
export function ReportList({
  reports,
  revocations,
  mayRevoke,
  revoking,
  onRevoke,
}: {
  reports: readonly LabReport[];
  /** The sample's open revocation requests. */
  revocations: readonly RevocationRequest[];
  /** Reviewers and admins may ask; the server decides in the end. */
  mayRevoke: boolean;
  revoking: boolean;
  onRevoke: (report: LabReport, revocation: RevokeRequest) => void;
}) {
  const { t, date } = useT("lab");
  const names = useResultNames();
  const domainNames = useDomainNames();
  const reportName = (link: { id: number; certification: string | null }) =>
    link.certification
      ? t("lab.reports.nameWithCertificate", { id: link.id, certification: link.certification })
      : t("lab.reports.name", { id: link.id });
  return (
    <ul aria-label={t("lab.reports.label")} className="space-y-4">
      {reports.map((report) => {
        const open = revocations.find((request) => request.reportId === report.id);
        const reason = domainNames.revocationReason(revocationReasonOf(report.revokedReasonCode));
        return (
          <li key={report.id} className="min-w-0 space-y-3 border-b border-slate-200 pb-4 last:border-b-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold text-slate-900">{t("lab.reports.title", { id: report.id })}</h3>
              <span className="text-sm text-slate-800">{names.resultLabel(report.result)}</span>
              {report.status === "revoked" ? <RevokedBadge /> : null}
            </div>
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div className="min-w-0">
                <dt className="text-xs font-medium text-slate-600">{t("lab.reports.certification")}</dt>
                <dd className="break-words text-slate-900">
                  {report.details.certification ?? t("lab.reports.noCertification")}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium text-slate-600">{t("lab.reports.issued")}</dt>
                <dd className="text-slate-900">{date(report.completedAt, "dateTime")}</dd>
              </div>
              {report.analyst ? (
                <div className="min-w-0">
                  <dt className="text-xs font-medium text-slate-600">{t("lab.reports.analyst")}</dt>
                  <dd className="break-words text-slate-900">{report.analyst.name}</dd>
                </div>
              ) : null}
              {report.reviewer ? (
                <div className="min-w-0">
                  <dt className="text-xs font-medium text-slate-600">{t("lab.reports.reviewer")}</dt>
                  <dd className="break-words text-slate-900">{report.reviewer.name}</dd>
                </div>
              ) : null}
            </dl>
            {report.replaces ? (
              <p className="text-sm break-words text-slate-700">
                {t("lab.reports.replaces", { report: reportName(report.replaces) })}
              </p>
            ) : null}
            {report.status === "revoked" ? (
              <p className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm break-words text-red-900">
                <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span className="min-w-0">
                  {report.revokedAt
                    ? t("lab.reports.revokedOn", {
                        date: date(report.revokedAt, "dateTime"),
                        reason,
                      })
                    : t("lab.reports.revoked", { reason })}
                  {report.replacedBy
                    ? ` ${t("lab.reports.replacedBy", { report: reportName(report.replacedBy) })}`
                    : null}
                </span>
              </p>
            ) : null}
            {report.markets.length > 0 ? (
              <MarketVerdicts
                markets={report.markets}
                label={t("lab.reports.marketVerdictsOf", { id: report.id })}
              />
            ) : null}
            {report.parameters.length > 0 ? (
              <ParameterLines
                lines={report.parameters}
                label={t("lab.reports.resultsOf", { id: report.id })}
              />
            ) : report.tests.length > 0 ? (
              <TestResultsTable tests={report.tests} caption={t("lab.reports.issuedResults")} />
            ) : null}
            {report.status === "revoked" && report.revocationNote ? (
              <p className="text-sm break-words whitespace-pre-line text-slate-700">
                {t("lab.reports.note", { note: report.revocationNote })}
              </p>
            ) : null}
            {report.status === "valid" && open ? (
              <div className="space-y-2">
                <p role="status" className="text-sm font-medium break-words text-amber-900">
                  {t("lab.revoke.waiting", { name: open.requestedBy.name })}
                </p>
                <RevocationRequests requests={[open]} />
              </div>
            ) : report.status === "valid" && mayRevoke ? (
              <RevokeReportForm
                reportId={report.id}
                busy={revoking}
                onRevoke={(revocation) => onRevoke(report, revocation)}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
