import { MailCheck } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";

import { VERIFICATION_CODE_LENGTH, VERIFICATION_MAX_ATTEMPTS } from "@lab/contracts";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { focusWhenShown } from "@/components/ui/focus-next";
import { useErrorReveal } from "@/components/ui/form-errors";
import { isApiError } from "@/lib/api-client";
import { useT } from "@/lib/i18n/use-t";
import type { VerificationStart } from "@/lib/sign-in-handoff";
import {
  CodeField,
  CodeScreenFooter,
  CodeScreenHeading,
  CodeStatus,
  DevMailboxHint,
  codeDeadlines,
} from "@/components/account/code-entry";
import { Slotted } from "@/components/ui/slotted";
import { useCountdown } from "@/hooks/use-countdown";

import { useResendVerification } from "../api/resend-verification";
import { useVerifyEmail } from "../api/verify-email";

/** A text on screen: a spec message in English (localized at display) with the server's code. */
type Shown = { text: string; code?: string | undefined };

interface VerificationScreenProps {
  start: VerificationStart;
  /** Verified: back to sign-in with the address and the success notice (a spec message). */
  onVerified: (email: string, notice: string) => void;
  onBack: () => void;
}

export function VerificationScreen({ start, onVerified, onBack }: VerificationScreenProps) {
  const { t } = useT("credentials");
  const { email } = start;
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const [code, setCode] = useState("");
  const [attempts, setAttempts] = useState(0);
  const [error, setError] = useState<Shown | null>(start.error ? { text: start.error } : null);
  // An error about the code the person typed stands at the code field.
  const [codeError, setCodeError] = useState<Shown | null>(null);
  const { ref: formRef, reveal } = useErrorReveal();
  const [info, setInfo] = useState<string | null>(start.notice ?? null);
  const [deadlines, setDeadlines] = useState(() => codeDeadlines(start.expiresIn, start.resendAfter));
  const secondsLeft = useCountdown(deadlines.expiresAt);
  const resendIn = useCountdown(deadlines.resendAt);
  const expired = secondsLeft === 0;
  const attemptsExhausted = attempts >= VERIFICATION_MAX_ATTEMPTS;

  // The next thing to do after Create Account (or sign-in of an unverified account) is the code.
  useEffect(() => focusWhenShown("#verification-code"), []);

  const failCode = (message: string, code?: string) => {
    setCodeError({ text: message, code });
    reveal();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setInfo(null);
    setError(null);
    if (!code.trim()) {
      failCode("emptyCode");
      return;
    }
    if (attemptsExhausted) {
      failCode("maxAttemptsUi");
      return;
    }
    if (expired) {
      failCode("codeExpiredUi");
      return;
    }
    setCodeError(null);
    try {
      await verify.mutateAsync({ email, code });
      // Verified: the sign-in form comes next, with the e-mail kept; the password is what is left.
      focusWhenShown('form input[type="password"]');
      onVerified(email, "verifiedOk");
    } catch (failure) {
      if (!isApiError(failure)) {
        failCode("verifyFailedUi");
        return;
      }
      if (failure.status === 400) {
        const used = attempts + 1;
        setAttempts(used);
        failCode(used >= VERIFICATION_MAX_ATTEMPTS ? "maxAttemptsUi" : "invalidCodeUi");
      } else if (failure.status === 404) {
        failCode("codeExpiredUi");
      } else if (failure.status === 429) {
        if (failure.code === "too_many_attempts") setAttempts(VERIFICATION_MAX_ATTEMPTS);
        failCode(failure.message, failure.messageCode);
      } else {
        failCode("verifyFailedUi");
      }
    }
  };

  const onResend = async () => {
    setError(null);
    setCodeError(null);
    setInfo(null);
    try {
      const sent = await resend.mutateAsync(email);
      setDeadlines(codeDeadlines(sent.expiresIn, sent.resendAfter));
      setAttempts(0);
      setCode("");
      setInfo("codeSent");
    } catch (failure) {
      if (isApiError(failure) && failure.status === 429) {
        setError(
          failure.message ? { text: failure.message, code: failure.messageCode } : { text: "sendTooSoon" },
        );
        // The current code stays; only the wait for another follows the server's count.
        const wait = failure.retryAfter;
        if (wait !== undefined)
          setDeadlines((current) => ({ ...current, resendAt: Date.now() + wait * 1000 }));
      } else if (isApiError(failure) && failure.status !== 0)
        setError({ text: failure.message, code: failure.messageCode });
      else setError({ text: "sendFailed" });
    }
  };

  return (
    <div className="space-y-4">
      <CodeScreenHeading
        icon={<MailCheck aria-hidden="true" className="h-6 w-6" />}
        title={t("credentials.verify.title")}
      >
        <Slotted
          text={(slot) => t("credentials.verify.sentTo", { length: VERIFICATION_CODE_LENGTH, email: slot })}
        >
          <strong className="break-all text-slate-900">{email}</strong>
        </Slotted>
      </CodeScreenHeading>

      {info ? <Alert tone="success" message={info} /> : null}
      {error ? <Alert tone="error" message={error.text} messageCode={error.code} /> : null}
      {expired && error?.text !== "codeExpiredUi" && codeError?.text !== "codeExpiredUi" ? (
        <Alert tone="warning" message={{ key: "codeExpiredUi" }} />
      ) : null}

      <form
        ref={formRef}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label={t("credentials.verify.formLabel")}
        className="space-y-4"
      >
        <CodeField
          id="verification-code"
          label={t("credentials.verify.codeLabel")}
          value={code}
          error={codeError?.text}
          errorCode={codeError?.code}
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
          {t("credentials.verify.submit")}
        </Button>
      </form>

      <CodeScreenFooter
        resendIn={resendIn}
        isPending={resend.isPending}
        onResend={() => void onResend()}
        onBack={onBack}
      />

      <DevMailboxHint />
    </div>
  );
}
