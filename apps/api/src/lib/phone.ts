import { parsePhoneNumberFromString } from "libphonenumber-js/max";

import { AppError, type SaidOrText } from "./app-error";

/**
 * Indian numbers by default (a leading 0 or none), any country with +; stored as E.164. `field` names
 * the request field in the error, so a form can show it beside that input.
 */
export function toE164(value: string, said: SaidOrText, field?: string): string {
  const phone = parsePhoneNumberFromString(value, "IN");
  if (!phone || !phone.isValid()) throw new AppError(400, "validation_failed", said, {}, field);
  return phone.number;
}

// Formatting parses the number against the metadata each time; lists show the same few numbers again
// and again, so the answers are kept (bounded: the oldest go first).
const DISPLAY_CACHE_SIZE = 5_000;
const displayed = new Map<string, string>();

/** Shown the way people write them: "+91 98765 43210". */
export function displayPhone(e164: string): string {
  const known = displayed.get(e164);
  if (known !== undefined) return known;
  const text = parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
  if (displayed.size >= DISPLAY_CACHE_SIZE) {
    const oldest = displayed.keys().next();
    if (!oldest.done) displayed.delete(oldest.value);
  }
  displayed.set(e164, text);
  return text;
}
