import { FlaskConical } from "lucide-react";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { CredentialFields } from "@/components/ui/credential-fields";
import { KeepSignedIn } from "@/components/ui/keep-signed-in";
import { LanguagePicker } from "@/components/language-picker";
import { Logo } from "@/components/logo";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { formatSeconds, useCountdown } from "@/hooks/use-countdown";
import { isApiError } from "@/lib/api-client";
import { loginErrorMessage } from "@/utils/login-errors";
import type { Shown } from "@/lib/i18n/message-text";
import { useT } from "@/lib/i18n/use-t";
import { labSignOutReason } from "@/lib/lab-session";

import { labSignIn } from "../api/lab-login";
import { labForgotPassword, labResetPassword } from "../api/lab-password-reset";

// Loaded when asked for: most sign-ins never need it.
const ForgotPasswordFlow = lazy(() =>
  import("@/components/account/forgot-password-flow").then((module) => ({
    default: module.ForgotPasswordFlow,
  })),
);
const resetCalls = { requestCode: labForgotPassword, resetPassword: labResetPassword };

type Notice = { tone: "success" | "warning"; text: string | null };

/** /lab/login: staff sign-in, apart from the customers' (its own token). */
export function LabLoginForm() {
  const { t } = useT("lab");
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(() => {
    const reason = labSignOutReason();
    if (reason === "everywhere") return { tone: "success", text: "signedOutEverywhere" };
    return reason === "expired" || reason === "unauthorized" ? { tone: "warning", text: null } : null;
  });
  const [forgot, setForgot] = useState(false);
  // A 429's Retry-After: the account's next attempt must wait this long, whatever the password.
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const waitSeconds = useCountdown(retryAt);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<Shown | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const trimmed = email.trim();
    const found = {
      ...(trimmed ? {} : { email: t("lab.login.emailRequired") }),
      ...(password ? {} : { password: t("lab.login.passwordRequired") }),
    };
    setErrors(found);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      await labSignIn({ email: trimmed, password, remember });
      await navigate(paths.lab.href(), { replace: true });
    } catch (error) {
      setFormError(loginErrorMessage(error));
      const retryAfter = isApiError(error) && error.status === 429 ? error.retryAfter : undefined;
      setRetryAt(retryAfter ? Date.now() + retryAfter * 1000 : null);
      setBusy(false);
    }
  };

  const backToSignIn = (address: string, done?: string) => {
    setEmail(address);
    setPassword("");
    setErrors({});
    setFormError(null);
    setRetryAt(null);
    setNotice(done ? { tone: "success", text: done } : null);
    setForgot(false);
  };

  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-slate-100 px-4 py-10">
      <main id="main" className="w-full max-w-md space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Logo to={paths.home.href()} />
          {/* Signed out: the device's choice; signing in then applies the account's. */}
          <LanguagePicker />
        </div>
        <Card>
          <CardBody className="space-y-5">
            <div className="flex items-center gap-3">
              <span className="inline-flex rounded-lg bg-teal-100 p-2 text-teal-800">
                <FlaskConical aria-hidden="true" className="h-6 w-6" />
              </span>
              <div>
                <h1 className="text-xl font-bold text-slate-900">{t("lab.login.title")}</h1>
                <p className="text-sm text-slate-700">{t("lab.login.subtitle")}</p>
              </div>
            </div>
            {forgot ? (
              <Suspense fallback={<Spinner />}>
                <ForgotPasswordFlow
                  calls={resetCalls}
                  defaultEmail={email.trim()}
                  onReset={backToSignIn}
                  onBack={(address) => backToSignIn(address)}
                />
              </Suspense>
            ) : (
              <form
                onSubmit={(event) => void onSubmit(event)}
                noValidate
                aria-label={t("lab.login.formLabel")}
                className="space-y-4"
              >
                {notice ? (
                  <Alert tone={notice.tone} message={notice.text ?? t("lab.login.sessionEnded")} />
                ) : null}
                {formError ? <Alert tone="error" message={formError} /> : null}
                <CredentialFields
                  idPrefix="lab"
                  email={email}
                  password={password}
                  onEmailChange={(value) => {
                    setEmail(value);
                    // The wait belongs to the account that was refused, not to the next one typed.
                    setRetryAt(null);
                  }}
                  onPasswordChange={setPassword}
                  errors={errors}
                  emailAutoComplete="username"
                />
                <KeepSignedIn checked={remember} onChange={setRemember} />
                {waitSeconds > 0 ? (
                  <p role="status" className="text-sm text-slate-700">
                    {t("lab.login.retryIn", { time: formatSeconds(waitSeconds) })}
                  </p>
                ) : null}
                <Button
                  type="submit"
                  className="w-full"
                  size="lg"
                  isLoading={busy}
                  disabled={waitSeconds > 0}
                >
                  {t("lab.login.submit")}
                </Button>
                <Button
                  variant="ghost"
                  className="min-h-11 w-full"
                  onClick={() => {
                    setFormError(null);
                    setNotice(null);
                    setForgot(true);
                  }}
                >
                  {t("lab.login.forgot")}
                </Button>
              </form>
            )}
          </CardBody>
        </Card>
      </main>
    </div>
  );
}
