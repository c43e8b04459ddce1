import type { Executor } from "@lab/db";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

import { invalidField } from "../../lib/app-error";
import { labSettingsRow } from "../reports/lab-settings";

// Types that can receive an SMS. India's numbering plan tells mobiles apart; some countries' plans
// (the US's) cannot, and say "fixed line or mobile".
const TEXTABLE = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

/**
 * A mobile number as typed (`94400 12345`, `+91 94400-12345`, `09440012345` are one number) in
 * E.164. Indian unless it starts with + or 00; numbers of other countries only when the lab has
 * enabled them (each SMS abroad costs more, and is how SMS pumping pays). `field` names the request
 * field in the 400.
 */
export async function mobileNumber(executor: Executor, typed: string, field = "phone"): Promise<string> {
  const phone = parsePhoneNumberFromString(typed, "IN");
  const type = phone?.getType();
  if (!phone || !phone.isValid() || type === undefined || !TEXTABLE.has(type)) {
    throw invalidField("mobileNumberInvalid", field);
  }
  if (phone.countryCallingCode !== "91" && !(await labSettingsRow(executor)).internationalPhones) {
    throw invalidField("phoneOnlyIndian", field);
  }
  return phone.number;
}

/**
 * The number a request body's `phone` names, as E.164 when it parses (else as typed, cut short): the
 * key of per-number limits, so `09440012345` and `+91 94400 12345` share one count.
 */
export function phoneKey(typed: string): string {
  const phone = parsePhoneNumberFromString(typed.slice(0, 64), "IN");
  return phone?.isValid() ? phone.number : typed.slice(0, 64).replace(/\s+/g, "");
}

/**
 * The E.164's first 8 digits (country code and the start of the national number): SMS pumping asks
 * codes for many numbers of one range, which this counts together.
 */
export const phonePrefix = (e164: string): string => e164.replace(/\D/g, "").slice(0, 8);
