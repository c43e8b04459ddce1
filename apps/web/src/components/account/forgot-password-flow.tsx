import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";

import {
  EMAIL_MAX,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_AFTER_S,
  isPasswordValid,
  type ForgotPasswordResponse,
  type ResetPasswordRequest,
} from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorBanner, useErrorReveal } from "@/components/ui/form-errors";
import { Field, Input, describedBy } from "@/components/ui/input";
import { Slotted } from "@/components/ui/slotted";
import { useCountdown } from "@/hooks/use-countdown";
import { isApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n/use-t";
import { useAction } from "@/lib/use-action";

import {
  BackToSignIn,
  CodeField,
  CodeScreenFooter,
  CodeScreenHeading,
  CodeStatus,
  DevMailboxHint,
  codeDeadlines,
  type CodeDeadlines,
} from "./code-entry";
import { NewPasswordField } from "./new-password-field";

/** A text on screen: a spec message in English (localized at display) with the server's code. */
type Shown = { text: string; code?: string | undefined };

const shownOf = (error: unknown, fallback: string): Shown =>
  isApiError(error) && error.message ? { text: error.message, code: error.messageCode } : { text: fallback };

// A light check only: the server answers the same for any address, so nothing here can leak.
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** The two calls of a password reset by mailed code: customers' (/auth) or the lab staff's (/lab). */
export interface PasswordResetCalls {
  /** 202 with the same answer for any address; 429 within 60 s of the last code for it. */
  requestCode: (email: string) => Promise<ForgotPasswordResponse>;
  resetPassword: (input: ResetPasswordRequest) => Promise<unknown>;
}

interface ForgotPasswordProps {
  calls: PasswordResetCalls;
  defaultEmail: string;
  /** The password was reset: back to sign-in with this address and the notice (a spec message). */
  onReset: (email: string, notice: string) => void;
  onBack: (email: string) => void;
  /** Another way to reset, offered below the address (a customer's mobile number). */
  alternative?: ReactNode;
}

/** 'Forgot password?': the address, then the mailed code with a new password. */
export function ForgotPasswordFlow({
  calls,
  defaultEmail,
  onReset,
  onBack,
  alternative,
}: ForgotPasswordProps) {
  const [sent, setSent] = useState<{ email: string; deadlines: CodeDeadlines; notice: Notice } | null>(null);
  if (!sent) {
    return (
      <RequestCode
        requestCode={calls.requestCode}
        defaultEmail={defaultEmail}
        onSent={(email, deadlines, notice) => setSent({ email, deadlines, notice })}
        onBack={onBack}
        alternative={alternative}
      />
    );
  }
  return (
    <ResetWithCode
      calls={calls}
      email={sent.email}
      initialDeadlines={sent.deadlines}
      initialNotice={sent.notice}
      onReset={onReset}
      onBack={onBack}
    />
  );
}

type Notice = { tone: "success" | "warning"; text: string; code?: string | undefined };

function Heading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CodeScreenHeading icon={<KeyRound aria-hidden="true" className="h-6 w-6" />} title={title}>
      {children}
    </CodeScreenHeading>
  );
}

function RequestCode({
  requestCode,
  defaultEmail,
  onSent,
  onBack,
  alternative,
}: {
  requestCode: PasswordResetCalls["requestCode"];
  defaultEmail: string;
  onSent: (email: string, deadlines: CodeDeadlines, notice: Notice) => void;
  onBack: (email: string) => void;
  alternative: ReactNode;
}) {
  const { t } = useT("auth", "credentials");
  const forgot = useAction(requestCode);
  const [email, setEmail] = useState(defaultEmail);
  const [emailError, setEmailError] = useState<Shown | undefined>();
  const [formError, setFormError] = useState<Shown | null>(null);
  const { ref: screenRef, reveal } = useErrorReveal<HTMLDivElement>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const trimmed = email.trim();
    const found: Shown | undefined = !trimmed
      ? { text: t("auth.signIn.emailRequired") }
      : looksLikeEmail(trimmed)
        ? undefined
        : { text: "invalidEmailFormat" };
    setEmailError(found);
    if (found) {
      reveal();
      return;
    }
    try {
      const answer = await forgot.mutateAsync(trimmed);
      onSent(trimmed, codeDeadlines(answer.expiresIn, answer.resendAfter), {
        tone: "success",
        text: answer.message,
      });
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        // A code went to this address under a minute ago and is still good: go on and use it.
        const wait = error.retryAfter ?? VERIFICATION_RESEND_AFTER_S;
        onSent(trimmed, codeDeadlines(VERIFICATION_CODE_TTL_S, wait), {
          tone: "warning",
          text: t("credentials.code.stillValid", { seconds: Math.max(1, Math.ceil(wait)) }),
        });
      } else if (isApiError(error) && error.status === 400) {
        setEmailError(shownOf(error, "invalidEmailAddress"));
        reveal();
      } else {
        setFormError(shownOf(error, "sendFailed"));
        reveal();
      }
    }
  };

  return (
    <div ref={screenRef} className="space-y-4">
      <Heading title={t("credentials.forgot.title")}>
        {t("credentials.forgot.intro", { length: VERIFICATION_CODE_LENGTH })}
      </Heading>
      <ErrorBanner message={formError?.text ?? null} messageCode={formError?.code} />
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label={t("credentials.forgot.formLabel")}
        className="space-y-4"
      >
        <Field
          id="forgot-email"
          label={t("auth.fields.email")}
          error={emailError?.text}
          errorCode={emailError?.code}
        >
          <Input
            id="forgot-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            className="min-h-11"
            maxLength={EMAIL_MAX}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFormError(null);
              if (emailError) setEmailError(undefined);
            }}
            invalid={Boolean(emailError)}
            aria-describedby={describedBy("forgot-email", emailError?.text)}
          />
        </Field>
        <Button type="submit" className="w-full" size="lg" isLoading={forgot.isPending}>
          {t("credentials.forgot.submit")}
        </Button>
      </form>
      {alternative}
      <div className="border-t border-slate-200 pt-4">
        <BackToSignIn onClick={() => onBack(email.trim())} />
      </div>
    </div>
  );
}

interface ResetErrors {
  code?: string;
  password?: string;
  /** The server's `messageCode` of the code's error. */
  codeCode?: string | undefined;
}

function ResetWithCode({
  calls,
  email,
  initialDeadlines,
  initialNotice,
  onReset,
  onBack,
}: {
  calls: PasswordResetCalls;
  email: string;
  initialDeadlines: CodeDeadlines;
  initialNotice: Notice;
  onReset: (email: string, notice: string) => void;
  onBack: (email: string) => void;
}) {
  const { t } = useT("auth", "credentials");
  const reset = useAction(calls.resetPassword);
  const resend = useAction(calls.requestCode);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [attempts, setAttempts] = useState(0);
  const [errors, setErrors] = useState<ResetErrors>({});
  const [formError, setFormError] = useState<Shown | null>(null);
  const { ref: screenRef, reveal } = useErrorReveal<HTMLDivElement>();
  const [notice, setNotice] = useState<Notice | null>(initialNotice);
  const [deadlines, setDeadlines] = useState(initialDeadlines);
  const secondsLeft = useCountdown(deadlines.expiresAt);
  const resendIn = useCountdown(deadlines.resendAt);
  const expired = secondsLeft === 0;
  const attemptsExhausted = attempts >= VERIFICATION_MAX_ATTEMPTS;
  const codeRef = useRef<HTMLDivElement>(null);

  // The step changed under the user's finger: put them in the code field (the phone's keyboard opens).
  useEffect(() => {
    codeRef.current?.querySelector("input")?.focus();
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found: ResetErrors = {
      ...(!code.trim()
        ? { code: "emptyCode" }
        : attemptsExhausted
          ? { code: "maxAttemptsUi" }
          : expired
            ? { code: "codeExpiredUi" }
            : {}),
      ...(isPasswordValid(password) ? {} : { password: "passwordWeak" }),
    };
    setErrors(found);
    if (found.code || found.password) {
      reveal();
      return;
    }
    try {
      await reset.mutateAsync({ email, code, password });
      onReset(email, "passwordResetOk");
    } catch (error) {
      reveal();
      if (!isApiError(error)) {
        setFormError({ text: "serverError" });
      } else if (error.code === "code_invalid") {
        const used = attempts + 1;
        setAttempts(used);
        setErrors({
          code: used >= VERIFICATION_MAX_ATTEMPTS ? "maxAttemptsUi" : "invalidCodeUi",
        });
      } else if (
        error.status === 400 &&
        (error.code === "weak_password" || error.messageCode === "password_weak")
      ) {
        setErrors({ password: "passwordWeak" });
      } else if (error.status === 404) {
        setErrors({ code: "codeExpiredUi" });
      } else if (error.status === 429 && error.code === "too_many_attempts") {
        setAttempts(VERIFICATION_MAX_ATTEMPTS);
        const shown = shownOf(error, "tooManyAttempts");
        setErrors({ code: shown.text, codeCode: shown.code });
      } else {
        setFormError(shownOf(error, "serverError"));
      }
    }
  };

  const onResend = async () => {
    setFormError(null);
    setNotice(null);
    try {
      const answer = await resend.mutateAsync(email);
      setDeadlines(codeDeadlines(answer.expiresIn, answer.resendAfter));
      setAttempts(0);
      setCode("");
      setErrors({});
      // A new code replaces the one before it: the reader must type the newest, not the first mail's.
      setNotice({ tone: "success", text: t("credentials.reset.newCodeSent") });
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        // Refused: no new code went out, so the one already mailed is the one to type.
        const wait = error.retryAfter ?? VERIFICATION_RESEND_AFTER_S;
        setDeadlines((current) => ({ ...current, resendAt: Date.now() + wait * 1000 }));
        setNotice({
          tone: "warning",
          text: t("credentials.code.stillValid", { seconds: Math.max(1, Math.ceil(wait)) }),
        });
      } else if (isApiError(error) && error.status !== 0) setFormError(shownOf(error, "sendFailed"));
      else setFormError({ text: "sendFailed" });
      reveal();
    }
  };

  return (
    <div ref={screenRef} className="space-y-4">
      <Heading title={t("credentials.reset.title")}>
        <Slotted text={(slot) => t("credentials.reset.intro", { email: slot })}>
          <strong className="break-all text-slate-900">{email}</strong>
        </Slotted>
      </Heading>
      {notice ? <Alert tone={notice.tone} message={notice.text} messageCode={notice.code} /> : null}
      <ErrorBanner message={formError?.text ?? null} messageCode={formError?.code} />
      {expired && errors.code !== "codeExpiredUi" ? (
        <Alert tone="warning" message={{ key: "codeExpiredUi" }} />
      ) : null}
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label={t("credentials.reset.formLabel")}
        className="space-y-4"
      >
        <div ref={codeRef}>
          <CodeField
            id="reset-code"
            label={t("credentials.reset.codeLabel")}
            value={code}
            error={errors.code}
            errorCode={errors.codeCode}
            onChange={(value) => {
              setCode(value);
              setFormError(null);
              if (errors.code && !attemptsExhausted) setErrors(({ code: _removed, ...rest }) => rest);
            }}
          />
        </div>
        <CodeStatus secondsLeft={secondsLeft} attempts={attempts} />
        <NewPasswordField
          id="reset-password"
          label={t("credentials.password.new")}
          password={password}
          error={errors.password}
          inputProps={{
            name: "password",
            value: password,
            onChange: (event) => {
              setPassword(event.target.value);
              setFormError(null);
              if (errors.password && isPasswordValid(event.target.value)) {
                setErrors(({ password: _removed, ...rest }) => rest);
              }
            },
          }}
        />
        <Button
          type="submit"
          className="w-full"
          size="lg"
          isLoading={reset.isPending}
          disabled={expired || attemptsExhausted}
        >
          {t("credentials.reset.submit")}
        </Button>
      </form>
      <CodeScreenFooter
        resendIn={resendIn}
        isPending={resend.isPending}
        onResend={() => void onResend()}
        onBack={() => onBack(email)}
      />
      <DevMailboxHint />
    </div>
  );
}
