import { parsePhoneNumberFromString } from "libphonenumber-js/max";

import { AppError } from "../http/app-error";

/** Indian numbers by default (a leading 0 or none), any country with +; stored as E.164. */
export function toE164(value: string, message: string): string {
  const phone = parsePhoneNumberFromString(value, "IN");
  if (!phone || !phone.isValid()) throw new AppError(400, "validation_failed", message);
  return phone.number;
}

/** Shown the way people write them: "+91 98765 43210". */
export function displayPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
