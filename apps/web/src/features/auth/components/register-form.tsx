import { useState, type FormEvent } from "react";

import {
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_RESEND_AFTER_S,
  isPasswordValid,
  tooLong,
} from "@lab/contracts";

import { Button } from "@/components/ui/button";
import { ErrorBanner, serverFieldError, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, describedBy } from "@/components/ui/input";
import { PasswordStrength } from "@/components/account/password-strength";
import { PasswordTips } from "@/components/account/password-tips";
import { isApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n/use-t";
import type { VerificationStart } from "@/lib/sign-in-handoff";

import { useRegister } from "../api/register";
import { useEmailCheck } from "../hooks/use-email-check";
import { EmailCheckFeedback } from "./email-check-feedback";
import { PhoneRegisterForm } from "./phone-register-form";
import { registerErrorMessage } from "../utils/register-errors";
import type { Shown } from "@/lib/i18n/message-text";

interface RegisterErrors {
  fullName?: string;
  email?: string;
  password?: string;
  /** The server's `messageCode` of a field's error. */
  codes?: Partial<Record<"fullName" | "email" | "password", string>>;
}

const joinIds = (...ids: (string | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

/**
 * Create Account: with an e-mail address (verified by a mailed code before the first sign-in), or
 * with a mobile number instead (proved by an SMS code, signed in at once).
 */
export function RegisterForm({ onRegistered }: { onRegistered: (start: VerificationStart) => void }) {
  const { t } = useT("credentials");
  const [withPhone, setWithPhone] = useState(false);
  return (
    <div className="space-y-4">
      <Button variant="outline" className="min-h-11 w-full" onClick={() => setWithPhone(!withPhone)}>
        {withPhone ? t("credentials.phone.register.useEmail") : t("credentials.phone.register.useMobile")}
      </Button>
      {withPhone ? <PhoneRegisterForm /> : <EmailRegisterForm onRegistered={onRegistered} />}
    </div>
  );
}

function EmailRegisterForm({ onRegistered }: { onRegistered: (start: VerificationStart) => void }) {
  const { t } = useT("auth", "credentials");
  const registerAccount = useRegister();
  const emailCheck = useEmailCheck();
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [formError, setFormError] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const { ref: formRef, reveal } = useErrorReveal();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setBusy(true);
    try {
      // The e-mail must pass the check (smtp_check) before the account is created.
      const check = email.trim() ? await emailCheck.checkNow(email) : null;
      const found: RegisterErrors = {
        ...(fullName.trim() ? {} : { fullName: "nameRequired" }),
        ...(fullName.trim().length > NAME_MAX ? { fullName: tooLong("Name", NAME_MAX) } : {}),
        ...(email.trim() === ""
          ? { email: "emailRequired" }
          : check?.smtp_check === true
            ? {}
            : { email: "emailValidationFailed" }),
        ...(isPasswordValid(password) ? {} : { password: "passwordWeak" }),
      };
      setErrors(found);
      if (found.fullName || found.email || found.password) {
        reveal();
        return;
      }
      const customer = await registerAccount.mutateAsync({ fullName, email, password });
      onRegistered({
        email: customer.email ?? email.trim(),
        expiresIn: VERIFICATION_CODE_TTL_S,
        resendAfter: VERIFICATION_RESEND_AFTER_S,
      });
    } catch (error) {
      // "Email already registered" and other refusals of one field stand at that field.
      const named = serverFieldError(error);
      const field = named?.field;
      if (named && (field === "fullName" || field === "email" || field === "password")) {
        setErrors({ [field]: named.message, codes: { [field]: named.messageCode } });
      } else {
        const text = registerErrorMessage(error);
        setFormError(isApiError(error) && text === error.message ? error.shown : text);
      }
      reveal();
    } finally {
      setBusy(false);
    }
  };

  const acceptSuggestion = (suggestion: string) => {
    setEmail(suggestion);
    setErrors(({ email: _removed, ...rest }) => rest);
    void emailCheck.checkNow(suggestion);
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      // Any change makes the banner about the last attempt stale.
      onChange={() => setFormError(null)}
      noValidate
      aria-label={t("credentials.register.formLabel")}
      className="space-y-4"
    >
      <ErrorBanner message={formError} />
      <Field
        id="register-name"
        label={t("credentials.fields.fullName")}
        error={errors.fullName}
        errorCode={errors.codes?.fullName}
      >
        <Input
          id="register-name"
          name="fullName"
          autoComplete="name"
          maxLength={NAME_MAX}
          value={fullName}
          onChange={(event) => {
            setFullName(event.target.value);
            if (errors.fullName) setErrors(({ fullName: _removed, ...rest }) => rest);
          }}
          invalid={Boolean(errors.fullName)}
          aria-describedby={describedBy("register-name", errors.fullName)}
        />
      </Field>
      <Field
        id="register-email"
        label={t("auth.fields.email")}
        error={errors.email}
        errorCode={errors.codes?.email}
      >
        <Input
          id="register-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (errors.email) setErrors(({ email: _removed, ...rest }) => rest);
            emailCheck.schedule(event.target.value);
          }}
          onBlur={(event) => void emailCheck.checkNow(event.target.value)}
          invalid={Boolean(errors.email)}
          aria-describedby={joinIds(describedBy("register-email", errors.email), "register-email-check")}
        />
        <EmailCheckFeedback
          id="register-email-check"
          state={emailCheck.state}
          onAcceptSuggestion={acceptSuggestion}
          hideChecked={errors.email !== undefined}
        />
      </Field>
      <Field
        id="register-password"
        label={t("auth.fields.password")}
        error={errors.password}
        errorCode={errors.codes?.password}
      >
        <Input
          id="register-password"
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (errors.password && isPasswordValid(event.target.value)) {
              setErrors(({ password: _removed, ...rest }) => rest);
            }
          }}
          invalid={Boolean(errors.password)}
          aria-describedby={joinIds(
            describedBy("register-password", errors.password),
            "register-password-strength",
          )}
        />
      </Field>
      <PasswordStrength id="register-password-strength" password={password} />
      <PasswordTips />
      <Button type="submit" className="w-full" size="lg" isLoading={busy}>
        {t("auth.register.submit")}
      </Button>
    </form>
  );
}
