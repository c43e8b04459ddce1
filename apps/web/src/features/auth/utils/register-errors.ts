import { isApiError, readField } from "@/lib/api-client";

/** The text a failed registration shows (docs/product-rules.md, Errors). */
export function registerErrorMessage(error: unknown): string {
  if (!isApiError(error)) return "registrationFailed";
  if (error.status === 0) return error.message;
  if (error.status === 400) return readField(error.body, "error") ?? "registrationInvalid";
  return readField(error.body, "error") ?? "registrationFailed";
}
