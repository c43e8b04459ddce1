// Where a refusal of the mobile-number screens is shown: at the field it is about (the number, the
// code, the password...), else in the card's banner.
import { serverFieldError } from "@/components/ui/form-errors";
import { isApiError } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";
import { loginErrorMessage } from "@/utils/login-errors";

export type PhoneField = "phone" | "code" | "fullName" | "email" | "password";

export interface PhoneFailure {
  /** The field the message stands at; null for the banner. */
  field: PhoneField | null;
  message: Shown;
  /** The server's `messageCode`, to show the message in the reader's language. */
  messageCode?: string | undefined;
}

const FIELDS: readonly PhoneField[] = ["phone", "code", "fullName", "email", "password"];
const fieldOf = (name: string): PhoneField | null => FIELDS.find((field) => field === name) ?? null;

// A wrong, burnt or expired code: the server's words belong beside the code.
const CODE_ERRORS = new Set(["code_invalid", "code_not_found", "too_many_attempts"]);
const CODE_MESSAGES = new Set(["phone_code_wrong", "phone_code_expired", "phone_code_required"]);

/** No answer, a gateway's page or a server fault: the sign-in's texts for them (offline, 503...). */
const banner = (error: unknown): PhoneFailure => ({ field: null, message: loginErrorMessage(error) });

/** Asking for a code failed: a refused number stands at the number, anything else in the banner. */
export function phoneSendFailure(error: unknown): PhoneFailure {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return banner(error);
  const named = serverFieldError(error);
  if (named && fieldOf(named.field) === "phone") {
    return { field: "phone", message: named.message, messageCode: named.messageCode };
  }
  if (error.status === 400 && !named) return { field: "phone", message: error.shown };
  return { field: null, message: error.shown };
}

/**
 * Signing in, registering or resetting with a code failed: a wrong or expired code stands at the code,
 * a field the server names at that field (when this screen shows it), anything else in the banner.
 */
export function phoneSubmitFailure(error: unknown, shown: readonly PhoneField[]): PhoneFailure {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return banner(error);
  const named = serverFieldError(error);
  const field = named ? fieldOf(named.field) : null;
  if (named && field && shown.includes(field)) {
    return { field, message: named.message, messageCode: named.messageCode };
  }
  const aboutCode =
    (error.code !== undefined && CODE_ERRORS.has(error.code)) ||
    (error.messageCode !== undefined && CODE_MESSAGES.has(error.messageCode));
  if (aboutCode && shown.includes("code")) return { field: "code", message: error.shown };
  return { field: null, message: error.shown };
}
