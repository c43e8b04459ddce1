import { useT } from "@/lib/i18n/use-t";

import { Field, Input, describedBy } from "./input";

interface CredentialFieldsProps {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  email: string;
  password: string;
  onEmailChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  /** Spec messages in English (localized at display) or texts already in the reader's language. */
  errors: { email?: string | undefined; password?: string | undefined };
  emailAutoComplete?: "email" | "username";
}

/** The e-mail and password inputs of a sign-in form (customers and lab staff). */
export function CredentialFields({
  idPrefix,
  email,
  password,
  onEmailChange,
  onPasswordChange,
  errors,
  emailAutoComplete = "email",
}: CredentialFieldsProps) {
  const { t } = useT("auth");
  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;
  return (
    <>
      <Field id={emailId} label={t("auth.fields.email")} error={errors.email}>
        <Input
          id={emailId}
          name="email"
          type="email"
          autoComplete={emailAutoComplete}
          inputMode="email"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          invalid={Boolean(errors.email)}
          aria-describedby={describedBy(emailId, errors.email)}
        />
      </Field>
      <Field id={passwordId} label={t("auth.fields.password")} error={errors.password}>
        <Input
          id={passwordId}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
          invalid={Boolean(errors.password)}
          aria-describedby={describedBy(passwordId, errors.password)}
        />
      </Field>
    </>
  );
}
