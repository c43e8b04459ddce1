import { ChevronDown, ChevronUp, FileText, FlaskConical } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";

import { CROP_SAMPLES_MAX, type Crop, type CropSample } from "@lab/contracts";

import { ErrorText } from "@/components/reports/error-text";
import { MarketVerdictChips } from "@/components/reports/market-verdicts";
import { RevokedBadge } from "@/components/reports/result-banner";
import { TrendView } from "@/components/reports/trend-view";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { useMarkets } from "@/lib/api/get-markets";
import { useResultNames } from "@/lib/i18n/result-names";
import { useT } from "@/lib/i18n/use-t";

import { useCropSamples } from "../api/get-crop-samples";
import { usePondTrend } from "../api/get-pond-trend";

/**
 * A crop's samples with their reports' verdicts, and one parameter's trend in its pond. Closed until
 * asked for: nothing is loaded before, so a farm with many ponds stays light on a phone.
 */
export function CropSamplesSection({ crop }: { crop: Crop }) {
  const { t } = useT("farms");
  const [open, setOpen] = useState(false);
  const samples = useCropSamples(crop.id, open);
  const panelId = useId();
  const count = samples.data?.items.length;
  return (
    <section aria-label={t("farms.history.label", { code: crop.pondCode })} className="space-y-3">
      <Button
        variant="outline"
        className="w-full sm:w-auto"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        icon={
          open ? (
            <ChevronUp aria-hidden="true" className="h-4 w-4" />
          ) : (
            <ChevronDown aria-hidden="true" className="h-4 w-4" />
          )
        }
      >
        {count === undefined ? t("farms.history.toggle") : t("farms.history.toggleCount", { count })}
      </Button>
      {open ? (
        <div id={panelId} className="space-y-4">
          {samples.isPending ? (
            <LoadingState label={t("farms.history.loading")} />
          ) : samples.isError ? (
            <div role="alert" className="space-y-2 text-sm text-red-800">
              <p>{t("farms.history.loadFailed")}</p>
              <p>
                <ErrorText error={samples.error} />
              </p>
              <Button variant="outline" onClick={() => void samples.refetch()}>
                {t("farms.tryAgain")}
              </Button>
            </div>
          ) : samples.data.items.length === 0 ? (
            <p className="text-sm text-slate-700">{t("farms.history.empty")}</p>
          ) : (
            <>
              <ul
                aria-label={t("farms.history.listLabel", { code: crop.pondCode })}
                className="divide-y divide-slate-200"
              >
                {samples.data.items.map((sample) => (
                  <li key={sample.id} className="py-3">
                    <CropSampleRow sample={sample} />
                  </li>
                ))}
              </ul>
              {samples.data.items.length >= CROP_SAMPLES_MAX ? (
                <p className="text-xs text-slate-600">
                  {t("farms.history.capped", { count: CROP_SAMPLES_MAX })}
                </p>
              ) : null}
              <PondTrend crop={crop} parameters={samples.data.parameters} />
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

const linkClasses = buttonClasses("outline", "sm", "min-h-11 w-full sm:w-auto");

function CropSampleRow({ sample }: { sample: CropSample }) {
  const { t, date } = useT("farms");
  const { report } = sample;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{t("farms.history.sample", { id: sample.id })}</span>
        <StatusBadge status={sample.status} />
        {report?.status === "revoked" ? <RevokedBadge /> : null}
      </div>
      <p className="text-sm [overflow-wrap:anywhere] text-slate-700">
        {[
          date(sample.createdAt, "date"),
          sample.purpose ? t(`farms.purpose.${sample.purpose}`) : null,
          sample.lotCode ? t("farms.history.lot", { code: sample.lotCode }) : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {report ? (
        <MarketVerdictChips
          label={t("farms.history.verdicts", { id: sample.id })}
          markets={report.verdicts.map((entry) => ({
            code: entry.market,
            name: entry.market,
            verdict: entry.verdict,
          }))}
        />
      ) : (
        <p className="text-sm text-slate-700">{t("farms.history.noReport")}</p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Link
          to={paths.timeline.href(sample.id)}
          aria-label={t("farms.history.openSampleLabel", { id: sample.id })}
          className={linkClasses}
        >
          <FlaskConical aria-hidden="true" className="h-4 w-4" />
          {t("farms.history.openSample")}
        </Link>
        {report ? (
          <Link
            to={paths.report.href(report.id)}
            aria-label={t("farms.history.openReportLabel", { id: sample.id })}
            className={linkClasses}
          >
            <FileText aria-hidden="true" className="h-4 w-4" />
            {t("farms.history.openReport")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** One parameter across the pond's reports (every crop's), against a market's limit when one is chosen. */
function PondTrend({
  crop,
  parameters,
}: {
  crop: Crop;
  parameters: readonly { code: string; name: string }[];
}) {
  const { t } = useT("farms", "reports", "results");
  const names = useResultNames();
  const markets = useMarkets();
  const [parameter, setParameter] = useState("");
  const [market, setMarket] = useState("");
  const chosen = parameter || (parameters[0]?.code ?? "");
  const trend = usePondTrend(
    chosen ? { pondId: crop.pondId, parameter: chosen, market: market || undefined } : null,
  );
  const idPrefix = `crop-${crop.id}-trend`;
  if (parameters.length === 0) return null;
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-3">
      <h5 className="text-base font-semibold text-slate-900">
        {t("farms.history.trendTitle", { code: crop.pondCode })}
      </h5>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${idPrefix}-parameter`} label={t("reports.trend.parameter")}>
          <Select
            id={`${idPrefix}-parameter`}
            value={chosen}
            onChange={(event) => setParameter(event.target.value)}
          >
            {parameters.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {names.parameter(entry.code, entry.name)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${idPrefix}-market`} label={t("reports.trend.market")}>
          <Select
            id={`${idPrefix}-market`}
            value={market}
            onChange={(event) => setMarket(event.target.value)}
          >
            <option value="">{t("reports.trend.noMarket")}</option>
            {(markets.data ?? []).map((entry) => (
              <option key={entry.code} value={entry.code}>
                {t("reports.markets.option", {
                  code: entry.code,
                  name: names.market(entry.code, entry.name),
                })}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {trend.isError ? (
        <p role="alert" className="text-sm text-red-800">
          <ErrorText error={trend.error} />
        </p>
      ) : trend.data ? (
        <TrendView trend={trend.data} subject={t("farms.pond.heading", { code: crop.pondCode })} />
      ) : (
        <p className="text-sm text-slate-700">{t("reports.trend.loadingResults")}</p>
      )}
    </div>
  );
}
