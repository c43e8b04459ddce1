import { CalendarCheck } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { updateCropRequestSchema, type Crop } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { useErrorReveal } from "@/components/ui/form-errors";
import { useToast } from "@/components/ui/toast";
import { useT } from "@/lib/i18n/use-t";

import { useUpdateCrop } from "../api/update-crop";
import { errorAt, failureAsErrors, issuesByField, type FieldErrors } from "../utils/field-errors";
import { todayInIndia } from "../utils/today";
import { FormField } from "./form-field";
import { FormPanel } from "./form-panel";

/** Ends the pond's crop: the day it was harvested (not before its stocking). */
export function EndCropForm({ crop, onDone }: { crop: Crop; onDone: () => void }) {
  const { t } = useT("farms");
  const toast = useToast();
  const update = useUpdateCrop();
  const titleId = useId();
  const fieldId = `crop-${crop.id}-harvested`;
  const [harvestedOn, setHarvestedOn] = useState(todayInIndia);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref, reveal } = useErrorReveal();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The stocking day goes along so the harvest is checked against it here as on the server.
    const input = { harvestedOn, stockedOn: crop.stockedOn };
    const checked = updateCropRequestSchema.safeParse(input);
    if (!checked.success) {
      setErrors(issuesByField(checked.error));
      reveal();
      return;
    }
    try {
      await update.mutateAsync({ cropId: crop.id, input: { harvestedOn } });
      toast.success(t("farms.crop.ended", { code: crop.pondCode }));
      onDone();
    } catch (error) {
      setErrors(failureAsErrors(error, (field) => field === "harvestedOn"));
      reveal();
    }
  };
  const error = errorAt(errors, "harvestedOn");

  return (
    <FormPanel
      formRef={ref}
      titleId={titleId}
      title={t("farms.crop.endTitle", { code: crop.pondCode })}
      error={errors.form ?? null}
      onSubmit={onSubmit}
      className="space-y-3"
    >
      <FormField
        id={fieldId}
        label={t("farms.crop.harvestedOn")}
        type="date"
        required
        min={crop.stockedOn}
        disabled={update.isPending}
        error={error}
        value={harvestedOn}
        onChange={(value) => {
          setHarvestedOn(value);
          setErrors({});
        }}
      />
      <div className="flex justify-end">
        <Button
          type="submit"
          className="w-full sm:w-auto"
          isLoading={update.isPending}
          icon={<CalendarCheck aria-hidden="true" className="h-4 w-4" />}
        >
          {t("farms.crop.endSave")}
        </Button>
      </div>
    </FormPanel>
  );
}
