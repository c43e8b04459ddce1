import { messages } from "@lab/contracts";

import { isApiError, readField } from "@/lib/api-client";

/** The text a failed registration shows (docs/product-rules.md, Errors). */
export function registerErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.registrationFailed;
  if (error.status === 0) return error.message;
  if (error.status === 400) return readField(error.body, "error") ?? messages.registrationInvalid;
  return readField(error.body, "error") ?? messages.registrationFailed;
}
