import {
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_RESEND_AFTER_S,
  type VerificationSentResponse,
} from "@lab/contracts";

import { translate } from "@/lib/i18n/i18n";

/** Reads a send/resend answer `{success, message, expiresIn, resendAfter}`, with the spec's defaults. */
export function parseVerificationSent(
  raw: unknown,
  fallbackMessage: string = "codeSent",
): VerificationSentResponse {
  const record = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const seconds = (value: unknown, fallback: number) =>
    typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback;
  return {
    success: true,
    message: typeof record.message === "string" && record.message ? record.message : fallbackMessage,
    expiresIn: seconds(record.expiresIn, VERIFICATION_CODE_TTL_S),
    resendAfter: seconds(record.resendAfter, VERIFICATION_RESEND_AFTER_S),
  };
}

/**
 * What happened when the server refused to send another code (429): none went out, the one sent
 * moments ago still works, and when another may be asked for. In the reader's language: the caller
 * loads the "credentials" namespace first.
 */
export function codeStillValidNotice(resendAfterSeconds: number): string {
  const wait = Math.max(1, Math.ceil(resendAfterSeconds));
  return translate("credentials.code.stillValid", { seconds: wait });
}
