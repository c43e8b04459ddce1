import { messages } from "@lab/contracts";

import { isApiError, readField } from "@/lib/api-client";

/** Spec section 8, registration. */
export function registerErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.registrationFailed;
  if (error.status === 0) return error.message;
  if (error.status === 400) return readField(error.body, "error") ?? messages.registrationInvalid;
  return readField(error.body, "error") ?? messages.registrationFailed;
}
