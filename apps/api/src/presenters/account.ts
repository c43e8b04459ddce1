import {
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_RESEND_AFTER_S,
  type AcceptedResponse,
  type AccountActionResponse,
  type VerificationSentResponse,
  type VerifyEmailResponse,
} from "@lab/contracts";

/** The answer of an account call that only says what happened (and how many devices it signed out). */
export const presentAccountAction = (message: string, sessionsEnded?: number): AccountActionResponse =>
  sessionsEnded === undefined ? { success: true, message } : { success: true, message, sessionsEnded };

/** The answer to a code request (verification, password reset): the same whoever asked. */
export const presentCodeSent = (message: string): VerificationSentResponse => ({
  success: true,
  message,
  expiresIn: VERIFICATION_CODE_TTL_S,
  resendAfter: VERIFICATION_RESEND_AFTER_S,
});

/** The 202 of a request taken in (an enquiry, a newsletter subscription): the same whoever asked. */
export const presentAccepted = (message: string): AcceptedResponse => ({ success: true, message });

/** POST /auth/verify-email: verified now, or already. */
export const presentEmailVerified = (message: string): VerifyEmailResponse => ({
  success: true,
  verified: true,
  message,
});
