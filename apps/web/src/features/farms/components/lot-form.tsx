import { Save } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import {
  BUYER_NAME_MAX,
  REGISTRATION_MAX,
  createLotRequestSchema,
  type CreateLotRequest,
  type Crop,
} from "@lab/contracts";

import { MarketPicker } from "@/components/reports/market-picker";
import { Button } from "@/components/ui/button";
import { useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { useUser } from "@/lib/auth";
import { useT } from "@/lib/i18n/use-t";

import { useCreateLot } from "../api/create-lot";
import { numberOrNull } from "../utils/farm-form-values";
import { errorAt, failureAsErrors, issuesByField, type FieldErrors } from "../utils/field-errors";
import { FormPanel } from "./form-panel";

type Text = "expectedOn" | "quantityKg" | "countPerKg" | "buyerName" | "buyerEic" | "phtCertificate";
const KNOWN = [
  "expectedOn",
  "quantityKg",
  "countPerKg",
  "buyerName",
  "buyerEic",
  "phtCertificate",
  "markets",
];
const known = (field: string) => KNOWN.includes(field.split(".")[0] ?? "");

/** Plans a harvest lot of a crop: the server gives it its code for the lot card and the gate. */
export function LotForm({ crop, onDone }: { crop: Crop; onDone: () => void }) {
  const { t } = useT("farms");
  const toast = useToast();
  const create = useCreateLot();
  const user = useUser();
  const titleId = useId();
  const prefix = `lot-${crop.id}`;
  const [values, setValues] = useState<Record<Text, string>>({
    expectedOn: "",
    quantityKg: "",
    countPerKg: "",
    buyerName: "",
    buyerEic: "",
    phtCertificate: "",
  });
  // The profile's default markets to start with, as Submit Sample does.
  const [markets, setMarkets] = useState<string[]>(() => [...(user?.defaultMarkets ?? [])]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref, reveal } = useErrorReveal();
  const id = (name: string) => `${prefix}-${name}`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: CreateLotRequest = {
      expectedOn: values.expectedOn,
      quantityKg: numberOrNull(values.quantityKg),
      countPerKg: numberOrNull(values.countPerKg),
      buyerName: values.buyerName,
      buyerEic: values.buyerEic,
      phtCertificate: values.phtCertificate,
      markets,
    };
    const checked = createLotRequestSchema.safeParse(input);
    if (!checked.success) {
      setErrors(issuesByField(checked.error));
      reveal();
      return;
    }
    try {
      const lot = await create.mutateAsync({ cropId: crop.id, input });
      toast.success(t("farms.lot.planned", { code: lot.code }));
      onDone();
    } catch (error) {
      setErrors(failureAsErrors(error, known));
      reveal();
    }
  };

  const field = (
    name: Text,
    label: string,
    options: { date?: boolean; inputMode?: "decimal" | "numeric"; max?: number; required?: boolean } = {},
  ) => {
    const error = errorAt(errors, name);
    return (
      <Field id={id(name)} label={label} required={options.required} error={error}>
        <Input
          id={id(name)}
          type={options.date ? "date" : "text"}
          inputMode={options.inputMode}
          autoComplete="off"
          maxLength={options.max}
          aria-required={options.required || undefined}
          invalid={Boolean(error)}
          aria-describedby={describedBy(id(name), error)}
          value={values[name]}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [name]: value }));
            setErrors({});
          }}
        />
      </Field>
    );
  };

  return (
    <FormPanel
      formRef={ref}
      titleId={titleId}
      title={t("farms.lot.planTitle", { code: crop.pondCode })}
      heading="h5"
      error={errors.form ?? null}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {field("expectedOn", t("farms.lot.expectedOn"), { date: true, required: true })}
        {field("quantityKg", t("farms.lot.quantityKg"), { inputMode: "decimal" })}
        {field("countPerKg", t("farms.lot.countPerKg"), { inputMode: "numeric" })}
        {field("buyerName", t("farms.lot.buyerName"), { max: BUYER_NAME_MAX })}
        {field("buyerEic", t("farms.lot.buyerEic"), { max: REGISTRATION_MAX })}
        {field("phtCertificate", t("farms.lot.phtCertificate"), { max: REGISTRATION_MAX })}
      </div>
      <MarketPicker
        id={id("markets")}
        legend={t("farms.lot.markets")}
        selected={markets}
        onChange={(next) => {
          setMarkets(next);
          setErrors({});
        }}
        error={errorAt(errors, "markets")}
      />
      <div className="flex justify-end">
        <Button
          type="submit"
          className="w-full sm:w-auto"
          isLoading={create.isPending}
          icon={<Save aria-hidden="true" className="h-4 w-4" />}
        >
          {t("farms.lot.save")}
        </Button>
      </div>
    </FormPanel>
  );
}
