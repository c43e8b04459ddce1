import { lazy, Suspense, useEffect, useState } from "react";

import { Card, CardBody } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/spinner";
import { keptSignInEmail } from "@/lib/auth";
import { useT } from "@/lib/i18n/use-t";
import { clearSignInHandoff, peekSignInHandoff } from "@/lib/sign-in-handoff";
import type { VerificationStart } from "@/lib/sign-in-handoff";

import { SignInForm } from "./sign-in-form";

// Not on the first paint of /login (its budget, docs/architecture.md): each is its own chunk, fetched
// when the card turns to it.
const ForgotPassword = lazy(() => import("./forgot-password"));
const RegisterForm = lazy(() =>
  import("./register-form").then((module) => ({ default: module.RegisterForm })),
);
const VerificationScreen = lazy(() =>
  import("./verification-screen").then((module) => ({ default: module.VerificationScreen })),
);

type Mode =
  | { name: "signin"; email: string; notice: string | null }
  | { name: "register" }
  | { name: "verify"; start: VerificationStart }
  | { name: "forgot"; email: string };

/** Where the card starts: what the signed-in app handed over when it ended the session, else sign-in. */
function initialMode(): Mode {
  const handoff = peekSignInHandoff();
  if (handoff?.kind === "verify") return { name: "verify", start: handoff.start };
  if (handoff?.kind === "signin") return { name: "signin", email: handoff.email, notice: handoff.notice };
  // A session that ended by itself (expiry, ended on another device) keeps its address.
  return { name: "signin", email: keptSignInEmail(), notice: null };
}

/** The landing page's combined sign-in / create-account card, and the e-mail verification screen. */
export function AuthCard() {
  const { t } = useT("auth");
  const [mode, setMode] = useState<Mode>(initialMode);
  useEffect(() => clearSignInHandoff(), []);

  const signIn = (email: string, notice: string | null = null) => setMode({ name: "signin", email, notice });

  return (
    <Card className="w-full max-w-md shadow-lg">
      <CardBody>
        {mode.name === "verify" ? (
          <Suspense fallback={<LoadingState label={t("common.loading")} />}>
            <VerificationScreen
              key={`${mode.start.email}`}
              start={mode.start}
              onVerified={(email, notice) => signIn(email, notice)}
              onBack={() => signIn(mode.start.email)}
            />
          </Suspense>
        ) : mode.name === "forgot" ? (
          <Suspense fallback={<LoadingState label={t("common.loading")} />}>
            <ForgotPassword
              defaultEmail={mode.email}
              onReset={(email, notice) => signIn(email, notice)}
              onBack={(email) => signIn(email)}
            />
          </Suspense>
        ) : (
          <div className="space-y-5">
            <div>
              <h2 className="text-xl font-semibold break-words text-slate-900">
                {mode.name === "signin" ? t("auth.signIn.title") : t("auth.register.title")}
              </h2>
              <p className="text-sm break-words text-slate-700">
                {mode.name === "signin" ? t("auth.signIn.subtitle") : t("auth.register.subtitle")}
              </p>
            </div>
            {mode.name === "signin" ? (
              <SignInForm
                key={mode.email}
                defaultEmail={mode.email}
                notice={mode.notice}
                onNeedsVerification={(start) => setMode({ name: "verify", start })}
                onForgotPassword={(email) => setMode({ name: "forgot", email })}
              />
            ) : (
              <Suspense fallback={<LoadingState label={t("common.loading")} />}>
                <RegisterForm onRegistered={(start) => setMode({ name: "verify", start })} />
              </Suspense>
            )}
            <p className="text-center text-sm text-slate-700">
              {mode.name === "signin" ? t("auth.signIn.noAccount") : t("auth.signIn.haveAccount")}{" "}
              <button
                type="button"
                onClick={() => (mode.name === "signin" ? setMode({ name: "register" }) : signIn(""))}
                className="min-h-11 font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
              >
                {mode.name === "signin" ? t("auth.register.submit") : t("auth.signIn.submit")}
              </button>
            </p>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
