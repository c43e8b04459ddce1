import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";

import { MARKET_CODE_PATTERN, NAME_MAX } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { useT } from "@/lib/i18n/use-t";

import { useAddMarket, type MarketInput } from "../api/add-market";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

type MarketField = "code" | "name" | "customerId";

/** Add a market (admins): a public one, or a buyer's own specification for one customer. */
export function AddMarketForm() {
  const { t } = useT("lab");
  const add = useAddMarket();
  const toast = useToast();
  const [values, setValues] = useState<Record<MarketField, string>>({ code: "", name: "", customerId: "" });
  const [errors, setErrors] = useState<Partial<Record<MarketField, Shown>>>({});
  const [banner, setBanner] = useState<Shown | null>(null);
  const { ref, reveal } = useErrorReveal();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBanner(null);
    const code = values.code.trim().toUpperCase();
    const name = values.name.trim();
    const customer = values.customerId.trim();
    const found: Partial<Record<MarketField, string>> = {};
    if (!MARKET_CODE_PATTERN.test(code)) found.code = t("lab.addMarket.codeInvalid");
    if (!name) found.name = t("lab.addMarket.nameRequired");
    if (customer && !/^[1-9]\d*$/.test(customer)) found.customerId = t("lab.addMarket.customerInvalid");
    setErrors(found);
    if (Object.keys(found).length > 0) {
      reveal();
      return;
    }
    const input: MarketInput = customer ? { code, name, customerId: Number(customer) } : { code, name };
    add.mutate(input, {
      onSuccess: (market) => {
        toast.success(t("lab.addMarket.added", { code: market.code }));
        setValues({ code: "", name: "", customerId: "" });
      },
      onError: (failure) => {
        const field = serverFieldError(failure);
        if (field && (field.field === "code" || field.field === "name" || field.field === "customerId"))
          setErrors({ [field.field]: field.message });
        else setBanner(shownOf(failure));
        reveal();
      },
    });
  };

  const input = (field: MarketField, label: string, props: { maxLength?: number; inputMode?: "numeric" }) => (
    <Field id={`market-${field}`} label={label} error={errors[field]} required={field !== "customerId"}>
      <Input
        id={`market-${field}`}
        className="min-h-11"
        autoComplete="off"
        value={values[field]}
        invalid={Boolean(errors[field])}
        aria-describedby={describedBy(`market-${field}`, errors[field])}
        onChange={(event) => {
          setValues((current) => ({ ...current, [field]: event.target.value }));
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
        {...props}
      />
    </Field>
  );

  return (
    <form
      ref={ref}
      onSubmit={submit}
      noValidate
      aria-label={t("lab.addMarket.formLabel")}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h3 className="font-semibold text-slate-900">{t("lab.addMarket.title")}</h3>
      <p className="text-xs text-slate-600">{t("lab.addMarket.hint")}</p>
      <ErrorBanner message={banner} />
      <div className="grid gap-3 sm:grid-cols-3">
        {input("code", t("lab.addMarket.code"), { maxLength: 20 })}
        {input("name", t("lab.addMarket.name"), { maxLength: NAME_MAX })}
        {input("customerId", t("lab.addMarket.customer"), { inputMode: "numeric" })}
      </div>
      <Button
        type="submit"
        isLoading={add.isPending}
        className="w-full sm:w-auto"
        icon={<Plus aria-hidden="true" className="h-4 w-4" />}
      >
        {t("lab.addMarket.submit")}
      </Button>
    </form>
  );
}
