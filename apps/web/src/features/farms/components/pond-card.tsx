import { CalendarCheck, Fish, PackagePlus, Pencil, Trash2, X } from "lucide-react";
import { useState } from "react";

import type { Crop, Pond } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";

import { useDeletePond } from "../api/delete-pond";
import { useCrops } from "../api/get-crops";
import { CropForm } from "./crop-form";
import { CropSamplesSection } from "./crop-samples-section";
import { EndCropForm } from "./end-crop-form";
import { LotsSection } from "./lots-section";
import { FarmMapLink } from "./map-link";
import { PondForm } from "./pond-form";

type Open = "none" | "edit" | "stock" | "end";

/** The crop a pond's lots are shown for: the open one, else the latest harvested. */
export function currentCrop(crops: readonly Crop[], openCropId: number | null): Crop | null {
  const open = crops.find((crop) => crop.id === openCropId);
  if (open) return open;
  return [...crops].sort((a, b) => b.stockedOn.localeCompare(a.stockedOn) || b.id - a.id)[0] ?? null;
}

/**
 * One pond: its area and place, its crop now (species, stocking, treatments), and the crop's lots;
 * writers edit or delete the pond and stock or end a crop, one form at a time.
 */
export function PondCard({ pond, writes }: { pond: Pond; writes: boolean }) {
  const { t, number } = useT("farms");
  const crops = useCrops(pond.id);
  const [open, setOpen] = useState<Open>("none");
  const [deleting, setDeleting] = useState(false);
  const remove = useDeletePond();
  const toast = useToast();
  const crop = crops.data ? currentCrop(crops.data, pond.openCropId) : null;
  const openCrop = crop !== null && crop.id === pond.openCropId ? crop : null;
  const headingId = `pond-${pond.id}-title`;

  // Samples that name the pond keep it (pondInUse): said in the dialog.
  const deletePond = async () => {
    await remove.mutateAsync(pond.id);
    toast.success(t("farms.pond.deleted", { code: pond.code }));
  };

  return (
    <Card>
      <CardBody className="space-y-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h3 id={headingId} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
              {t("farms.pond.heading", { code: pond.code })}
            </h3>
            {pond.areaHa !== null ? (
              <p className="text-sm text-slate-700">{t("farms.pond.area", { area: number(pond.areaHa) })}</p>
            ) : null}
            {pond.lat !== null && pond.lng !== null ? (
              <FarmMapLink
                lat={pond.lat}
                lng={pond.lng}
                place={t("farms.pond.heading", { code: pond.code })}
              />
            ) : null}
          </div>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            {writes && open === "none" && crops.isSuccess ? (
              openCrop ? (
                <Button
                  variant="outline"
                  className="w-full sm:w-auto"
                  onClick={() => setOpen("end")}
                  icon={<CalendarCheck aria-hidden="true" className="h-4 w-4" />}
                >
                  {t("farms.crop.end")}
                </Button>
              ) : (
                <Button
                  variant="outline"
                  className="w-full sm:w-auto"
                  onClick={() => setOpen("stock")}
                  icon={<Fish aria-hidden="true" className="h-4 w-4" />}
                >
                  {t("farms.crop.stock")}
                </Button>
              )
            ) : null}
            {writes && open === "none" ? (
              <Button
                variant="outline"
                className="w-full sm:w-auto"
                aria-label={t("farms.pond.editLabel", { code: pond.code })}
                onClick={() => setOpen("edit")}
                icon={<Pencil aria-hidden="true" className="h-4 w-4" />}
              >
                {t("farms.pond.edit")}
              </Button>
            ) : null}
            {writes && open === "none" ? (
              <Button
                variant="outline"
                className="w-full sm:w-auto"
                aria-label={t("farms.pond.deleteLabel", { code: pond.code })}
                onClick={() => setDeleting(true)}
                icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
              >
                {t("farms.pond.delete")}
              </Button>
            ) : null}
            {open !== "none" ? (
              <Button
                variant="ghost"
                className="w-full sm:w-auto"
                onClick={() => setOpen("none")}
                icon={<X aria-hidden="true" className="h-4 w-4" />}
              >
                {t("common.cancel")}
              </Button>
            ) : null}
          </div>
        </div>

        {open === "edit" ? (
          <PondForm farmId={pond.farmId} pond={pond} onDone={() => setOpen("none")} />
        ) : null}
        {open === "stock" ? <CropForm pond={pond} onDone={() => setOpen("none")} /> : null}
        {open === "end" && openCrop ? <EndCropForm crop={openCrop} onDone={() => setOpen("none")} /> : null}

        {crops.isPending ? (
          <LoadingState label={t("farms.crop.loading")} />
        ) : crop === null ? (
          <p className="text-sm text-slate-700">{t("farms.crop.none")}</p>
        ) : (
          <>
            <CropSummary crop={crop} open={openCrop !== null} />
            <LotsSection crop={crop} writes={writes} canPlan={writes && openCrop !== null} />
            <CropSamplesSection key={crop.id} crop={crop} />
          </>
        )}
        {crops.isSuccess && crop !== null && openCrop === null ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <PackagePlus aria-hidden="true" className="h-4 w-4 shrink-0" />
            {t("farms.crop.noneOpen")}
          </p>
        ) : null}
      </CardBody>
      <ConfirmAction
        open={deleting}
        title={t("farms.pond.deleteTitle")}
        confirmLabel={t("farms.pond.delete")}
        action={deletePond}
        onClose={() => setDeleting(false)}
      >
        <p>{t("farms.pond.deleteQuestion", { code: pond.code })}</p>
      </ConfirmAction>
    </Card>
  );
}

function CropSummary({ crop, open }: { crop: Crop; open: boolean }) {
  const { t, date, number } = useT("farms");
  const names = useDomainNames();
  const rows: [string, string | null][] = [
    [t("farms.crop.species"), names.category(crop.species)],
    [t("farms.crop.stockedOn"), date(crop.stockedOn, "date")],
    [
      t("farms.crop.density"),
      crop.density === null ? null : t("farms.crop.densityValue", { density: number(crop.density) }),
    ],
    [
      t("farms.crop.hatchery"),
      [crop.hatcheryName, crop.hatcheryRegistration].filter(Boolean).join(" · ") || null,
    ],
    [t("farms.crop.feed"), [crop.feedBrand, crop.feedLot].filter(Boolean).join(" · ") || null],
    [t("farms.crop.harvestedOn"), crop.harvestedOn === null ? null : date(crop.harvestedOn, "date")],
  ];
  return (
    <div className="space-y-2 rounded-lg bg-slate-50 p-3">
      <p className="text-sm font-semibold text-slate-900">
        {open ? t("farms.crop.openTitle") : t("farms.crop.lastTitle")}
      </p>
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
      <div className="text-sm">
        <p className="text-slate-600">{t("farms.crop.treatments")}</p>
        {crop.noTreatments ? (
          <p className="text-slate-900">{t("farms.crop.noTreatments")}</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-slate-900">
            {crop.treatments.map((treatment, index) => (
              <li key={index} className="[overflow-wrap:anywhere]">
                {t("farms.crop.treatmentLine", {
                  substance: treatment.substance,
                  dose: treatment.dose,
                  from: date(treatment.from, "date"),
                  to: date(treatment.to, "date"),
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
