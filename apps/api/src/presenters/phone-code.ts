import { PHONE_CODE_RESEND_SECONDS, PHONE_CODE_TTL_SECONDS, type PhoneCodeSent } from "@lab/contracts";

/** The 202 of a code request: the same for every valid number, known or not. */
export const presentPhoneCodeSent = (): PhoneCodeSent => ({
  sent: true,
  expiresInSeconds: PHONE_CODE_TTL_SECONDS,
  resendAfterSeconds: PHONE_CODE_RESEND_SECONDS,
});
