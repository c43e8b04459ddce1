import { Download, Eye } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";

import type { Report } from "@lab/contracts";

import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { paths } from "@/config/paths";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";
import { RevokedBadge } from "@/components/reports/result-banner";
import { MarketVerdictChips } from "@/components/reports/market-verdicts";
import { LINK_SLOT, WithLink } from "@/components/reports/with-link";

import { useDownloadReportPdf } from "../api/download-report-pdf";
import { useMarketHeadline } from "../hooks/use-market-headline";
import { marketOutcome } from "../utils/market-outcome";

/**
 * One report of /reports: who provided the sample, where, its category, the verdict per market
 * ("Passed for EU · Not for US"), date and certification; View Details and Download PDF.
 */
export function ReportCard({ report }: { report: Report }) {
  const { t, date } = useT("reports", "results");
  const names = useResultNames();
  const domain = useDomainNames();
  const headline = useMarketHeadline();
  const titleId = useId();
  const download = useDownloadReportPdf();
  const success = report.result === "success";
  // A revoked report certifies nothing: no green "Test Passed" beside it, its number marked revoked.
  const revoked = report.status === "revoked";

  const outcome = report.markets.length > 0 ? marketOutcome(report) : null;
  const place = report.place ?? null;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="[overflow-wrap:anywhere] text-slate-900">
            {report.farmer ? <span className="block font-semibold">{report.farmer}</span> : null}
            {report.farmer ? " " : null}
            <span className={report.farmer ? "block text-sm text-slate-700" : "block font-semibold"}>
              {t("reports.card.title", { id: report.id })}
              {" · "}
              {t("reports.card.sample", { id: report.sampleId })}
            </span>
          </h3>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {revoked ? (
            <RevokedBadge />
          ) : outcome ? null : (
            <span
              className={cn(
                "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
                success ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900",
              )}
            >
              {names.resultLabel(report.result)}
            </span>
          )}
        </div>
      </div>
      {outcome ? (
        <div className="mt-3 space-y-2">
          <p
            className={cn(
              "font-semibold [overflow-wrap:anywhere]",
              revoked
                ? "text-slate-700"
                : outcome.failed.length === 0
                  ? "text-green-900"
                  : outcome.passed.length > 0
                    ? "text-amber-900"
                    : "text-red-900",
            )}
          >
            {headline(outcome)}
          </p>
          <MarketVerdictChips
            markets={report.markets}
            label={t("reports.card.marketVerdicts", { id: report.id })}
          />
        </div>
      ) : null}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        {place ? (
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-600">{t("reports.card.place")}</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">{place}</dd>
          </div>
        ) : null}
        {report.shrimpCategory ? (
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-600">{t("reports.card.category")}</dt>
            <dd className="[overflow-wrap:anywhere] text-slate-900">
              {domain.category(report.shrimpCategory)}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-xs font-medium text-slate-600">{t("reports.card.completed")}</dt>
          <dd className="text-slate-900">{date(report.completedAt, "dateTime")}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-600">{t("reports.card.certification")}</dt>
          <dd className="break-words text-slate-900">
            {revoked ? (
              <>
                <s>{report.details.certification ?? t("reports.card.notCertified")}</s>{" "}
                {t("reports.card.revoked")}
                {report.replacedBy ? (
                  <span className="block">
                    <WithLink
                      text={t("reports.card.replacedBy", { link: LINK_SLOT })}
                      link={
                        <Link
                          to={paths.report.href(report.replacedBy.id)}
                          className="inline-flex min-h-11 items-center font-medium text-teal-800 underline lg:min-h-0"
                        >
                          {report.replacedBy.certification ??
                            t("reports.card.reportRef", { id: report.replacedBy.id })}
                        </Link>
                      }
                    />
                  </span>
                ) : null}
              </>
            ) : (
              (report.details.certification ?? t("reports.card.notCertified"))
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={paths.report.href(report.id)}
          className={buttonClasses("primary", "sm")}
          aria-label={t("reports.card.viewDetailsOf", { id: report.id })}
        >
          <Eye aria-hidden="true" className="h-4 w-4" />
          {t("reports.card.viewDetails")}
        </Link>
        <Button
          variant="outline"
          size="sm"
          isLoading={download.isPending}
          icon={<Download aria-hidden="true" className="h-4 w-4" />}
          onClick={() => download.mutate(report)}
          aria-label={t("reports.card.downloadOf", { id: report.id })}
        >
          {t("reports.card.download")}
        </Button>
      </div>
    </article>
  );
}
