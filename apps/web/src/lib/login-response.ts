// What a sign-in answers and how this device takes it: the sign-in form and the accept-invitation
// page both end here. No zod: this is on the /login path (its budget, docs/architecture.md).
import { isLanguageCode, type Customer, type LanguageCode } from "@lab/contracts";

import { parseCustomer, startSession } from "./auth";
import { getLanguage, setLanguage } from "./i18n/i18n";

export interface LoginResult {
  customer: Customer;
  token: string;
  expiresIn: number | undefined;
  tokenType: string | undefined;
  /** The account's portal language, when the server said it (absent from an older answer). */
  language: LanguageCode | undefined;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;

const str = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

/**
 * Reads customer, accessToken, expiresIn, tokenType (docs/product-rules.md, Sessions). Also
 * accepted: a flat customer carrying a token, or `{success, data}` wrapping either. Neither customer nor token is a failure.
 */
export function normalizeLoginResponse(raw: unknown): LoginResult | null {
  const record = asRecord(raw);
  if (!record) return null;
  if (record.success === true && asRecord(record.data)) return normalizeLoginResponse(record.data);
  const token = str(record.accessToken) ?? str(record.token);
  const rawCustomer = record.customer ?? record.user ?? record;
  const customer = parseCustomer(rawCustomer);
  if (!token || !customer) return null;
  const language = asRecord(rawCustomer)?.language;
  return {
    customer,
    token,
    expiresIn: typeof record.expiresIn === "number" ? record.expiresIn : undefined,
    tokenType: str(record.tokenType),
    language: isLanguageCode(language) ? language : undefined,
  };
}

/**
 * Signs in on this device: stores user and token and starts the expiry timer. The account's
 * language follows the person here.
 */
export function beginSession(result: LoginResult): void {
  startSession({
    user: result.customer,
    token: result.token,
    expiresIn: result.expiresIn,
    tokenType: result.tokenType,
  });
  if (result.language !== undefined && result.language !== getLanguage()) void setLanguage(result.language);
}
