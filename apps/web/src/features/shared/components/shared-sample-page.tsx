import { ArrowLeft, FileDown } from "lucide-react";
import { Link } from "react-router";

import { MarketVerdictChips } from "@/components/reports/market-verdicts";
import { ParameterResults } from "@/components/reports/parameter-results";
import { ResultBanner } from "@/components/reports/result-banner";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { shownOf } from "@/lib/api-client";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";

import { useDownloadSharedReport } from "../api/download-shared-report";
import { useSharedSample } from "../api/get-shared-sample";

/** A shared sample's results and its report PDF; "not found" once its share has ended. */
export function SharedSamplePage({ sampleId }: { sampleId: string }) {
  const { t, date } = useT("shares", "farms");
  const names = useDomainNames();
  const id = /^\d{1,10}$/.test(sampleId) ? Number(sampleId) : 0;
  const query = useSharedSample(id);
  const download = useDownloadSharedReport();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link
        to={paths.shared.href()}
        className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-cyan-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t("shares.sample.back")}
      </Link>
      <h1 className="text-2xl font-bold [overflow-wrap:anywhere] text-slate-900">
        {t("shares.sample.title", { id: sampleId })}
      </h1>
      {query.isError ? (
        <Alert tone="error" message={shownOf(query.error)} />
      ) : query.isPending ? (
        <LoadingState label={t("shares.sample.loading")} />
      ) : (
        <>
          <div className="min-w-0 space-y-1 [overflow-wrap:anywhere]">
            <p className="text-sm text-slate-700">
              {t("shares.sample.from", {
                farm: query.data.farmName,
                pond: query.data.pondCode,
                lot: query.data.lotCode,
              })}
            </p>
            <p className="text-sm text-slate-700">
              {t("shares.farm.sharedBy", { organisation: query.data.organisation.name })}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={query.data.sample.status} />
              {query.data.sample.purpose ? (
                <span className="text-xs text-slate-700">
                  {t(`farms.purpose.${query.data.sample.purpose}`)}
                </span>
              ) : null}
            </div>
          </div>
          <Card>
            <CardBody>
              <dl className="grid gap-3 text-sm sm:grid-cols-2 [overflow-wrap:anywhere]">
                <div className="min-w-0">
                  <dt className="text-slate-600">{t("shares.sample.category")}</dt>
                  <dd className="font-medium text-slate-900">
                    {names.category(query.data.sample.shrimpCategory)}
                  </dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-slate-600">{t("shares.sample.tests")}</dt>
                  <dd className="font-medium text-slate-900">
                    {query.data.sample.testTypes.map((type) => names.testType(type)).join(", ")}
                  </dd>
                </div>
              </dl>
            </CardBody>
          </Card>
          {query.data.report ? (
            <section aria-labelledby="shared-results" className="space-y-4">
              <h2 id="shared-results" className="text-lg font-semibold text-slate-900">
                {t("shares.sample.results")}
              </h2>
              {query.data.report.status === "revoked" ? (
                <Alert tone="error" message={t("shares.sample.revoked")} />
              ) : null}
              <ResultBanner result={query.data.report.result} />
              <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
                {query.data.report.certification
                  ? t("shares.sample.certificate", { number: query.data.report.certification })
                  : t("shares.sample.testReport")}
                {" · "}
                {t("shares.sample.released", { date: date(query.data.report.completedAt, "date") })}
              </p>
              <MarketVerdictChips
                label={t("shares.sample.verdicts", { id: query.data.sample.id })}
                markets={query.data.report.markets}
              />
              <ParameterResults
                lines={query.data.report.parameters}
                caption={t("shares.sample.resultsCaption", { id: query.data.sample.id })}
              />
              <Button
                variant="outline"
                className="min-h-11 w-full sm:w-auto"
                isLoading={download.isPending}
                icon={<FileDown aria-hidden="true" className="h-4 w-4" />}
                aria-label={t("shares.sample.pdfLabel", { id: query.data.sample.id })}
                onClick={() => download.mutate(query.data.sample.id)}
              >
                {t("shares.sample.pdf")}
              </Button>
            </section>
          ) : (
            <p className="text-sm text-slate-700">{t("shares.sample.noReport")}</p>
          )}
        </>
      )}
    </div>
  );
}
