import { isApiError, readField } from "@/lib/api-client";

/** Profile load and update errors, with the screen's own texts for 404 and 415 (docs/product-rules.md). */
export function profileErrorMessage(error: unknown, action: "load" | "update"): string {
  const fallback = action === "load" ? "profileLoadFailed" : "profileInvalid";
  if (!isApiError(error)) return fallback;
  if (error.status === 404) return "profileNotFound";
  if (error.status === 415) return "profileInvalidFormat";
  if (error.status === 400) return readField(error.body, "error") ?? "profileInvalid";
  return error.message || fallback;
}
