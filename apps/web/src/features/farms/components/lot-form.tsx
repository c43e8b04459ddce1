import { Save } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import {
  BUYER_NAME_MAX,
  EMAIL_MAX,
  REGISTRATION_MAX,
  createLotRequestSchema,
  type CreateLotRequest,
  type Crop,
  type Lot,
} from "@lab/contracts";

import { MarketPicker } from "@/components/reports/market-picker";
import { Button } from "@/components/ui/button";
import { useErrorReveal } from "@/components/ui/form-errors";
import { useToast } from "@/components/ui/toast";
import { useUser } from "@/lib/auth";
import { useT } from "@/lib/i18n/use-t";

import { useCreateLot } from "../api/create-lot";
import { useUpdateLot } from "../api/update-lot";
import { numberOrNull } from "../utils/farm-form-values";
import { errorAt, failureAsErrors, issuesByField, type FieldErrors } from "../utils/field-errors";
import { FormField } from "./form-field";
import { FormPanel } from "./form-panel";

type Text =
  "expectedOn" | "quantityKg" | "countPerKg" | "buyerName" | "buyerEic" | "buyerEmail" | "phtCertificate";
const KNOWN = [
  "expectedOn",
  "quantityKg",
  "countPerKg",
  "buyerName",
  "buyerEic",
  "buyerEmail",
  "phtCertificate",
  "markets",
];
const known = (field: string) => KNOWN.includes(field.split(".")[0] ?? "");

const numberText = (value: number | null) => (value === null ? "" : String(value));

/**
 * Plans a harvest lot of a crop (`lot` null; the server gives it its code for the lot card and the
 * gate) or edits a lot's plan in place. Every field is sent, so an emptied one is cleared; the buyer
 * in the portal is the exception, as the lot keeps no e-mail to show: an empty field keeps it, and
 * only Remove clears it.
 */
export function LotForm({ crop, lot, onDone }: { crop: Crop; lot: Lot | null; onDone: () => void }) {
  const { t } = useT("farms");
  const toast = useToast();
  const create = useCreateLot();
  const update = useUpdateLot();
  const user = useUser();
  const titleId = useId();
  const prefix = lot ? `lot-${lot.id}` : `lot-new-${crop.id}`;
  const [values, setValues] = useState<Record<Text, string>>({
    expectedOn: lot?.expectedOn ?? "",
    quantityKg: numberText(lot?.quantityKg ?? null),
    countPerKg: numberText(lot?.countPerKg ?? null),
    buyerName: lot?.buyerName ?? "",
    buyerEic: lot?.buyerEic ?? "",
    buyerEmail: "",
    phtCertificate: lot?.phtCertificate ?? "",
  });
  const [buyerRemoved, setBuyerRemoved] = useState(false);
  const portalBuyer = buyerRemoved ? null : (lot?.buyerOrganisation ?? null);
  // A new lot starts from the profile's default markets, as Submit Sample does.
  const [markets, setMarkets] = useState<string[]>(() => [...(lot?.markets ?? user?.defaultMarkets ?? [])]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ref, reveal } = useErrorReveal();
  const busy = create.isPending || update.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: CreateLotRequest = {
      expectedOn: values.expectedOn,
      quantityKg: numberOrNull(values.quantityKg),
      countPerKg: numberOrNull(values.countPerKg),
      buyerName: values.buyerName,
      buyerEic: values.buyerEic,
      buyerEmail: values.buyerEmail.trim() !== "" ? values.buyerEmail : buyerRemoved ? null : undefined,
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
      if (lot) {
        const saved = await update.mutateAsync({ lotId: lot.id, input });
        toast.success(t("farms.lot.updated", { code: saved.code }));
      } else {
        const saved = await create.mutateAsync({ cropId: crop.id, input });
        toast.success(t("farms.lot.planned", { code: saved.code }));
      }
      onDone();
    } catch (error) {
      setErrors(failureAsErrors(error, known));
      reveal();
    }
  };

  const field = (
    name: Text,
    label: string,
    options: {
      date?: boolean;
      inputMode?: "decimal" | "numeric" | "email";
      max?: number;
      required?: boolean;
      hint?: string | undefined;
    } = {},
  ) => (
    <FormField
      id={`${prefix}-${name}`}
      label={label}
      type={options.date ? "date" : "text"}
      inputMode={options.inputMode}
      maxLength={options.max}
      required={options.required}
      hint={options.hint}
      disabled={busy}
      error={errorAt(errors, name)}
      value={values[name]}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors({});
      }}
    />
  );

  return (
    <FormPanel
      formRef={ref}
      titleId={titleId}
      title={
        lot ? t("farms.lot.editTitle", { code: lot.code }) : t("farms.lot.planTitle", { code: crop.pondCode })
      }
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
        <div className="min-w-0 space-y-2 sm:col-span-2">
          {field("buyerEmail", t("farms.lot.buyerEmail"), {
            inputMode: "email",
            max: EMAIL_MAX,
            hint: portalBuyer ? t("farms.lot.buyerEmailNow", { name: portalBuyer.name }) : undefined,
          })}
          {portalBuyer ? (
            <Button
              type="button"
              variant="outline"
              className="min-h-11 w-full sm:w-auto"
              disabled={busy}
              onClick={() => {
                setBuyerRemoved(true);
                setErrors({});
              }}
            >
              {t("farms.lot.buyerEmailRemove")}
            </Button>
          ) : null}
        </div>
        {field("phtCertificate", t("farms.lot.phtCertificate"), { max: REGISTRATION_MAX })}
      </div>
      <MarketPicker
        id={`${prefix}-markets`}
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
          isLoading={busy}
          icon={<Save aria-hidden="true" className="h-4 w-4" />}
        >
          {lot ? t("farms.lot.update") : t("farms.lot.save")}
        </Button>
      </div>
    </FormPanel>
  );
}
