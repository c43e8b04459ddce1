import { isLanguageCode, type Customer, type LanguageCode, type LoginRequest } from "@lab/contracts";

import { apiRequest, localError } from "@/lib/api-client";
import { parseCustomer, startSession } from "@/lib/auth";
import { getLanguage, setLanguage } from "@/lib/i18n/i18n";
import { useAction } from "@/lib/use-action";

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

export async function login(credentials: LoginRequest): Promise<LoginResult> {
  const raw = await apiRequest<unknown>("/customers/login", {
    method: "POST",
    body: {
      email: credentials.email.trim(),
      password: credentials.password,
      // 'Keep me signed in': the server's refresh cookie lasts 30 days instead of this browser session.
      remember: credentials.remember === true,
    },
    auth: false,
  });
  const result = normalizeLoginResponse(raw);
  if (!result) throw localError(200, "loginFailedDefault", "invalid_response", raw);
  return result;
}

/**
 * Signs in: stores user and token and starts the expiry timer on success. The account's language
 * follows the person to this device.
 */
export function useLogin() {
  return useAction(login, {
    onSuccess: (result) => {
      startSession({
        user: result.customer,
        token: result.token,
        expiresIn: result.expiresIn,
        tokenType: result.tokenType,
      });
      if (result.language !== undefined && result.language !== getLanguage())
        void setLanguage(result.language);
    },
  });
}
