import { Plus, Trash2 } from "lucide-react";
import {
  Controller,
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from "react-hook-form";

import { NAME_MAX, PHONE_MAX } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Field, Input, describedBy } from "@/components/ui/input";
import { LocationInput } from "@/components/location/location-input";
import { useT } from "@/lib/i18n/use-t";

import { blankFarmer, type ProviderFormValues } from "../utils/provider-form-values";

interface FarmerFieldsProps {
  control: Control<ProviderFormValues>;
  register: UseFormRegister<ProviderFormValues>;
  errors: FieldErrors<ProviderFormValues>;
  idPrefix: string;
  disabled?: boolean;
}

/** The Agent's farmers: at least one row is always kept; 'Add Another Farmer', 'Remove Farmer'. */
export function FarmerFields({ control, register, errors, idPrefix, disabled }: FarmerFieldsProps) {
  const { t } = useT("account");
  const { fields, append, remove } = useFieldArray({ control, name: "farmers" });

  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border border-slate-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {t("account.providers.farmers.legend")}
      </legend>
      <p className="text-xs text-slate-600">{t("account.providers.farmers.intro")}</p>
      {fields.map((field, index) => {
        const id = (name: string) => `${idPrefix}-farmer-${index}-${name}`;
        const farmerErrors = errors.farmers?.[index];
        const number = index + 1;
        return (
          <fieldset key={field.id} className="min-w-0 space-y-3 rounded-lg bg-slate-50 p-3">
            <legend className="sr-only">{t("account.providers.farmers.number", { number })}</legend>
            <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
              <p aria-hidden="true" className="text-sm font-medium whitespace-nowrap text-slate-800">
                {t("account.providers.farmers.number", { number })}
              </p>
              {fields.length > 1 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="whitespace-nowrap text-red-700 hover:bg-red-50"
                  aria-label={t("account.providers.farmers.removeLabel", { number })}
                  disabled={disabled}
                  onClick={() => remove(index)}
                  icon={<Trash2 aria-hidden="true" className="h-4 w-4" />}
                >
                  {t("account.providers.farmers.remove")}
                </Button>
              ) : null}
            </div>
            <div className="grid gap-3 @lg:grid-cols-2">
              <Field
                id={id("name")}
                label={t("account.providers.farmers.name")}
                required
                error={farmerErrors?.name?.message}
              >
                <Input
                  id={id("name")}
                  autoComplete="off"
                  maxLength={NAME_MAX}
                  disabled={disabled}
                  invalid={Boolean(farmerErrors?.name)}
                  aria-required="true"
                  aria-describedby={describedBy(id("name"), farmerErrors?.name?.message)}
                  {...register(`farmers.${index}.name`)}
                />
              </Field>
              <Field
                id={id("phone")}
                label={t("account.providers.farmers.whatsapp")}
                required
                error={farmerErrors?.phoneNumber?.message}
              >
                <Input
                  id={id("phone")}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder={t("account.providers.form.phonePlaceholder")}
                  maxLength={PHONE_MAX}
                  disabled={disabled}
                  invalid={Boolean(farmerErrors?.phoneNumber)}
                  aria-required="true"
                  aria-describedby={describedBy(id("phone"), farmerErrors?.phoneNumber?.message)}
                  {...register(`farmers.${index}.phoneNumber`)}
                />
              </Field>
              <Field
                id={id("alt-phone")}
                label={t("account.providers.farmers.altPhone")}
                error={farmerErrors?.altPhoneNumber?.message}
              >
                <Input
                  id={id("alt-phone")}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  maxLength={PHONE_MAX}
                  disabled={disabled}
                  invalid={Boolean(farmerErrors?.altPhoneNumber)}
                  aria-describedby={describedBy(id("alt-phone"), farmerErrors?.altPhoneNumber?.message)}
                  {...register(`farmers.${index}.altPhoneNumber`)}
                />
              </Field>
              <Controller
                control={control}
                name={`farmers.${index}.location`}
                render={({ field: location }) => (
                  <LocationInput
                    id={id("location")}
                    label={t("account.providers.farmers.location")}
                    value={location.value}
                    onChange={location.onChange}
                    onBlur={location.onBlur}
                    error={farmerErrors?.location?.message}
                    disabled={disabled}
                  />
                )}
              />
            </div>
          </fieldset>
        );
      })}
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={() => append(blankFarmer())}
        icon={<Plus aria-hidden="true" className="h-4 w-4" />}
      >
        {t("account.providers.farmers.add")}
      </Button>
    </fieldset>
  );
}
