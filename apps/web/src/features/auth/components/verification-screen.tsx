import { ArrowLeft, MailCheck } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";

import { VERIFICATION_CODE_LENGTH, VERIFICATION_MAX_ATTEMPTS, messages } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { focusWhenShown } from "@/components/ui/focus-next";
import { useErrorReveal } from "@/components/ui/form-errors";
import { isApiError } from "@/lib/api-client";
import type { VerificationStart } from "@/lib/sign-in-handoff";

import { useResendVerification } from "../api/resend-verification";
import { useVerifyEmail } from "../api/verify-email";
import { useCountdown } from "../hooks/use-countdown";
import { CodeField, CodeStatus, DevMailboxHint, ResendCode } from "./code-entry";

interface VerificationScreenProps {
  start: VerificationStart;
  onVerified: (email: string) => void;
  onBack: () => void;
}

export function VerificationScreen({ start, onVerified, onBack }: VerificationScreenProps) {
  const { email } = start;
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const [code, setCode] = useState("");
  const [attempts, setAttempts] = useState(0);
  const [error, setError] = useState<string | null>(start.error ?? null);
  // An error about the code the person typed stands at the code field.
  const [codeError, setCodeError] = useState<string | null>(null);
  const { ref: formRef, reveal } = useErrorReveal();
  const [info, setInfo] = useState<string | null>(start.notice ?? null);
  const [deadlines, setDeadlines] = useState(() => {
    const now = Date.now();
    return { expiresAt: now + start.expiresIn * 1000, resendAt: now + start.resendAfter * 1000 };
  });
  const secondsLeft = useCountdown(deadlines.expiresAt);
  const resendIn = useCountdown(deadlines.resendAt);
  const expired = secondsLeft === 0;
  const attemptsExhausted = attempts >= VERIFICATION_MAX_ATTEMPTS;

  // The next thing to do after Create Account (or sign-in of an unverified account) is the code.
  useEffect(() => focusWhenShown("#verification-code"), []);

  const failCode = (message: string) => {
    setCodeError(message);
    reveal();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setInfo(null);
    setError(null);
    if (!code.trim()) {
      failCode(messages.emptyCode);
      return;
    }
    if (attemptsExhausted) {
      failCode(messages.maxAttemptsUi);
      return;
    }
    if (expired) {
      failCode(messages.codeExpiredUi);
      return;
    }
    setCodeError(null);
    try {
      await verify.mutateAsync({ email, code });
      // Verified: the sign-in form comes next, with the e-mail kept; the password is what is left.
      focusWhenShown('form input[type="password"]');
      onVerified(email);
    } catch (failure) {
      if (!isApiError(failure)) {
        failCode(messages.verifyFailedUi);
        return;
      }
      if (failure.status === 400) {
        const used = attempts + 1;
        setAttempts(used);
        failCode(used >= VERIFICATION_MAX_ATTEMPTS ? messages.maxAttemptsUi : messages.invalidCodeUi);
      } else if (failure.status === 404) {
        failCode(messages.codeExpiredUi);
      } else if (failure.status === 429) {
        if (failure.code === "too_many_attempts") setAttempts(VERIFICATION_MAX_ATTEMPTS);
        failCode(failure.message);
      } else {
        failCode(messages.verifyFailedUi);
      }
    }
  };

  const onResend = async () => {
    setError(null);
    setCodeError(null);
    setInfo(null);
    try {
      const sent = await resend.mutateAsync(email);
      const now = Date.now();
      setDeadlines({ expiresAt: now + sent.expiresIn * 1000, resendAt: now + sent.resendAfter * 1000 });
      setAttempts(0);
      setCode("");
      setInfo(sent.message || messages.codeSent);
    } catch (failure) {
      if (isApiError(failure) && failure.status === 429) {
        setError(failure.message || messages.sendTooSoon);
        // The current code stays; only the wait for another follows the server's count.
        const wait = failure.retryAfter;
        if (wait !== undefined)
          setDeadlines((current) => ({ ...current, resendAt: Date.now() + wait * 1000 }));
      } else if (isApiError(failure) && failure.status !== 0) setError(failure.message);
      else setError(messages.sendFailed);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3">
        <span className="rounded-full bg-teal-50 p-2 text-teal-700">
          <MailCheck aria-hidden="true" className="h-6 w-6" />
        </span>
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Verify Your Email</h2>
          <p className="text-sm text-slate-700">
            We sent a {VERIFICATION_CODE_LENGTH}-character verification code to{" "}
            <strong className="break-all text-slate-900">{email}</strong>.
          </p>
        </div>
      </div>

      {info ? <Alert tone="success">{info}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {expired && error !== messages.codeExpiredUi && codeError !== messages.codeExpiredUi ? (
        <Alert tone="warning">{messages.codeExpiredUi}</Alert>
      ) : null}

      <form
        ref={formRef}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Verify email"
        className="space-y-4"
      >
        <CodeField
          id="verification-code"
          label="Verification Code"
          value={code}
          error={codeError ?? undefined}
          onChange={(next) => {
            setCode(next);
            setCodeError(null);
          }}
        />
        <CodeStatus secondsLeft={secondsLeft} attempts={attempts} />

        <Button
          type="submit"
          className="w-full"
          size="lg"
          isLoading={verify.isPending}
          disabled={expired || attemptsExhausted}
        >
          Verify Email
        </Button>
      </form>

      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm sm:flex-row sm:items-center sm:justify-between">
        <ResendCode resendIn={resendIn} isPending={resend.isPending} onResend={() => void onResend()} />
        <Button
          variant="ghost"
          className="min-h-11"
          onClick={onBack}
          icon={<ArrowLeft aria-hidden="true" className="h-4 w-4" />}
        >
          Back to Sign In
        </Button>
      </div>

      <DevMailboxHint />
    </div>
  );
}
