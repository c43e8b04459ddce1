// The message a failed sample submission shows (docs/product-rules.md, Errors).
import { isApiError, readField } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

/** 400: the server's text or 'Invalid input data…'; 500: 'Server error…'; else the message; default. */
export function submitErrorMessage(error: unknown): Shown {
  if (!isApiError(error)) {
    return error instanceof Error && error.message ? error.message : "sampleSubmitFailed";
  }
  // The server's own message when its body has one; a bare 400 says what the spec says.
  if (error.status === 400)
    return readField(error.body, "error") === undefined ? "sampleInvalid" : error.shown;
  if (error.status === 500) return "serverError";
  return error.message ? error.shown : "sampleSubmitFailed";
}
