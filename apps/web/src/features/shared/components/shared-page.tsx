import type { CaaStatus, LotState, SharedFarm, SharedLot, SharedSample } from "@lab/contracts";
import { FileDown, FileText } from "lucide-react";
import { Link } from "react-router";

import { MarketVerdictChips } from "@/components/reports/market-verdicts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { LoadingState } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { paths } from "@/config/paths";
import { shownOf } from "@/lib/api-client";
import { useT } from "@/lib/i18n/use-t";

import { useDownloadSharedReport } from "../api/download-shared-report";
import { useShared } from "../api/get-shared";

// Cleared in green, anything else in amber or red, always with its words.
const STATE_TONE: Record<LotState, string> = {
  cleared: "border-green-300 bg-green-50 text-green-900",
  pending: "border-amber-300 bg-amber-50 text-amber-900",
  not_tested: "border-slate-300 bg-slate-50 text-slate-800",
  expired: "border-red-300 bg-red-50 text-red-900",
  failed: "border-red-300 bg-red-50 text-red-900",
  revoked: "border-red-300 bg-red-50 text-red-900",
  unknown: "border-slate-300 bg-slate-50 text-slate-800",
};
const CAA_TONE: Record<CaaStatus, string> = {
  valid: "text-slate-900",
  expiring: "text-amber-900",
  expired: "text-red-800",
  unknown: "text-slate-700",
};

/** "Shared with us": farms and lots other organisations share with the member's, with their samples. */
export function SharedPage() {
  const { t } = useT("shares");
  const shared = useShared();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <h1 className="text-2xl font-bold text-slate-900">{t("shares.page.title")}</h1>
        <p className="text-sm text-slate-700">{t("shares.page.intro")}</p>
      </div>
      {shared.isError ? (
        <Alert tone="error" message={shownOf(shared.error)} />
      ) : shared.isPending ? (
        <LoadingState label={t("shares.page.loading")} />
      ) : shared.data.items.length === 0 ? (
        <p className="text-sm text-slate-700">{t("shares.page.empty")}</p>
      ) : (
        shared.data.items.map((item, index) => (
          <SharedFarmCard key={`${item.farm.name}-${index}`} item={item} />
        ))
      )}
    </div>
  );
}

function SharedFarmCard({ item }: { item: SharedFarm }) {
  const { t, date } = useT("shares", "farms");
  const none = t("shares.farm.none");
  const { farm } = item;
  const place = [farm.village, farm.district, farm.state].filter(Boolean).join(", ");
  const caa = farm.caaRegistration
    ? `${farm.caaRegistration}${farm.caaExpiresOn ? ` · ${date(farm.caaExpiresOn, "date")}` : ""}`
    : none;
  return (
    <Card>
      <CardBody className="space-y-4">
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <h2 className="text-xl font-semibold text-slate-900">{farm.name}</h2>
          <p className="text-sm text-slate-700">
            {t("shares.farm.sharedBy", { organisation: item.organisation.name })}
          </p>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2 [overflow-wrap:anywhere]">
          <div className="min-w-0">
            <dt className="text-slate-600">{t("shares.farm.mpeda")}</dt>
            <dd className="font-medium text-slate-900">{farm.mpedaEnrolment ?? none}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-slate-600">{t("shares.farm.caa")}</dt>
            <dd className="font-medium text-slate-900">{caa}</dd>
            <dd className={cn("text-xs font-semibold", CAA_TONE[farm.caaStatus])}>
              {t(`farms.caa.${farm.caaStatus}`)}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-slate-600">{t("shares.farm.stateLicence")}</dt>
            <dd className="font-medium text-slate-900">{farm.stateLicence ?? none}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-slate-600">{t("shares.farm.place")}</dt>
            <dd className="font-medium text-slate-900">{place || none}</dd>
          </div>
        </dl>
        <ul className="space-y-3">
          {item.lots.map((lot) => (
            <li key={lot.code}>
              <SharedLotCard lot={lot} />
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

function SharedLotCard({ lot }: { lot: SharedLot }) {
  const { t, date, number } = useT("shares", "lots");
  return (
    <section
      aria-label={t("shares.lot.title", { code: lot.code })}
      className="space-y-3 rounded-lg border border-slate-200 p-3 [overflow-wrap:anywhere]"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-mono text-lg font-semibold tracking-wide text-slate-900">
            {t("shares.lot.title", { code: lot.code })}
          </h3>
          <p className="text-sm text-slate-700">
            {t("shares.lot.pond", { code: lot.pondCode, species: lot.species })}
          </p>
        </div>
        <p
          className={cn(
            "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
            STATE_TONE[lot.state],
          )}
        >
          <span className="sr-only">{t("shares.lot.state")}: </span>
          {t(`lots.state.${lot.state}`)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="min-w-0">
          <dt className="text-slate-600">{t("shares.lot.expected")}</dt>
          <dd className="text-slate-900">{date(lot.expectedOn, "date")}</dd>
        </div>
        {lot.harvestedOn ? (
          <div className="min-w-0">
            <dt className="text-slate-600">{t("shares.lot.harvested")}</dt>
            <dd className="text-slate-900">{date(lot.harvestedOn, "date")}</dd>
          </div>
        ) : null}
        {lot.quantityKg !== null ? (
          <div className="min-w-0">
            <dt className="text-slate-600">{t("shares.lot.quantity")}</dt>
            <dd className="text-slate-900">{t("shares.lot.kg", { kg: number(lot.quantityKg) })}</dd>
          </div>
        ) : null}
        {lot.markets.length > 0 ? (
          <div className="min-w-0">
            <dt className="text-slate-600">{t("shares.lot.markets")}</dt>
            <dd className="text-slate-900">{lot.markets.join(", ")}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-xs text-slate-600">
        {t("shares.lot.sharedUntil", { date: date(lot.sharedUntil, "date") })}
      </p>
      {lot.samples.length === 0 ? (
        <p className="text-sm text-slate-700">{t("shares.lot.noSamples")}</p>
      ) : (
        <ul aria-label={t("shares.lot.samples", { code: lot.code })} className="divide-y divide-slate-200">
          {lot.samples.map((sample) => (
            <li key={sample.id} className="py-2">
              <SharedSampleRow sample={sample} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SharedSampleRow({ sample }: { sample: SharedSample }) {
  const { t, date } = useT("shares", "farms", "reports");
  const download = useDownloadSharedReport();
  const { report } = sample;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{t("shares.sample.title", { id: sample.id })}</span>
        <StatusBadge status={sample.status} />
        {sample.purpose ? (
          <span className="text-xs text-slate-700">{t(`farms.purpose.${sample.purpose}`)}</span>
        ) : null}
      </div>
      <p className="text-xs text-slate-600">
        {t("shares.sample.submitted", { date: date(sample.createdAt, "date") })}
      </p>
      {report ? (
        <>
          <MarketVerdictChips
            label={t("shares.sample.verdicts", { id: sample.id })}
            markets={report.verdicts.map((entry) => ({
              code: entry.market,
              name: entry.market,
              verdict: entry.verdict,
            }))}
          />
          <div className="flex flex-wrap gap-2">
            <Link
              to={paths.sharedSample.href(sample.id)}
              aria-label={t("shares.sample.openLabel", { id: sample.id })}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-900 hover:bg-slate-50"
            >
              <FileText aria-hidden="true" className="h-4 w-4" />
              {t("shares.sample.open")}
            </Link>
            <Button
              variant="outline"
              className="min-h-11"
              isLoading={download.isPending && download.variables === sample.id}
              icon={<FileDown aria-hidden="true" className="h-4 w-4" />}
              aria-label={t("shares.sample.pdfLabel", { id: sample.id })}
              onClick={() => download.mutate(sample.id)}
            >
              {t("shares.sample.pdf")}
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-700">{t("shares.sample.noReport")}</p>
      )}
    </div>
  );
}
