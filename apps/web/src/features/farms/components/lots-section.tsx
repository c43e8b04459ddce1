import { Download, ExternalLink, Pencil, Plus, Scale, X } from "lucide-react";
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
import { LotHarvestForm } from "./lot-harvest-form";

/** "7K3M9Q2XAB" as "7K3M 9Q2X AB": easier to read out and compare with the card. */
export const groupedCode = (code: string): string => code.replace(/(.{4})(?=.)/g, "$1 ");

/** The one in-place form of the section: planning a lot, or editing or harvesting one. */
type Open = { kind: "plan" } | { kind: "edit" | "harvest"; lotId: number } | null;

/**
 * A crop's harvest lots, each code large with its lot card. Writers plan a lot while the crop is open
 * (`canPlan`), and edit a lot's plan or record its harvest, one form at a time.
 */
export function LotsSection({ crop, writes, canPlan }: { crop: Crop; writes: boolean; canPlan: boolean }) {
  const { t } = useT("farms");
  const lots = useCropLots(crop.id);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const planning = open?.kind === "plan";
  return (
    <section aria-label={t("farms.lot.titleOf", { code: crop.pondCode })} className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h4 className="text-base font-semibold text-slate-900">{t("farms.lot.title")}</h4>
        {canPlan && (open === null || planning) ? (
          <Button
            variant={planning ? "ghost" : "secondary"}
            className="w-full sm:w-auto"
            onClick={() => setOpen(planning ? null : { kind: "plan" })}
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
      {planning ? <LotForm crop={crop} lot={null} onDone={close} /> : null}
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
              <LotItem
                crop={crop}
                lot={lot}
                // Changes are offered only while no other form of the section is open.
                writes={writes && open === null}
                form={open !== null && open.kind !== "plan" && open.lotId === lot.id ? open.kind : null}
                onOpen={(kind) => setOpen({ kind, lotId: lot.id })}
                onClose={close}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LotItem({
  crop,
  lot,
  writes,
  form,
  onOpen,
  onClose,
}: {
  crop: Crop;
  lot: Lot;
  writes: boolean;
  form: "edit" | "harvest" | null;
  onOpen: (kind: "edit" | "harvest") => void;
  onClose: () => void;
}) {
  const { t, date, number } = useT("farms");
  const card = useDownloadLotCard();
  const harvested = lot.harvestedOn !== null;
  const rows: [string, string | null][] = [
    [t("farms.lot.expectedOn"), date(lot.expectedOn, "date")],
    [
      // Once harvested, the quantity is what was weighed.
      harvested ? t("farms.lot.harvestedKg") : t("farms.lot.quantityKg"),
      lot.quantityKg === null ? null : t("farms.lot.kg", { kg: number(lot.quantityKg) }),
    ],
    [t("farms.lot.countPerKg"), lot.countPerKg === null ? null : number(lot.countPerKg)],
    [t("farms.lot.buyer"), [lot.buyerName, lot.buyerEic].filter(Boolean).join(" · ") || null],
    [t("farms.lot.buyerOrganisation"), lot.buyerOrganisation?.name ?? null],
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
      {form !== null ? (
        <div className="space-y-2">
          <div className="flex justify-end">
            <Button
              variant="ghost"
              className="w-full sm:w-auto"
              onClick={onClose}
              icon={<X aria-hidden="true" className="h-4 w-4" />}
            >
              {t("common.cancel")}
            </Button>
          </div>
          {form === "edit" ? (
            <LotForm crop={crop} lot={lot} onDone={onClose} />
          ) : (
            <LotHarvestForm crop={crop} lot={lot} onDone={onClose} />
          )}
        </div>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {writes ? (
          <>
            <Button
              variant="outline"
              aria-label={t("farms.lot.editLabel", { code: lot.code })}
              onClick={() => onOpen("edit")}
              icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
            >
              {t("farms.lot.edit")}
            </Button>
            <Button
              variant="outline"
              aria-label={
                harvested
                  ? t("farms.lot.harvestChangeLabel", { code: lot.code })
                  : t("farms.lot.harvestLabel", { code: lot.code })
              }
              onClick={() => onOpen("harvest")}
              icon={<Scale aria-hidden="true" className="h-4 w-4" />}
            >
              {harvested ? t("farms.lot.harvestChange") : t("farms.lot.harvest")}
            </Button>
          </>
        ) : null}
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
