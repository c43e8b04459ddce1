import { Save } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import {
  FARM_NAME_MAX,
  PLACE_NAME_MAX,
  REGISTRATION_MAX,
  SURVEY_NUMBERS_MAX,
  createFarmRequestSchema,
  type Farm,
} from "@lab/contracts";

import { LocationInput } from "@/components/location/location-input";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Select, Textarea, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { useProviders } from "@/lib/api/get-providers";
import { useUser } from "@/lib/auth";
import { shownAsString } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useCreateFarm } from "../api/create-farm";
import { useUpdateFarm } from "../api/update-farm";
import { blankFarm, farmFormValues, farmPayload, type FarmFormValues } from "../utils/farm-form-values";
import { errorAt, failureAsErrors, issuesByField, type FieldErrors } from "../utils/field-errors";
import { FormField } from "./form-field";

const FIELDS = [
  "name",
  "providerId",
  "mpedaEnrolment",
  "caaRegistration",
  "caaExpiresOn",
  "stateLicence",
  "surveyNumbers",
  "areaHa",
  "village",
  "mandal",
  "district",
  "state",
  "lat",
  "lng",
  "boundary",
];
const known = (field: string) => FIELDS.includes(field.split(".")[0] ?? "");

type TextField = Exclude<keyof FarmFormValues, "location">;

/** Adds a farm (`farm` null) or edits one: every field of the API's farm, each error at its field. */
export function FarmForm({ farm, onDone }: { farm: Farm | null; onDone: (farm: Farm | null) => void }) {
  const { t } = useT("farms");
  const toast = useToast();
  const user = useUser();
  const providers = useProviders(user?.id ?? 0);
  const create = useCreateFarm();
  const update = useUpdateFarm();
  const titleId = useId();
  const prefix = farm ? `farm-${farm.id}` : "farm-new";
  const [values, setValues] = useState<FarmFormValues>(() => (farm ? farmFormValues(farm) : blankFarm()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref, reveal } = useErrorReveal();
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof FarmFormValues>(key: K, value: FarmFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // The banner and this field's errors go once it is edited.
    const fields: string[] = key === "location" ? ["lat", "lng"] : [key];
    const stays = (path: string) =>
      path !== "form" && !fields.some((field) => path === field || path.startsWith(`${field}.`));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => stays(path))));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = farmPayload(values);
    const checked = createFarmRequestSchema.safeParse(payload);
    if (!checked.success) {
      setErrors(issuesByField(checked.error));
      reveal();
      return;
    }
    try {
      const saved = farm
        ? await update.mutateAsync({ farmId: farm.id, input: payload })
        : await create.mutateAsync(payload);
      toast.success(t(farm ? "farms.form.updated" : "farms.form.added", { name: saved.name }));
      onDone(saved);
    } catch (error) {
      setErrors(failureAsErrors(error, known));
      reveal();
    }
  };

  const id = (name: string) => `${prefix}-${name}`;
  const text = (
    field: TextField,
    label: string,
    options: { max?: number; required?: boolean; type?: "date"; inputMode?: "decimal" } = {},
  ) => (
    <FormField
      id={id(field)}
      label={label}
      required={options.required}
      type={options.type}
      inputMode={options.inputMode}
      maxLength={options.max}
      disabled={busy}
      error={errorAt(errors, field)}
      value={values[field]}
      onChange={(value) => set(field, value)}
    />
  );
  const locationError = errorAt(errors, "lat") ?? errorAt(errors, "lng");
  const boundaryError = errorAt(errors, "boundary");
  const providerError = errorAt(errors, "providerId");

  return (
    <section aria-labelledby={titleId} className="@container">
      <Card>
        <CardBody className="space-y-4">
          <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            {farm ? t("farms.form.editTitle", { name: farm.name }) : t("farms.form.addTitle")}
          </h2>
          <form
            ref={ref}
            noValidate
            aria-labelledby={titleId}
            onSubmit={(event) => void onSubmit(event)}
            className="space-y-4"
          >
            <ErrorBanner message={errors.form ?? null} />
            <div className="grid gap-4 @lg:grid-cols-2">
              {text("name", t("farms.field.name"), { max: FARM_NAME_MAX, required: true })}
              <Field id={id("providerId")} label={t("farms.field.provider")} error={providerError}>
                <Select
                  id={id("providerId")}
                  disabled={busy}
                  invalid={Boolean(providerError)}
                  aria-describedby={describedBy(id("providerId"), providerError)}
                  value={values.providerId}
                  onChange={(event) => set("providerId", event.target.value)}
                >
                  <option value="">{t("farms.field.noProvider")}</option>
                  {(providers.data ?? []).map((provider) => (
                    <option key={provider.id} value={String(provider.id)}>
                      {provider.samplerName}
                    </option>
                  ))}
                </Select>
              </Field>
              {text("mpedaEnrolment", t("farms.field.mpedaEnrolment"), { max: REGISTRATION_MAX })}
              {text("caaRegistration", t("farms.field.caaRegistration"), { max: REGISTRATION_MAX })}
              {text("caaExpiresOn", t("farms.field.caaExpiresOn"), { type: "date" })}
              {text("stateLicence", t("farms.field.stateLicence"), { max: REGISTRATION_MAX })}
              {text("surveyNumbers", t("farms.field.surveyNumbers"), { max: SURVEY_NUMBERS_MAX })}
              {text("areaHa", t("farms.field.areaHa"), { inputMode: "decimal" })}
              {text("village", t("farms.field.village"), { max: PLACE_NAME_MAX })}
              {text("mandal", t("farms.field.mandal"), { max: PLACE_NAME_MAX })}
              {text("district", t("farms.field.district"), { max: PLACE_NAME_MAX })}
              {text("state", t("farms.field.state"), { max: PLACE_NAME_MAX })}
              <LocationInput
                id={id("location")}
                label={t("farms.field.location")}
                className="@lg:col-span-2"
                value={values.location}
                onChange={(location) => set("location", location)}
                error={locationError === undefined ? undefined : shownAsString(locationError)}
                disabled={busy}
              />
              <Field
                id={id("boundary")}
                label={t("farms.field.boundary")}
                hint={t("farms.field.boundaryHint")}
                error={boundaryError}
                className="@lg:col-span-2"
              >
                <Textarea
                  id={id("boundary")}
                  rows={3}
                  disabled={busy}
                  invalid={Boolean(boundaryError)}
                  aria-describedby={describedBy(id("boundary"), boundaryError, true)}
                  value={values.boundary}
                  onChange={(event) => set("boundary", event.target.value)}
                />
              </Field>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" disabled={busy} onClick={() => onDone(null)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" isLoading={busy} icon={<Save aria-hidden="true" className="h-4 w-4" />}>
                {farm ? t("farms.form.update") : t("farms.form.save")}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </section>
  );
}
