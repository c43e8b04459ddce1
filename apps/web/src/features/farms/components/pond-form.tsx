import { Save } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { POND_CODE_MAX, createPondRequestSchema, type LocationValue, type Pond } from "@lab/contracts";

import { LocationInput } from "@/components/location/location-input";
import { Button } from "@/components/ui/button";
import { useErrorReveal } from "@/components/ui/form-errors";
import { useToast } from "@/components/ui/toast";
import { shownAsString } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useCreatePond } from "../api/create-pond";
import { useUpdatePond } from "../api/update-pond";
import { numberOrNull } from "../utils/farm-form-values";
import { errorAt, failureAsErrors, issuesByField, type FieldErrors } from "../utils/field-errors";
import { FormField } from "./form-field";
import { FormPanel } from "./form-panel";

const known = (field: string) => ["code", "areaHa", "lat", "lng"].includes(field.split(".")[0] ?? "");

/** A saved pond's point as the location input shows it: its coordinates, typed. */
const locationOf = (pond: Pond): LocationValue | null =>
  pond.lat !== null && pond.lng !== null
    ? { address: `${pond.lat}, ${pond.lng}`, coordinates: { lat: pond.lat, lng: pond.lng }, placeId: null }
    : null;

/**
 * Adds a pond to a farm (`pond` null) or edits one in place: its code (unique in the farm), area and
 * location; every field is sent, so an emptied one is cleared.
 */
export function PondForm({
  farmId,
  pond,
  onDone,
}: {
  farmId: number;
  pond: Pond | null;
  onDone: () => void;
}) {
  const { t } = useT("farms");
  const toast = useToast();
  const create = useCreatePond();
  const update = useUpdatePond();
  const titleId = useId();
  const prefix = pond ? `pond-${pond.id}` : "pond-new";
  const [code, setCode] = useState(pond?.code ?? "");
  const [area, setArea] = useState(pond?.areaHa === null || !pond ? "" : String(pond.areaHa));
  const [location, setLocation] = useState<LocationValue | null>(() => (pond ? locationOf(pond) : null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref, reveal } = useErrorReveal();
  const busy = create.isPending || update.isPending;

  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors({});
    };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = {
      code,
      areaHa: numberOrNull(area),
      lat: location?.coordinates?.lat ?? null,
      lng: location?.coordinates?.lng ?? null,
    };
    const checked = createPondRequestSchema.safeParse(input);
    if (!checked.success) {
      setErrors(issuesByField(checked.error));
      reveal();
      return;
    }
    try {
      const saved = pond
        ? await update.mutateAsync({ pondId: pond.id, input })
        : await create.mutateAsync({ farmId, input });
      toast.success(t(pond ? "farms.pond.updated" : "farms.pond.added", { code: saved.code }));
      onDone();
    } catch (error) {
      setErrors(failureAsErrors(error, known));
      reveal();
    }
  };
  const locationError = errorAt(errors, "lat") ?? errorAt(errors, "lng");

  return (
    <FormPanel
      formRef={ref}
      titleId={titleId}
      title={pond ? t("farms.pond.editTitle", { code: pond.code }) : t("farms.pond.add")}
      heading={pond ? "h4" : "h3"}
      error={errors.form ?? null}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${prefix}-code`}
          label={t("farms.pond.code")}
          hint={t("farms.pond.codeHint")}
          required
          maxLength={POND_CODE_MAX}
          disabled={busy}
          error={errorAt(errors, "code")}
          value={code}
          onChange={edited(setCode)}
        />
        <FormField
          id={`${prefix}-area`}
          label={t("farms.field.areaHa")}
          inputMode="decimal"
          disabled={busy}
          error={errorAt(errors, "areaHa")}
          value={area}
          onChange={edited(setArea)}
        />
        <LocationInput
          id={`${prefix}-location`}
          label={t("farms.pond.location")}
          className="sm:col-span-2"
          value={location}
          onChange={edited(setLocation)}
          error={locationError === undefined ? undefined : shownAsString(locationError)}
          disabled={busy}
        />
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          className="w-full sm:w-auto"
          isLoading={busy}
          icon={<Save aria-hidden="true" className="h-4 w-4" />}
        >
          {pond ? t("farms.form.update") : t("farms.pond.save")}
        </Button>
      </div>
    </FormPanel>
  );
}
