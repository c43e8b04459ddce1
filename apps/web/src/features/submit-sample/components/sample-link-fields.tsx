import { SAMPLE_PURPOSES, type Lot, type SamplePurpose } from "@lab/contracts";

import { Field, Select, describedBy } from "@/components/ui/input";
import type { Shown } from "@/lib/i18n/message-text";
import { useDomainNames } from "@/lib/i18n/localized-names";
import { useT } from "@/lib/i18n/use-t";

import { useCropChoices, useFarmChoices, useLotChoices, usePondChoices } from "../api/get-farm-choices";
import type { LinkField, SampleLink } from "../utils/sample-link";

const idOf = (value: string): number | null => (value === "" ? null : Number(value));

/**
 * Farm → pond (its crop now shown) → purpose, and for a pre-harvest screening the harvest lot. The
 * farm and pond show only for an organisation with farms; without them the form is as it always was.
 */
export function SampleLinkFields({
  value,
  onChange,
  errors,
}: {
  value: SampleLink;
  /** `lot` is the harvest lot chosen, when the change chose one. */
  onChange: (next: SampleLink, field: LinkField, lot?: Lot) => void;
  errors: Partial<Record<LinkField, Shown>>;
}) {
  const { t, date } = useT("farms");
  const names = useDomainNames();
  const farms = useFarmChoices();
  const ponds = usePondChoices(value.farmId);
  const crops = useCropChoices(value.pondId);
  const lots = useLotChoices(value.cropId);
  const farmList = farms.data ?? [];
  const pond = ponds.data?.find((item) => item.id === value.pondId) ?? null;
  const crop = crops.data?.find((item) => item.id === value.cropId) ?? null;
  const preHarvest = value.purpose === "pre_harvest";

  const described = (id: string, name: LinkField, hint = false) => describedBy(id, errors[name], hint);
  const pondHint =
    pond === null
      ? undefined
      : crop
        ? t("farms.sample.cropNow", {
            species: names.category(crop.species),
            date: date(crop.stockedOn, "date"),
          })
        : pond.openCropId === null
          ? t("farms.sample.noCropNow")
          : undefined;

  return (
    <div className="space-y-4">
      {farmList.length > 0 ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="sample-farm" label={t("farms.sample.farm")} error={errors.farmId}>
            <Select
              id="sample-farm"
              invalid={Boolean(errors.farmId)}
              aria-describedby={described("sample-farm", "farmId")}
              value={value.farmId === null ? "" : String(value.farmId)}
              onChange={(event) =>
                onChange(
                  { ...value, farmId: idOf(event.target.value), pondId: null, cropId: null, lotId: null },
                  "farmId",
                )
              }
            >
              <option value="">{t("farms.sample.noFarm")}</option>
              {farmList.map((farm) => (
                <option key={farm.id} value={String(farm.id)}>
                  {farm.name}
                </option>
              ))}
            </Select>
          </Field>
          {value.farmId !== null ? (
            <Field id="sample-pond" label={t("farms.sample.pond")} error={errors.pondId} hint={pondHint}>
              <Select
                id="sample-pond"
                invalid={Boolean(errors.pondId)}
                aria-describedby={described("sample-pond", "pondId", pondHint !== undefined)}
                value={value.pondId === null ? "" : String(value.pondId)}
                onChange={(event) => {
                  const pondId = idOf(event.target.value);
                  const chosen = ponds.data?.find((item) => item.id === pondId) ?? null;
                  onChange({ ...value, pondId, cropId: chosen?.openCropId ?? null, lotId: null }, "pondId");
                }}
              >
                <option value="">{t("farms.sample.noPond")}</option>
                {(ponds.data ?? []).map((item) => (
                  <option key={item.id} value={String(item.id)}>
                    {t("farms.pond.heading", { code: item.code })}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="sample-purpose" label={t("farms.sample.purpose")} error={errors.purpose}>
          <Select
            id="sample-purpose"
            invalid={Boolean(errors.purpose)}
            aria-describedby={described("sample-purpose", "purpose")}
            value={value.purpose ?? ""}
            onChange={(event) =>
              onChange(
                {
                  ...value,
                  purpose: event.target.value === "" ? null : (event.target.value as SamplePurpose),
                  lotId: event.target.value === "pre_harvest" ? value.lotId : null,
                },
                "purpose",
              )
            }
          >
            <option value="">{t("farms.sample.noPurpose")}</option>
            {SAMPLE_PURPOSES.map((purpose) => (
              <option key={purpose} value={purpose}>
                {t(`farms.purpose.${purpose}`)}
              </option>
            ))}
          </Select>
        </Field>
        {preHarvest ? (
          <Field
            id="sample-lot"
            label={t("farms.sample.lot")}
            required
            error={errors.lotId}
            hint={value.cropId === null ? t("farms.sample.lotNeedsCrop") : undefined}
          >
            <Select
              id="sample-lot"
              invalid={Boolean(errors.lotId)}
              aria-required="true"
              aria-describedby={describedBy("sample-lot", errors.lotId, value.cropId === null)}
              value={value.lotId === null ? "" : String(value.lotId)}
              onChange={(event) => {
                const lotId = idOf(event.target.value);
                onChange(
                  { ...value, lotId },
                  "lotId",
                  lots.data?.find((item) => item.id === lotId),
                );
              }}
            >
              <option value="">{t("farms.sample.chooseLot")}</option>
              {(lots.data ?? []).map((lot) => (
                <option key={lot.id} value={String(lot.id)}>
                  {t("farms.sample.lotOption", { code: lot.code, date: date(lot.expectedOn, "date") })}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>
    </div>
  );
}
