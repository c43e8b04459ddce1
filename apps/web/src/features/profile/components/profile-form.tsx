import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";

import {
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_RESEND_AFTER_S,
  messages,
  type Customer,
} from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Textarea, describedBy } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { useLeaveToSignIn } from "@/features/auth/hooks/use-leave-to-sign-in";
import { accountError } from "@/features/auth/utils/account-errors";
import { isApiError, profileErrorMessage } from "@/lib/api-client";

import { useUpdateProfile } from "../api/update-profile";
import { changedProfileFields, profileFormValues, type ProfileFormValues } from "../utils/changed-fields";

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The form's rules; a new e-mail also needs the current password (a stolen token alone cannot move it). */
const profileSchemaFor = (savedEmail: string) =>
  z
    .object({
      fullName: z.string().trim().min(1, messages.nameRequired).max(120),
      email: z
        .string()
        .trim()
        .pipe(z.email({ error: messages.invalidEmailFormat })),
      company: z.string().max(160),
      phoneNumber: z.string().max(32),
      address: z.string().max(500),
      currentPassword: z.string(),
    })
    .refine((values) => sameEmail(values.email, savedEmail) || values.currentPassword !== "", {
      path: ["currentPassword"],
      message: messages.currentPasswordRequired,
    });

type ProfileFormInput = ProfileFormValues & { currentPassword: string };

export const EMAIL_CHANGE_HINT =
  "Changing your e-mail signs you out on every device. We will send a verification code to the new address.";
export const EMAIL_CHANGED_NOTICE =
  "Your e-mail address has been changed and you have been signed out on every device. Enter the code we sent to the new address to verify it.";

interface ProfileFormProps {
  customer: Customer;
  editing: boolean;
  /** Prefix for element ids, so the page and the modal can both exist. */
  idPrefix: string;
  /** The form's accessible name. */
  label?: string;
  onSaved?: () => void;
  onCancel?: () => void;
}

/** Full Name, Email Address, Company, Phone Number, Address; read-only until editing. */
export function ProfileForm({
  customer,
  editing,
  idPrefix,
  label = "Profile",
  onSaved,
  onCancel,
}: ProfileFormProps) {
  const toast = useToast();
  const update = useUpdateProfile();
  const leaveToSignIn = useLeaveToSignIn();
  const [saveError, setSaveError] = useState<string | null>(null);
  const schema = useMemo(() => profileSchemaFor(customer.email), [customer.email]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ProfileFormInput>({
    resolver: zodResolver(schema),
    defaultValues: { ...profileFormValues(customer), currentPassword: "" },
  });
  const emailValue = useWatch({ control, name: "email" });
  const emailChanged = editing && !sameEmail(emailValue, customer.email);

  const onSubmit = handleSubmit(async ({ currentPassword, ...values }) => {
    setSaveError(null);
    const changes = changedProfileFields(customer, values);
    if (changes.email !== undefined) changes.currentPassword = currentPassword;
    if (Object.keys(changes).length === 0) {
      toast.success(messages.dataUpdatedLocally);
      onSaved?.();
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: customer.id, changes });
      if (changes.email !== undefined) {
        // The server ended every session of the account and mailed a code to the new address.
        leaveToSignIn({
          kind: "verify",
          start: {
            email: saved.email,
            expiresIn: VERIFICATION_CODE_TTL_S,
            resendAfter: VERIFICATION_RESEND_AFTER_S,
            notice: EMAIL_CHANGED_NOTICE,
          },
        });
        return;
      }
      toast.success(messages.profileUpdated);
      onSaved?.();
    } catch (error) {
      const failure =
        isApiError(error) && error.code?.startsWith("current_password") ? accountError(error) : null;
      if (failure?.field === "currentPassword") {
        setError("currentPassword", { message: failure.message }, { shouldFocus: true });
      } else {
        setSaveError(profileErrorMessage(error, "update"));
      }
    }
  });

  const id = (name: string) => `${idPrefix}-${name}`;
  const readOnly = !editing;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="space-y-4">
      {saveError ? (
        <Alert tone="error" className="border-red-300 bg-red-50">
          {saveError}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("full-name")} label="Full Name" error={errors.fullName?.message}>
          <Input
            id={id("full-name")}
            className="min-h-11"
            autoComplete="name"
            readOnly={readOnly}
            invalid={Boolean(errors.fullName)}
            aria-describedby={describedBy(id("full-name"), errors.fullName?.message)}
            {...register("fullName")}
          />
        </Field>
        <Field id={id("email")} label="Email Address" error={errors.email?.message}>
          <Input
            id={id("email")}
            className="min-h-11"
            type="email"
            autoComplete="email"
            readOnly={readOnly}
            invalid={Boolean(errors.email)}
            aria-describedby={describedBy(id("email"), errors.email?.message)}
            {...register("email")}
          />
        </Field>
        {emailChanged ? (
          <Field
            id={id("current-password")}
            label="Current Password"
            error={errors.currentPassword?.message}
            hint={EMAIL_CHANGE_HINT}
            className="sm:col-span-2"
          >
            <Input
              id={id("current-password")}
              className="min-h-11"
              type="password"
              autoComplete="current-password"
              invalid={Boolean(errors.currentPassword)}
              aria-describedby={describedBy(id("current-password"), errors.currentPassword?.message, true)}
              {...register("currentPassword")}
            />
          </Field>
        ) : null}
        <Field id={id("company")} label="Company" error={errors.company?.message}>
          <Input
            id={id("company")}
            className="min-h-11"
            autoComplete="organization"
            readOnly={readOnly}
            placeholder={readOnly ? "Not provided" : "Company name"}
            {...register("company")}
          />
        </Field>
        <Field id={id("phone")} label="Phone Number" error={errors.phoneNumber?.message}>
          <Input
            id={id("phone")}
            className="min-h-11"
            type="tel"
            autoComplete="tel"
            readOnly={readOnly}
            placeholder={readOnly ? "Not provided" : "+91 98765 43210"}
            {...register("phoneNumber")}
          />
        </Field>
        <Field id={id("address")} label="Address" error={errors.address?.message} className="sm:col-span-2">
          <Textarea
            id={id("address")}
            rows={3}
            autoComplete="street-address"
            readOnly={readOnly}
            placeholder={readOnly ? "Not provided" : "Street, city, state, PIN code"}
            {...register("address")}
          />
        </Field>
      </div>
      {editing ? (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button variant="outline" className="min-h-11" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            className="min-h-11"
            disabled={update.isPending}
            icon={<Save aria-hidden="true" className="h-4 w-4" />}
          >
            {update.isPending ? "Saving..." : "Save Changes"}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
