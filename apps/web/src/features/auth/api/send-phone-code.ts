import type { PhoneCodePurpose } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { getLanguage } from "@/lib/i18n/i18n";
import { parsePhoneCodeSent, type PhoneCodeSent } from "@/utils/phone-code-sent";

/**
 * POST /auth/phone/code: 202 with the same answer for any valid number, known or not; 400 names the
 * number's field, 429 (with Retry-After) within 60 s of the last code or past a limit. The SMS to a
 * number no member holds yet is in the language the page is read in.
 */
export async function sendPhoneCode(input: {
  phone: string;
  purpose: PhoneCodePurpose;
}): Promise<PhoneCodeSent> {
  const raw = await apiRequest<unknown>("/auth/phone/code", {
    method: "POST",
    body: { phone: input.phone.trim(), purpose: input.purpose, language: getLanguage() },
    auth: false,
  });
  return parsePhoneCodeSent(raw);
}
