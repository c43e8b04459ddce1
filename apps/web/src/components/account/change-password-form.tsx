import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";

import {
  PASSWORD_MAX,
  isPasswordValid,
  messages,
  type AccountActionResponse,
  type ChangePasswordRequest,
} from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, describedBy } from "@/components/ui/input";

import { accountError } from "@/utils/account-errors";
import { NewPasswordField } from "./new-password-field";

export const PASSWORDS_DIFFER = "The new passwords do not match.";

const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, messages.currentPasswordRequired),
    newPassword: z.string().refine(isPasswordValid, messages.passwordWeak),
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword !== values.currentPassword || values.currentPassword === "", {
    path: ["newPassword"],
    message: messages.newPasswordSameAsOld,
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
  /** The form's accessible name. */
  label?: string;
}

/** Current password, new password (strength and tips), confirmation; errors beside their fields. */
export function ChangePasswordForm({
  idPrefix,
  submit,
  onChanged,
  label = "Change password",
}: ChangePasswordFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
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
      const answer = await submit({ currentPassword, newPassword });
      reset();
      setDone(answer.message || messages.passwordChanged);
      onChanged?.(answer.message || messages.passwordChanged);
    } catch (error) {
      const failure = accountError(error);
      if (failure.field) setError(failure.field, { message: failure.message });
      else setFormError(failure.message);
      reveal();
    }
  }, reveal);

  const currentError = errors.currentPassword?.message;
  const confirmError = errors.confirmPassword?.message;
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={label}
      className="space-y-4"
    >
      {done ? <Alert tone="success">{done}</Alert> : null}
      <ErrorBanner message={formError} />
      <Field id={id("current")} label="Current Password" error={currentError}>
        <Input
          id={id("current")}
          type="password"
          autoComplete="current-password"
          className="min-h-11"
          maxLength={PASSWORD_MAX}
          invalid={Boolean(currentError)}
          aria-describedby={describedBy(id("current"), currentError)}
          {...register("currentPassword")}
        />
      </Field>
      <NewPasswordField
        id={id("new")}
        label="New Password"
        password={newPassword}
        error={errors.newPassword?.message}
        inputProps={register("newPassword")}
      />
      <Field id={id("confirm")} label="Confirm New Password" error={confirmError}>
        <Input
          id={id("confirm")}
          type="password"
          autoComplete="new-password"
          className="min-h-11"
          maxLength={PASSWORD_MAX}
          invalid={Boolean(confirmError)}
          aria-describedby={describedBy(id("confirm"), confirmError)}
          {...register("confirmPassword")}
        />
      </Field>
      <Button type="submit" className="min-h-11 w-full sm:w-auto" isLoading={isSubmitting}>
        {isSubmitting ? "Saving..." : "Change Password"}
      </Button>
    </form>
  );
}
