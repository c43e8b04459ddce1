import {
  englishText,
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_RESEND_AFTER_S,
  type AcceptedResponse,
  type AccountActionResponse,
  type PlainMessageKey,
  type VerificationSentResponse,
  type VerifyEmailResponse,
} from "@lab/contracts";

/** The answer of an account call that only says what happened (in English; clients show their own text) (and how many devices it signed out). */
export function presentAccountAction(said: PlainMessageKey, sessionsEnded?: number): AccountActionResponse {
  const message = englishText(said);
  return sessionsEnded === undefined ? { success: true, message } : { success: true, message, sessionsEnded };
}

/** The answer to a code request (verification, password reset): the same whoever asked. */
export const presentCodeSent = (said: PlainMessageKey): VerificationSentResponse => ({
  success: true,
  message: englishText(said),
  expiresIn: VERIFICATION_CODE_TTL_S,
  resendAfter: VERIFICATION_RESEND_AFTER_S,
});

/** The 202 of a request taken in (an enquiry, a newsletter subscription): the same whoever asked. */
export const presentAccepted = (said: PlainMessageKey): AcceptedResponse => ({
  success: true,
  message: englishText(said),
});

/** POST /auth/verify-email: verified now, or already. */
export const presentEmailVerified = (said: PlainMessageKey): VerifyEmailResponse => ({
  success: true,
  verified: true,
  message: englishText(said),
});
