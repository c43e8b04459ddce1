import {
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_RESEND_AFTER_S,
  type AccountActionResponse,
  type VerificationSentResponse,
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
