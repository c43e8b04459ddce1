import { Scale } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { lotHarvestRequestSchema, messages, type Crop, type Lot } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { useErrorReveal } from "@/components/ui/form-errors";
import { useToast } from "@/components/ui/toast";
import { useT } from "@/lib/i18n/use-t";

import { useUpdateLot } from "../api/update-lot";
import { numberOrNull } from "../utils/farm-form-values";
import { errorAt, failureAsErrors, issuesByField, type FieldErrors } from "../utils/field-errors";
import { todayInIndia } from "../utils/today";
import { FormField } from "./form-field";
import { FormPanel } from "./form-panel";

const known = (field: string) => field === "harvestedOn" || field === "quantityKg";

/**
 * Records a lot's harvest: the day (not before the crop's stocking) and the kilograms harvested, which
 * replace the planned quantity. A recorded harvest is corrected the same way.
 */
export function LotHarvestForm({ crop, lot, onDone }: { crop: Crop; lot: Lot; onDone: () => void }) {
  const { t } = useT("farms");
  const toast = useToast();
  const update = useUpdateLot();
  const titleId = useId();
  const prefix = `lot-${lot.id}-harvest`;
  const [harvestedOn, setHarvestedOn] = useState(() => lot.harvestedOn ?? todayInIndia());
  const [kg, setKg] = useState(lot.quantityKg === null ? "" : String(lot.quantityKg));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref, reveal } = useErrorReveal();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { harvestedOn, quantityKg: numberOrNull(kg) };
    const checked = lotHarvestRequestSchema.safeParse(input);
    if (!checked.success || harvestedOn < crop.stockedOn) {
      setErrors({
        ...(harvestedOn < crop.stockedOn ? { harvestedOn: messages.harvestBeforeStocking } : {}),
        ...(checked.success ? {} : issuesByField(checked.error)),
      });
      reveal();
      return;
    }
    try {
      await update.mutateAsync({ lotId: lot.id, input });
      toast.success(t("farms.lot.harvested", { code: lot.code }));
      onDone();
    } catch (error) {
      setErrors(failureAsErrors(error, known));
      reveal();
    }
  };

  return (
    <FormPanel
      formRef={ref}
      titleId={titleId}
      title={t("farms.lot.harvestTitle", { code: lot.code })}
      heading="h5"
      error={errors.form ?? null}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${prefix}-on`}
          label={t("farms.lot.harvestedOn")}
          type="date"
          required
          min={crop.stockedOn}
          max={todayInIndia()}
          disabled={update.isPending}
          error={errorAt(errors, "harvestedOn")}
          value={harvestedOn}
          onChange={(value) => {
            setHarvestedOn(value);
            setErrors({});
          }}
        />
        <FormField
          id={`${prefix}-kg`}
          label={t("farms.lot.harvestedKg")}
          hint={t("farms.lot.harvestedKgHint")}
          inputMode="decimal"
          required
          disabled={update.isPending}
          error={errorAt(errors, "quantityKg")}
          value={kg}
          onChange={(value) => {
            setKg(value);
            setErrors({});
          }}
        />
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          className="w-full sm:w-auto"
          isLoading={update.isPending}
          icon={<Scale aria-hidden="true" className="h-4 w-4" />}
        >
          {t("farms.lot.harvestSave")}
        </Button>
      </div>
    </FormPanel>
  );
}
