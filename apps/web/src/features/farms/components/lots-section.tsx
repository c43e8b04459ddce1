import { Download, ExternalLink, Plus, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import type { Crop, Lot } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { LoadingState } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useT } from "@/lib/i18n/use-t";

import { useDownloadLotCard } from "../api/download-lot-card";
import { useCropLots } from "../api/get-crop-lots";
import { LotForm } from "./lot-form";

/** "7K3M9Q2XAB" as "7K3M 9Q2X AB": easier to read out and compare with the card. */
export const groupedCode = (code: string): string => code.replace(/(.{4})(?=.)/g, "$1 ");

/** A crop's harvest lots, each code large with its lot card; "Plan a harvest lot" for writers. */
export function LotsSection({ crop, writes }: { crop: Crop; writes: boolean }) {
  const { t } = useT("farms");
  const lots = useCropLots(crop.id);
  const [planning, setPlanning] = useState(false);
  return (
    <section aria-label={t("farms.lot.titleOf", { code: crop.pondCode })} className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h4 className="text-base font-semibold text-slate-900">{t("farms.lot.title")}</h4>
        {writes ? (
          <Button
            variant={planning ? "ghost" : "secondary"}
            className="w-full sm:w-auto"
            onClick={() => setPlanning((open) => !open)}
            icon={
              planning ? (
                <X aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Plus aria-hidden="true" className="h-4 w-4" />
              )
            }
          >
            {planning ? t("common.cancel") : t("farms.lot.plan")}
          </Button>
        ) : null}
      </div>
      {planning ? <LotForm crop={crop} onDone={() => setPlanning(false)} /> : null}
      {lots.isPending ? (
        <LoadingState label={t("farms.lot.loading")} />
      ) : lots.isError ? (
        <p className="text-sm text-red-800">{t("farms.lot.loadFailed")}</p>
      ) : lots.data.length === 0 ? (
        <p className="text-sm text-slate-700">{t("farms.lot.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {lots.data.map((lot) => (
            <li key={lot.id}>
              <LotItem lot={lot} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LotItem({ lot }: { lot: Lot }) {
  const { t, date, number } = useT("farms");
  const card = useDownloadLotCard();
  const rows: [string, string | null][] = [
    [t("farms.lot.expectedOn"), date(lot.expectedOn, "date")],
    [
      t("farms.lot.quantityKg"),
      lot.quantityKg === null ? null : t("farms.lot.kg", { kg: number(lot.quantityKg) }),
    ],
    [t("farms.lot.countPerKg"), lot.countPerKg === null ? null : number(lot.countPerKg)],
    [t("farms.lot.buyer"), [lot.buyerName, lot.buyerEic].filter(Boolean).join(" · ") || null],
    [t("farms.lot.markets"), lot.markets.length > 0 ? lot.markets.join(", ") : null],
    [t("farms.lot.phtCertificate"), lot.phtCertificate],
    [t("farms.lot.harvestedOn"), lot.harvestedOn === null ? null : date(lot.harvestedOn, "date")],
  ];
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-3">
      <div>
        <p className="text-xs font-medium text-slate-600">{t("farms.lot.code")}</p>
        <p className="font-mono text-2xl font-bold tracking-wider [overflow-wrap:anywhere] text-slate-900 sm:text-3xl">
          {groupedCode(lot.code)}
        </p>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {rows
          .filter(([, value]) => value !== null)
          .map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-slate-600">{label}</dt>
              <dd className="[overflow-wrap:anywhere] text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button
          variant="outline"
          isLoading={card.isPending}
          onClick={() => card.mutate(lot.code)}
          aria-label={t("farms.lot.cardLabel", { code: lot.code })}
          icon={<Download aria-hidden="true" className="h-4 w-4" />}
        >
          {t("farms.lot.card")}
        </Button>
        <Link
          to={paths.lotCheck.href(lot.code)}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-teal-800 underline-offset-2 hover:underline"
        >
          {t("farms.lot.publicCheck")}
          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
        </Link>
      </div>
    </div>
  );
}
