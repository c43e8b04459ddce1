import { useCallback, useState } from "react";

import { PHONE_CODE_RESEND_SECONDS, PHONE_CODE_TTL_SECONDS } from "@lab/contracts";

import { codeDeadlines, type CodeDeadlines } from "@/components/account/code-entry";
import { useCountdown } from "@/hooks/use-countdown";
import { isApiError } from "@/lib/api-client";
import { useAction } from "@/lib/use-action";
import { phoneSendFailure, type PhoneFailure } from "@/utils/phone-errors";
import type { PhoneCodeSent } from "@/utils/phone-code-sent";

/**
 * A line above the code: a new code went out ("resent"), or none did because the one sent under a
 * minute ago still works ("stillValid", with the seconds until another may be asked for).
 */
export type PhoneCodeNotice = { kind: "resent" } | { kind: "stillValid"; seconds: number };

/** What asking for a code came to: on to the code step, or a failure to show where it belongs. */
export type PhoneSendOutcome = { sent: true } | { sent: false; failure: PhoneFailure };

/**
 * The life of one SMS code on a screen: the number it went to, when it stops working, when another
 * may be asked for, and the notice about the last request. The server answers the same for every
 * valid number, so nothing here tells whether the number has an account.
 */
export function usePhoneCode(send: (phone: string) => Promise<PhoneCodeSent>) {
  const action = useAction(send);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [deadlines, setDeadlines] = useState<CodeDeadlines | null>(null);
  const [notice, setNotice] = useState<PhoneCodeNotice | null>(null);
  const secondsLeft = useCountdown(deadlines?.expiresAt ?? null);
  const resendIn = useCountdown(deadlines?.resendAt ?? null);

  const request = useCallback(
    async (phone: string, again: boolean): Promise<PhoneSendOutcome> => {
      const number = phone.trim();
      setNotice(null);
      try {
        const answer = await action.mutateAsync(number);
        setSentTo(number);
        setDeadlines(codeDeadlines(answer.expiresInSeconds, answer.resendAfterSeconds));
        // A new code replaces the one before it: the newest SMS is the one to type.
        setNotice(again ? { kind: "resent" } : null);
        return { sent: true };
      } catch (error) {
        if (isApiError(error) && error.status === 429 && error.code === "resend_too_soon") {
          // No new code went out: the one sent under a minute ago still works, so go on and use it.
          const wait = Math.max(1, Math.ceil(error.retryAfter ?? PHONE_CODE_RESEND_SECONDS));
          setSentTo(number);
          setDeadlines((current) => ({
            // The earlier code's own deadline when this screen sent it, else at most the full lifetime.
            expiresAt: current?.expiresAt ?? Date.now() + PHONE_CODE_TTL_SECONDS * 1000,
            resendAt: Date.now() + wait * 1000,
          }));
          setNotice({ kind: "stillValid", seconds: wait });
          return { sent: true };
        }
        return { sent: false, failure: phoneSendFailure(error) };
      }
    },
    [action],
  );

  /** Back to the number (to correct it): the code on its way is forgotten here. */
  const reset = useCallback(() => {
    setSentTo(null);
    setDeadlines(null);
    setNotice(null);
  }, []);

  return {
    /** The number the current code went to; null while the number is being entered. */
    sentTo,
    secondsLeft,
    resendIn,
    expired: deadlines !== null && secondsLeft === 0,
    notice,
    isSending: action.isPending,
    /** Asks for the first code for `phone`. */
    send: (phone: string) => request(phone, false),
    /** Asks for another code for the number the last one went to. */
    resend: () => request(sentTo ?? "", true),
    reset,
  };
}
