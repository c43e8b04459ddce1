import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";

import {
  ADDRESS_MAX,
  COMPANY_MAX,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PHONE_MAX,
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_RESEND_AFTER_S,
  type Customer,
} from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { DraftNotice } from "@/components/ui/draft-notice";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, Textarea, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { useFormDraft } from "@/hooks/use-form-draft";
import { useLeaveToSignIn } from "@/hooks/use-leave-to-sign-in";
import { accountError } from "@/utils/account-errors";
import { isApiError } from "@/lib/api-client";
import { translate } from "@/lib/i18n/i18n";
import { shownAsString } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";

import { useUpdateProfile } from "../api/update-profile";
import { changedProfileFields, profileFormValues, type ProfileFormValues } from "../utils/changed-fields";
import { profileErrorMessage } from "../utils/profile-errors";

/** A length limit's message, read in the reader's language when it is shown (English: contracts' tooLong). */
const tooLong = (key: "name" | "company" | "phone" | "address", max: number) => ({
  error: () => translate(`account.validation.${key}TooLong`, { max }),
});

const sameEmail = (a: string, b: string | null) => a.trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/**
 * The form's rules; a new e-mail also needs the current password (a stolen token alone cannot move it).
 * A member who signed up with a mobile number may leave the address empty; once given, it stays.
 */
const profileSchemaFor = (savedEmail: string | null) =>
  z
    .object({
      fullName: z.string().trim().min(1, "nameRequired").max(NAME_MAX, tooLong("name", NAME_MAX)),
      email: z
        .string()
        .trim()
        .max(EMAIL_MAX, "invalidEmailFormat")
        .pipe(
          savedEmail === null
            ? z.union([z.literal(""), z.email({ error: "invalidEmailFormat" })])
            : z.email({ error: "invalidEmailFormat" }),
        ),
      company: z.string().max(COMPANY_MAX, tooLong("company", COMPANY_MAX)),
      phoneNumber: z.string().max(PHONE_MAX, tooLong("phone", PHONE_MAX)),
      address: z.string().max(ADDRESS_MAX, tooLong("address", ADDRESS_MAX)),
      currentPassword: z.string(),
    })
    .refine((values) => sameEmail(values.email, savedEmail) || values.currentPassword !== "", {
      path: ["currentPassword"],
      message: "currentPasswordRequired",
    });

type ProfileFormInput = ProfileFormValues & { currentPassword: string };

export const PROFILE_DRAFT_FORM = "profile";
/** A kept draft: the fields without the password, which is never written to the device. */
export const profileDraftSchema: z.ZodType<ProfileFormInput> = z
  .object({
    fullName: z.string(),
    email: z.string(),
    company: z.string(),
    phoneNumber: z.string(),
    address: z.string(),
  })
  .transform((values) => ({ ...values, currentPassword: "" }));

const PROFILE_FIELDS = ["fullName", "email", "company", "phoneNumber", "address", "currentPassword"] as const;
/** The form field a server error names, or null for one the form does not show. */
const profileFieldOf = (path: string) => PROFILE_FIELDS.find((field) => field === path) ?? null;

interface ProfileFormProps {
  customer: Customer;
  editing: boolean;
  /** Prefix for element ids, so the page and the modal can both exist. */
  idPrefix: string;
  /** The form's accessible name ("Profile" when not given). */
  label?: string;
  onSaved?: () => void;
  onCancel?: () => void;
}

/** Full Name, Email Address, Company, Phone Number, Address; read-only until editing. */
export function ProfileForm({ customer, editing, idPrefix, label, onSaved, onCancel }: ProfileFormProps) {
  const { t } = useT("account", "organisation");
  // The company is the organisation's name: only its admins change it (403 organisationAdminRequired).
  const companyLocked = customer.role !== "admin";
  // A number a code proved signs the member in: only another code changes it (Mobile Number below).
  const phoneLocked = customer.phoneVerified && customer.phoneNumber !== null;
  const toast = useToast();
  const update = useUpdateProfile();
  const leaveToSignIn = useLeaveToSignIn();
  const [saveError, setSaveError] = useState<string | null>(null);
  const { ref: formRef, reveal } = useErrorReveal();
  const schema = useMemo(() => profileSchemaFor(customer.email), [customer.email]);
  const [untouched] = useState(() => ({ ...profileFormValues(customer), currentPassword: "" }));
  const {
    register,
    handleSubmit,
    control,
    setError,
    subscribe,
    watch,
    reset,
    formState: { errors },
  } = useForm<ProfileFormInput>({
    resolver: zodResolver(schema),
    defaultValues: untouched,
    // The shared reveal focuses the first error, below the sticky header.
    shouldFocusError: false,
  });
  // The banner is about the last save: it goes once any input changes.
  useEffect(
    () => subscribe({ formState: { values: true }, callback: () => setSaveError(null) }),
    [subscribe],
  );
  const draft = useFormDraft({
    form: PROFILE_DRAFT_FORM,
    accountId: customer.id,
    schema: profileDraftSchema,
    blank: untouched,
    secret: ["currentPassword"],
    enabled: editing,
    watch,
    reset,
  });
  const emailValue = useWatch({ control, name: "email" });
  const emailChanged = editing && !sameEmail(emailValue, customer.email);

  const onSubmit = handleSubmit(async ({ currentPassword, ...values }) => {
    setSaveError(null);
    const changes = changedProfileFields(customer, values);
    if (changes.email !== undefined) changes.currentPassword = currentPassword;
    if (Object.keys(changes).length === 0) {
      draft.clear();
      toast.success("dataUpdatedLocally");
      onSaved?.();
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: customer.id, changes });
      draft.clear();
      if (changes.email !== undefined) {
        // The server mailed a code to the new address (and, moving an address, ended every session):
        // the code is entered on the sign-in card, as after registering.
        leaveToSignIn({
          kind: "verify",
          start: {
            email: saved.email ?? changes.email,
            expiresIn: VERIFICATION_CODE_TTL_S,
            resendAfter: VERIFICATION_RESEND_AFTER_S,
            notice: t(
              customer.email === null
                ? "account.profile.emailAddedNotice"
                : "account.profile.emailChangedNotice",
            ),
          },
        });
        return;
      }
      toast.success("profileUpdated");
      onSaved?.();
    } catch (error) {
      const failure =
        isApiError(error) && error.code?.startsWith("current_password") ? accountError(error) : null;
      const named = serverFieldError(error);
      const field = named ? profileFieldOf(named.field) : null;
      if (failure?.field === "currentPassword") {
        setError("currentPassword", { message: shownAsString(failure.message) });
      } else if (named && field && (field !== "currentPassword" || emailChanged)) {
        setError(field, { type: "server", message: shownAsString(named.message) });
      } else {
        setSaveError(profileErrorMessage(error, "update"));
      }
      reveal();
    }
  }, reveal);

  const id = (name: string) => `${idPrefix}-${name}`;
  const readOnly = !editing;

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={label ?? t("account.profile.formLabel")}
      className="space-y-4"
    >
      <ErrorBanner message={saveError} className="border-red-300 bg-red-50" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("full-name")} label={t("account.profile.fullName")} error={errors.fullName?.message}>
          <Input
            id={id("full-name")}
            className="min-h-11"
            autoComplete="name"
            maxLength={NAME_MAX}
            readOnly={readOnly}
            invalid={Boolean(errors.fullName)}
            aria-describedby={describedBy(id("full-name"), errors.fullName?.message)}
            {...register("fullName")}
          />
        </Field>
        <Field id={id("email")} label={t("account.profile.email")} error={errors.email?.message}>
          <Input
            id={id("email")}
            className="min-h-11"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            readOnly={readOnly}
            placeholder={readOnly && customer.email === null ? t("account.profile.notProvided") : undefined}
            invalid={Boolean(errors.email)}
            aria-describedby={describedBy(id("email"), errors.email?.message)}
            {...register("email")}
          />
        </Field>
        {emailChanged ? (
          <Field
            id={id("current-password")}
            label={t("account.profile.currentPassword")}
            error={errors.currentPassword?.message}
            hint={t("account.profile.emailChangeHint")}
            className="sm:col-span-2"
          >
            <Input
              id={id("current-password")}
              className="min-h-11"
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              invalid={Boolean(errors.currentPassword)}
              aria-describedby={describedBy(id("current-password"), errors.currentPassword?.message, true)}
              {...register("currentPassword")}
            />
          </Field>
        ) : null}
        <Field
          id={id("company")}
          label={t("account.profile.company")}
          error={errors.company?.message}
          hint={companyLocked && !readOnly ? t("organisation.profile.companyAdminOnly") : undefined}
        >
          <Input
            id={id("company")}
            className="min-h-11"
            autoComplete="organization"
            maxLength={COMPANY_MAX}
            readOnly={readOnly || companyLocked}
            invalid={Boolean(errors.company)}
            aria-describedby={describedBy(id("company"), errors.company?.message, companyLocked && !readOnly)}
            placeholder={t(readOnly ? "account.profile.notProvided" : "account.profile.companyPlaceholder")}
            {...register("company")}
          />
        </Field>
        <Field
          id={id("phone")}
          label={t("account.profile.phone")}
          error={errors.phoneNumber?.message}
          hint={phoneLocked && !readOnly ? t("account.profile.mobile.lockedHint") : undefined}
        >
          <Input
            id={id("phone")}
            className="min-h-11"
            type="tel"
            autoComplete="tel"
            maxLength={PHONE_MAX}
            readOnly={readOnly || phoneLocked}
            invalid={Boolean(errors.phoneNumber)}
            aria-describedby={describedBy(id("phone"), errors.phoneNumber?.message, phoneLocked && !readOnly)}
            placeholder={t(readOnly ? "account.profile.notProvided" : "account.profile.phonePlaceholder")}
            {...register("phoneNumber")}
          />
        </Field>
        <Field
          id={id("address")}
          label={t("account.profile.address")}
          error={errors.address?.message}
          className="sm:col-span-2"
        >
          <Textarea
            id={id("address")}
            rows={3}
            autoComplete="street-address"
            maxLength={ADDRESS_MAX}
            readOnly={readOnly}
            invalid={Boolean(errors.address)}
            aria-describedby={describedBy(id("address"), errors.address?.message)}
            placeholder={t(readOnly ? "account.profile.notProvided" : "account.profile.addressPlaceholder")}
            {...register("address")}
          />
        </Field>
      </div>
      {editing ? <DraftNotice saved={draft.saved} onDiscard={draft.discard} /> : null}
      {editing ? (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button
              variant="outline"
              className="min-h-11"
              onClick={() => {
                // Cancel is a choice to drop the changes; a reload or a closed tab keeps them.
                draft.clear();
                onCancel();
              }}
            >
              {t("common.cancel")}
            </Button>
          ) : null}
          <Button
            type="submit"
            className="min-h-11"
            disabled={update.isPending}
            icon={<Save aria-hidden="true" className="h-4 w-4" />}
          >
            {t(update.isPending ? "account.profile.saving" : "account.profile.saveChanges")}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
