import { PHONE_CODE_RESEND_SECONDS, PHONE_CODE_TTL_SECONDS } from "@lab/contracts";

/** When the code just sent stops working and when another may be asked for, in seconds from now. */
export interface PhoneCodeSent {
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

const seconds = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback;

/** Reads `{sent, expiresInSeconds, resendAfterSeconds}` by hand, with the rule's 300 s and 60 s as defaults. */
export function parsePhoneCodeSent(raw: unknown): PhoneCodeSent {
  const record = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    expiresInSeconds: seconds(record.expiresInSeconds, PHONE_CODE_TTL_SECONDS),
    resendAfterSeconds: seconds(record.resendAfterSeconds, PHONE_CODE_RESEND_SECONDS),
  };
}
