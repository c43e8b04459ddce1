import { TriangleAlert } from "lucide-react";

import type { Report } from "@lab/contracts";

import { RevokedBadge } from "@/components/reports/result-banner";
import { TestResultsTable } from "@/components/reports/test-results-table";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

import { MarketVerdicts, ParameterLines } from "./judgement-view";
import { RevokeReportForm } from "./revoke-report-form";

/** Every report of the sample, newest first: revoked ones with their reason and their replacement. */
export function ReportList({
  reports,
  revoking,
  onRevoke,
}: {
  reports: readonly Report[];
  revoking: boolean;
  onRevoke: (report: Report, reason: string) => void;
}) {
  const { t, date } = useT("lab");
  const names = useResultNames();
  const reportName = (link: { id: number; certification: string | null }) =>
    link.certification
      ? t("lab.reports.nameWithCertificate", { id: link.id, certification: link.certification })
      : t("lab.reports.name", { id: link.id });
  return (
    <ul aria-label={t("lab.reports.label")} className="space-y-4">
      {reports.map((report) => (
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
                      reason: report.revokedReason ?? "",
                    })
                  : t("lab.reports.revoked", { reason: report.revokedReason ?? "" })}
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
            <ParameterLines lines={report.parameters} label={t("lab.reports.resultsOf", { id: report.id })} />
          ) : report.tests.length > 0 ? (
            <TestResultsTable tests={report.tests} caption={t("lab.reports.issuedResults")} />
          ) : null}
          {report.status === "valid" ? (
            <RevokeReportForm busy={revoking} onRevoke={(reason) => onRevoke(report, reason)} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
