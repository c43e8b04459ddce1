// The text a failed sample submission shows (docs/product-rules.md, Errors).
import { messages } from "@lab/contracts";

import { isApiError } from "@/lib/api-client";

function serverText(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>).error;
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** 400: the server's text or 'Invalid input data…'; 500: 'Server error…'; else the message; default. */
export function submitErrorMessage(error: unknown): string {
  if (!isApiError(error)) {
    return error instanceof Error && error.message ? error.message : messages.sampleSubmitFailed;
  }
  if (error.status === 400) return serverText(error.body) ?? messages.sampleInvalid;
  if (error.status === 500) return messages.serverError;
  return error.message || messages.sampleSubmitFailed;
}
