import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CredentialFields } from "@/components/ui/credential-fields";
import { KeepSignedIn } from "@/components/ui/keep-signed-in";
import { isApiError } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";
import { loginErrorMessage } from "@/utils/login-errors";
import type { VerificationStart } from "@/lib/sign-in-handoff";

import { useLogin } from "../api/login";
import { afterSignInHref } from "../utils/return-to";

interface SignInFormProps {
  defaultEmail?: string;
  /** A spec message (English), shown in the reader's language. */
  notice?: string | null;
  onNeedsVerification: (start: VerificationStart) => void;
  /** 'Forgot password?', with the address typed so far. */
  onForgotPassword: (email: string) => void;
}

export function SignInForm({
  defaultEmail = "",
  notice,
  onNeedsVerification,
  onForgotPassword,
}: SignInFormProps) {
  const { t } = useT("auth");
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const trimmed = email.trim();
    const found = {
      ...(trimmed ? {} : { email: t("auth.signIn.emailRequired") }),
      ...(password ? {} : { password: t("auth.signIn.passwordRequired") }),
    };
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      await login.mutateAsync({ email: trimmed, password, remember });
      // Back to the page a session that ended was on (an app path only), else the dashboard.
      await navigate(afterSignInHref(location.search), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.status === 403 && error.code === "email_not_verified") {
        // Its own chunk: only an unverified account needs it (the /login budget, docs/architecture.md).
        const { startVerification } = await import("../utils/start-verification");
        onNeedsVerification(await startVerification(trimmed));
        return;
      }
      setFormError(loginErrorMessage(error));
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t("auth.signIn.formLabel")}
      className="space-y-4"
    >
      {notice ? <Alert tone="success" message={notice} /> : null}
      {formError ? <Alert tone="error" message={formError} /> : null}
      <CredentialFields
        idPrefix="signin"
        email={email}
        password={password}
        onEmailChange={setEmail}
        onPasswordChange={setPassword}
        errors={errors}
      />
      <div className="-mt-2 flex flex-wrap items-center justify-between gap-x-4">
        <KeepSignedIn checked={remember} onChange={setRemember} />
        <button
          type="button"
          onClick={() => onForgotPassword(email.trim())}
          className="ml-auto min-h-11 px-1 text-left text-sm font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          {t("auth.signIn.forgotPassword")}
        </button>
      </div>
      <Button type="submit" className="w-full" size="lg" isLoading={busy}>
        {t("auth.signIn.submit")}
      </Button>
    </form>
  );
}
