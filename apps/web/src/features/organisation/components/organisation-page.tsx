import {
  ADDRESS_MAX,
  COMPANY_MAX,
  INDIAN_STATES,
  STATE_CODES,
  languages,
  isLanguageCode,
  updateOrganisationRequestSchema,
  type Organisation,
  type StateCode,
} from "@lab/contracts";
import { Save } from "lucide-react";
import { useState, type FormEvent } from "react";

import { ROLE_LABELS, SCOPE_LABELS } from "@/components/organisation/member-labels";
import { MarketPicker } from "@/components/reports/market-picker";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, Select, Textarea, describedBy } from "@/components/ui/input";
import { LoadingState } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { shownOf } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";
import { useMembership, type MembershipView } from "@/lib/membership";

import { useOrganisation } from "../api/get-organisation";
import { useUpdateOrganisation } from "../api/update-organisation";
import { SharesSection } from "./shares-section";

type FieldName = "name" | "address" | "gstin" | "state" | "language" | "defaultMarkets";
const FIELDS: readonly FieldName[] = ["name", "address", "gstin", "state", "language", "defaultMarkets"];

const isState = (value: string): value is StateCode => STATE_CODES.some((code) => code === value);
const stateName = (code: string | null) => INDIAN_STATES.find((state) => state.code === code)?.name ?? "";

/** The organisation: its details (admins edit them), the member's own role and scope. */
export function OrganisationPage() {
  const membership = useMembership();
  if (!membership) return null;
  return <OrganisationFor membership={membership} />;
}

function OrganisationFor({ membership }: { membership: MembershipView }) {
  const { t } = useT("organisation");
  const query = useOrganisation(membership.organisationId);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <h1 className="text-2xl font-bold text-slate-900">{t("organisation.details.title")}</h1>
        <p className="text-sm text-slate-700">
          {t("organisation.details.yourRole", {
            role: t(ROLE_LABELS[membership.role]),
            scope: t(SCOPE_LABELS[membership.scope]),
          })}
        </p>
      </div>
      {query.isError ? (
        <Alert tone="error" message={shownOf(query.error)} />
      ) : query.isPending ? (
        <LoadingState label={t("organisation.details.loading")} />
      ) : (
        <Card>
          <CardBody>
            {membership.isAdmin ? (
              // No key by version: a remount on save would drop the save's own callbacks (its toast).
              <OrganisationForm organisation={query.data} />
            ) : (
              <OrganisationView organisation={query.data} />
            )}
          </CardBody>
        </Card>
      )}
      {membership.readsSamples ? (
        <SharesSection organisationId={membership.organisationId} isAdmin={membership.isAdmin} />
      ) : null}
    </div>
  );
}

function OrganisationView({ organisation }: { organisation: Organisation }) {
  const { t } = useT("organisation");
  const none = t("organisation.details.none");
  const rows: [string, string][] = [
    [t("organisation.fields.name"), organisation.name],
    [t("organisation.fields.address"), organisation.address ?? none],
    [t("organisation.fields.gstin"), organisation.gstin ?? none],
    [t("organisation.fields.state"), stateName(organisation.state) || none],
    [
      t("organisation.fields.language"),
      languages.find((language) => language.code === organisation.language)?.nativeName ??
        organisation.language,
    ],
    [
      t("organisation.fields.defaultMarkets"),
      organisation.defaultMarkets.length > 0 ? organisation.defaultMarkets.join(", ") : none,
    ],
  ];
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{t("organisation.details.adminOnly")}</p>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 [overflow-wrap:anywhere]">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium whitespace-pre-line text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function OrganisationForm({ organisation }: { organisation: Organisation }) {
  const { t } = useT("organisation");
  const toast = useToast();
  const update = useUpdateOrganisation();
  const { ref, reveal } = useErrorReveal();
  const [values, setValues] = useState({
    name: organisation.name,
    address: organisation.address ?? "",
    gstin: organisation.gstin ?? "",
    state: organisation.state ?? "",
    language: organisation.language,
    defaultMarkets: organisation.defaultMarkets,
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, Shown>>>({});
  const [banner, setBanner] = useState<Shown | null>(null);

  const set = <K extends FieldName>(field: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBanner(null);
    const parsed = updateOrganisationRequestSchema.safeParse({
      name: values.name,
      address: values.address.trim() === "" ? null : values.address,
      gstin: values.gstin.trim() === "" ? null : values.gstin,
      state: values.state === "" ? null : values.state,
      language: values.language,
      defaultMarkets: values.defaultMarkets,
    });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, Shown>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === "string" && (FIELDS as readonly string[]).includes(field))
          found[field as FieldName] ??= issue.message;
      }
      setErrors(found);
      reveal();
      return;
    }
    setErrors({});
    update.mutate(
      { id: organisation.id, change: parsed.data },
      {
        onSuccess: (saved) => {
          // The stored form of what was typed (an upper-cased GSTIN, a trimmed name).
          setValues({
            name: saved.name,
            address: saved.address ?? "",
            gstin: saved.gstin ?? "",
            state: saved.state ?? "",
            language: saved.language,
            defaultMarkets: saved.defaultMarkets,
          });
          toast.success(t("organisation.details.saved"));
        },
        onError: (failure) => {
          const named = serverFieldError(failure);
          const field = named?.field.split(".")[0];
          if (named && field && (FIELDS as readonly string[]).includes(field))
            setErrors({ [field as FieldName]: named.message });
          else setBanner(shownOf(failure));
          reveal();
        },
      },
    );
  };

  return (
    <form
      ref={ref}
      onSubmit={submit}
      noValidate
      aria-label={t("organisation.details.formLabel")}
      className="space-y-4"
    >
      <ErrorBanner message={banner} />
      <Field id="org-name" label={t("organisation.fields.name")} error={errors.name} required>
        <Input
          id="org-name"
          className="min-h-11"
          autoComplete="organization"
          maxLength={COMPANY_MAX}
          value={values.name}
          invalid={Boolean(errors.name)}
          aria-required="true"
          aria-describedby={describedBy("org-name", errors.name)}
          onChange={(event) => set("name", event.target.value)}
        />
      </Field>
      <Field id="org-address" label={t("organisation.fields.address")} error={errors.address}>
        <Textarea
          id="org-address"
          rows={3}
          autoComplete="street-address"
          maxLength={ADDRESS_MAX}
          value={values.address}
          invalid={Boolean(errors.address)}
          aria-describedby={describedBy("org-address", errors.address)}
          onChange={(event) => set("address", event.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="org-state" label={t("organisation.fields.state")} error={errors.state}>
          <Select
            id="org-state"
            className="min-h-11"
            value={values.state}
            invalid={Boolean(errors.state)}
            aria-describedby={describedBy("org-state", errors.state)}
            onChange={(event) => set("state", isState(event.target.value) ? event.target.value : "")}
          >
            <option value="">{t("organisation.details.chooseState")}</option>
            {INDIAN_STATES.map((state) => (
              <option key={state.code} value={state.code}>
                {state.code} · {state.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="org-gstin"
          label={t("organisation.fields.gstin")}
          error={errors.gstin}
          hint={t("organisation.details.gstinHint")}
        >
          <Input
            id="org-gstin"
            className="min-h-11"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={15}
            value={values.gstin}
            invalid={Boolean(errors.gstin)}
            aria-describedby={describedBy("org-gstin", errors.gstin, true)}
            // A GSTIN is Latin capitals and digits: the value itself is upper-cased, not just its look.
            onChange={(event) => set("gstin", event.target.value.toUpperCase())}
          />
        </Field>
      </div>
      <Field
        id="org-language"
        label={t("organisation.fields.language")}
        error={errors.language}
        hint={t("organisation.details.languageHint")}
      >
        <Select
          id="org-language"
          className="min-h-11"
          value={values.language}
          aria-describedby={describedBy("org-language", errors.language, true)}
          onChange={(event) => {
            if (isLanguageCode(event.target.value)) set("language", event.target.value);
          }}
        >
          {languages.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.nativeName}
            </option>
          ))}
        </Select>
      </Field>
      <MarketPicker
        id="org-markets"
        legend={t("organisation.fields.defaultMarkets")}
        selected={values.defaultMarkets}
        onChange={(next) => set("defaultMarkets", next)}
        error={errors.defaultMarkets}
      />
      <Button
        type="submit"
        className="min-h-11 w-full sm:w-auto"
        isLoading={update.isPending}
        icon={<Save aria-hidden="true" className="h-4 w-4" />}
      >
        {t("organisation.details.save")}
      </Button>
    </form>
  );
}
