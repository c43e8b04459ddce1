import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";

import { buttonClasses } from "@/components/ui/button";

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
const PhoneSignIn = lazy(() => import("./phone-sign-in").then((module) => ({ default: module.PhoneSignIn })));
const VerificationScreen = lazy(() =>
  import("./verification-screen").then((module) => ({ default: module.VerificationScreen })),
);

type Mode =
  | {
      name: "signin";
      email: string;
      notice: string | null;
      phone?: string;
      /** The way to sign in the card turned to, until the address says the same. */
      method?: "code" | "password";
    }
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

// `?with=code`: the Sign In card asks for a mobile number and its SMS code instead of the password. In
// the address, so the phone's Back button returns to the password.
const WITH_PARAM = "with";

/** This page's query with the sign-in method set (code) or removed (password); other parameters kept. */
function searchWith(search: string, code: boolean): string {
  const params = new URLSearchParams(search);
  if (code) params.set(WITH_PARAM, "code");
  else params.delete(WITH_PARAM);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The landing page's combined sign-in / create-account card, and the e-mail verification screen. */
export function AuthCard() {
  const { t } = useT("auth");
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>(initialMode);
  useEffect(() => clearSignInHandoff(), []);
  const withCode = new URLSearchParams(location.search).get(WITH_PARAM) === "code";
  // The address catches up a moment after the card turns: until it changes, the card keeps to its
  // choice; once it changes (that navigation, or the person's Back or link), the address decides.
  const [seenWithCode, setSeenWithCode] = useState(withCode);
  if (seenWithCode !== withCode) {
    setSeenWithCode(withCode);
    if (mode.name === "signin" && mode.method !== undefined) {
      const { method: _settled, ...rest } = mode;
      setMode(rest);
    }
  }
  const codeShown = mode.name === "signin" && (mode.method ? mode.method === "code" : withCode);

  const toSignIn = (code: boolean, next: Extract<Mode, { name: "signin" }>) => {
    if (code === withCode) {
      setMode(next);
      return;
    }
    void navigate({ search: searchWith(location.search, code) }, { replace: true });
    setMode({ ...next, method: code ? "code" : "password" });
  };
  // An address to sign in with is for the password; a number, for a code.
  const signIn = (email: string, notice: string | null = null) =>
    toSignIn(email ? false : withCode, { name: "signin", email, notice });
  const signInWithCode = (phone: string, notice: string | null) =>
    toSignIn(true, { name: "signin", email: "", notice, phone });

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
              onResetByPhone={(phone, notice) => signInWithCode(phone, notice)}
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
            {mode.name === "signin" && codeShown ? (
              <Suspense fallback={<LoadingState label={t("common.loading")} />}>
                <PhoneSignIn key={mode.phone ?? ""} defaultPhone={mode.phone} notice={mode.notice} />
              </Suspense>
            ) : mode.name === "signin" ? (
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
            {mode.name === "signin" ? (
              // A link, not a button: the phone's Back button undoes it.
              <Link
                to={{ search: searchWith(location.search, !codeShown) }}
                className={buttonClasses("outline", "md", "min-h-11 w-full text-center")}
              >
                {codeShown ? t("auth.signIn.withPassword") : t("auth.signIn.withCode")}
              </Link>
            ) : null}
            <p className="text-center text-sm text-slate-700">
              {mode.name === "signin" ? t("auth.signIn.noAccount") : t("auth.signIn.haveAccount")}{" "}
              <button
                type="button"
                onClick={() => (mode.name === "signin" ? setMode({ name: "register" }) : signIn(""))}
                className="min-h-11 min-w-11 font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
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
