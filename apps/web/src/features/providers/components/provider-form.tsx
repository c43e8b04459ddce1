import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";

import { NAME_MAX, PHONE_MAX, USER_TYPES, type Provider } from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { DraftNotice } from "@/components/ui/draft-notice";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, Select, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { LocationInput } from "@/components/location/location-input";
import { useFormDraft } from "@/hooks/use-form-draft";
import { useCreateProvider } from "@/lib/api/create-provider";
import { shownAsString } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";
import { providerErrorMessage } from "@/utils/provider-errors";

import { useUpdateProvider } from "../api/update-provider";
import {
  blankProvider,
  providerDraftForm,
  providerDraftSchema,
  providerFormSchema,
  providerFieldOf,
  providerFormValues,
  toProviderPayload,
  type ProviderFormValues,
} from "../utils/provider-form-values";
import { scrollFormIntoView } from "../utils/scroll-into-view";
import { NAME_MARK, splitAtName } from "../utils/split-at-name";
import { FarmerFields } from "./farmer-fields";

interface ProviderFormProps {
  customerId: number;
  /** The provider being edited; null adds a new one. */
  provider: Provider | null;
  onDone: () => void;
}

/** The sample provider form, in add or edit mode. */
export function ProviderForm({ customerId, provider, onDone }: ProviderFormProps) {
  const { t } = useT("account");
  const toast = useToast();
  const create = useCreateProvider();
  const update = useUpdateProvider();
  const titleId = useId();
  const idPrefix = provider ? `provider-${provider.id}` : "provider-new";
  const sectionRef = useRef<HTMLElement>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const { ref: formRef, reveal } = useErrorReveal();
  const [untouched] = useState(() => (provider ? providerFormValues(provider) : blankProvider()));
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    setError,
    getValues,
    subscribe,
    watch,
    reset,
    formState: { errors },
  } = useForm<ProviderFormValues>({
    resolver: zodResolver(providerFormSchema),
    defaultValues: untouched,
    // The shared reveal focuses the first error, below the sticky header.
    shouldFocusError: false,
  });
  const draft = useFormDraft({
    form: providerDraftForm(provider?.id ?? null),
    accountId: customerId,
    schema: providerDraftSchema,
    blank: untouched,
    watch,
    reset,
  });
  const isAgent = useWatch({ control, name: "userType" }) === "Agent";
  const busy = create.isPending || update.isPending;
  const title = t(provider ? "account.providers.form.editTitle" : "account.providers.add");
  const [changingBefore, changingAfter] = splitAtName(
    t("account.providers.form.changing", { name: NAME_MARK, id: provider?.id ?? 0 }),
  );

  useEffect(() => {
    setFocus("samplerName");
    if (provider) scrollFormIntoView(sectionRef.current);
  }, [provider, setFocus]);

  // The banner is about the last save: it goes once any input changes.
  useEffect(
    () => subscribe({ formState: { values: true }, callback: () => setSaveError(null) }),
    [subscribe],
  );

  const onSubmit = handleSubmit(async (values) => {
    setSaveError(null);
    const input = toProviderPayload(values);
    try {
      if (provider) {
        await update.mutateAsync({ customerId, providerId: provider.id, input });
        toast.success("providerUpdated");
      } else {
        await create.mutateAsync({ customerId, input });
        toast.success("providerAdded");
      }
      draft.clear();
      onDone();
    } catch (error) {
      // A refusal that names its field (farmer 3's phone) is shown at that field, not at the top.
      const named = serverFieldError(error);
      const field = named ? providerFieldOf(getValues(), named.field) : null;
      if (named && field) setError(field, { type: "server", message: shownAsString(named.message) });
      else setSaveError(providerErrorMessage(error, provider ? "update" : "add"));
      reveal();
    }
  }, reveal);

  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <section ref={sectionRef} aria-labelledby={titleId} className="@container scroll-mt-28">
      <Card>
        <CardBody className="space-y-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
              {title}
            </h2>
            {provider ? (
              <p className="text-sm break-words text-slate-700">
                {changingBefore}
                <span className="font-medium">{provider.samplerName}</span>
                {changingAfter}
              </p>
            ) : null}
          </div>
          <form
            ref={formRef}
            onSubmit={(event) => void onSubmit(event)}
            noValidate
            aria-labelledby={titleId}
            className="space-y-4"
          >
            <ErrorBanner message={saveError} />
            <div className="grid gap-4 @lg:grid-cols-2">
              <Field
                id={id("name")}
                label={t("account.providers.form.name")}
                required
                error={errors.samplerName?.message}
              >
                <Input
                  id={id("name")}
                  autoComplete="off"
                  placeholder={t("account.providers.form.namePlaceholder")}
                  maxLength={NAME_MAX}
                  disabled={busy}
                  invalid={Boolean(errors.samplerName)}
                  aria-required="true"
                  aria-describedby={describedBy(id("name"), errors.samplerName?.message)}
                  {...register("samplerName")}
                />
              </Field>
              <Field
                id={id("type")}
                label={t("account.providers.form.userType")}
                error={errors.userType?.message}
              >
                <Select id={id("type")} disabled={busy} {...register("userType")}>
                  {USER_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`account.providers.userType.${type}`)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                id={id("phone")}
                label={t("account.providers.form.whatsapp")}
                required
                error={errors.phoneNumber?.message}
                hint={t("account.providers.form.phoneHint")}
              >
                <Input
                  id={id("phone")}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder={t("account.providers.form.phonePlaceholder")}
                  maxLength={PHONE_MAX}
                  disabled={busy}
                  invalid={Boolean(errors.phoneNumber)}
                  aria-required="true"
                  aria-describedby={describedBy(id("phone"), errors.phoneNumber?.message, true)}
                  {...register("phoneNumber")}
                />
              </Field>
              <Field
                id={id("alt-phone")}
                label={t("account.providers.form.altPhone")}
                error={errors.altPhoneNumber?.message}
              >
                <Input
                  id={id("alt-phone")}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder={t("account.providers.form.optional")}
                  maxLength={PHONE_MAX}
                  disabled={busy}
                  invalid={Boolean(errors.altPhoneNumber)}
                  aria-describedby={describedBy(id("alt-phone"), errors.altPhoneNumber?.message)}
                  {...register("altPhoneNumber")}
                />
              </Field>
              <Controller
                control={control}
                name="location"
                render={({ field }) => (
                  <LocationInput
                    id={id("location")}
                    label={t("account.providers.form.location")}
                    className="@lg:col-span-2"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.location?.message}
                    disabled={busy}
                  />
                )}
              />
            </div>
            {isAgent ? (
              <FarmerFields
                control={control}
                register={register}
                errors={errors}
                idPrefix={idPrefix}
                disabled={busy}
              />
            ) : null}
            <DraftNotice saved={draft.saved} onDiscard={draft.discard} />
            <div className="flex justify-end">
              <Button
                type="submit"
                isLoading={busy}
                className="w-full sm:w-auto"
                icon={<Save aria-hidden="true" className="h-4 w-4" />}
              >
                {t(
                  busy
                    ? "account.providers.form.saving"
                    : provider
                      ? "account.providers.form.update"
                      : "account.providers.form.save",
                )}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </section>
  );
}
