import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm, useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";

import {
  PASSWORD_MAX,
  isPasswordValid,
  type AccountActionResponse,
  type ChangePasswordRequest,
} from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, describedBy } from "@/components/ui/input";

import { shownAsString, type Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";
import { accountError } from "@/utils/account-errors";
import { NewPasswordField } from "./new-password-field";

/** The confirmation's own error (not a spec message): shown from the "auth" catalogue. */
export const PASSWORDS_DIFFER = "The new passwords do not match.";

const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "currentPasswordRequired"),
    newPassword: z.string().refine(isPasswordValid, "passwordWeak"),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword !== values.currentPassword || values.currentPassword === "", {
    path: ["newPassword"],
    message: "newPasswordSameAsOld",
  })
  .refine((values) => values.confirmPassword === values.newPassword, {
    path: ["confirmPassword"],
    message: PASSWORDS_DIFFER,
  });

type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

interface ChangePasswordFormProps {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  /** PUT …/password for a customer or a staff member. */
  submit: (input: ChangePasswordRequest) => Promise<AccountActionResponse>;
  onChanged?: (message: string) => void;
  /** The form's accessible name (default: "Change password" in the reader's language). */
  label?: string;
}

/** Current password, new password (strength and tips), confirmation; errors beside their fields. */
export function ChangePasswordForm({ idPrefix, submit, onChanged, label }: ChangePasswordFormProps) {
  const { t } = useT("credentials");
  const [formError, setFormError] = useState<Shown | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { ref: formRef, reveal } = useErrorReveal();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    subscribe,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    // The shared reveal focuses the first error, below the sticky header.
    shouldFocusError: false,
  });
  // The banner is about the last attempt: it goes once any input changes.
  useEffect(
    () => subscribe({ formState: { values: true }, callback: () => setFormError(null) }),
    [subscribe],
  );
  const newPassword = useWatch({ control, name: "newPassword" });
  const id = (name: string) => `${idPrefix}-${name}`;

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    setDone(null);
    try {
      await submit({ currentPassword, newPassword });
      reset();
      setDone("passwordChanged");
      onChanged?.("passwordChanged");
    } catch (error) {
      const failure = accountError(error);
      if (failure.field) setError(failure.field, { message: shownAsString(failure.message) });
      else setFormError(failure.message);
      reveal();
    }
  }, reveal);

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={label ?? t("credentials.changePassword.formLabel")}
      className="space-y-4"
    >
      {done ? <Alert tone="success" message={done} /> : null}
      <ErrorBanner message={formError} />
      <PasswordInputField
        id={id("current")}
        label={t("credentials.password.current")}
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        inputProps={register("currentPassword")}
      />
      <NewPasswordField
        id={id("new")}
        label={t("credentials.password.new")}
        password={newPassword}
        error={errors.newPassword?.message}
        inputProps={register("newPassword")}
      />
      <PasswordInputField
        id={id("confirm")}
        label={t("credentials.password.confirm")}
        autoComplete="new-password"
        error={
          errors.confirmPassword?.message === PASSWORDS_DIFFER
            ? t("credentials.changePassword.mismatch")
            : errors.confirmPassword?.message
        }
        inputProps={register("confirmPassword")}
      />
      <Button type="submit" className="min-h-11 w-full sm:w-auto" isLoading={isSubmitting}>
        {isSubmitting ? t("credentials.changePassword.saving") : t("credentials.changePassword.submit")}
      </Button>
    </form>
  );
}

type PasswordInputFieldProps = {
  id: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  error: string | undefined;
  inputProps: UseFormRegisterReturn;
};

/** A labelled password input with its error below (the current and the confirm fields). */
function PasswordInputField({ id, label, autoComplete, error, inputProps }: PasswordInputFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        className="min-h-11"
        maxLength={PASSWORD_MAX}
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, error)}
        {...inputProps}
      />
    </Field>
  );
}
