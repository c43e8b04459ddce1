import { VERIFICATION_CODE_TTL_S, VERIFICATION_RESEND_AFTER_S } from "@lab/contracts";

import { isApiError } from "@/lib/api-client";
import { getLanguage, loadNamespaces } from "@/lib/i18n/i18n";
import type { VerificationStart } from "@/lib/sign-in-handoff";

import { sendVerification } from "../api/send-verification";
import { codeStillValidNotice } from "./parse-verification-sent";

/** 403 email_not_verified: send a code (a 429 means the last one is still valid) and verify. */
export async function startVerification(email: string): Promise<VerificationStart> {
  try {
    const sent = await sendVerification(email);
    return { email, expiresIn: sent.expiresIn, resendAfter: sent.resendAfter };
  } catch (error) {
    if (isApiError(error) && error.status === 429) {
      // No mail went out: the code sent moments ago still works, and its timer keeps running. The
      // wait for another (Retry-After) tells how old that code is.
      // The notice is the verification screen's words, which the sign-in page has not loaded yet.
      await loadNamespaces(getLanguage(), ["credentials"]).catch(() => undefined);
      const resendAfter = Math.min(
        error.retryAfter ?? VERIFICATION_RESEND_AFTER_S,
        VERIFICATION_RESEND_AFTER_S,
      );
      return {
        email,
        expiresIn: VERIFICATION_CODE_TTL_S - (VERIFICATION_RESEND_AFTER_S - resendAfter),
        resendAfter,
        notice: codeStillValidNotice(resendAfter),
      };
    }
    return {
      email,
      expiresIn: VERIFICATION_CODE_TTL_S,
      resendAfter: 0,
      error: isApiError(error) && error.status !== 0 ? error.message : "sendFailed",
    };
  }
}
