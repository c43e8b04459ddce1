// Sample providers: the texts shown when adding, updating or deleting fails (docs/product-rules.md).

import { isApiError } from "@/lib/api-client";

export type ProviderAction = "add" | "update" | "delete";

function serverText(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>).error;
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

const fallbacks: Record<ProviderAction, string> = {
  add: "providerAddFailed",
  update: "providerUpdateFailed",
  delete: "providerDeleteFailed",
};

export function providerErrorMessage(error: unknown, action: ProviderAction): string {
  if (!isApiError(error)) return fallbacks[action];
  // No answer at all (offline, network): say so.
  if (error.status === 0) return error.message;
  switch (action) {
    case "add":
      if (error.status === 400) return serverText(error.body) ?? "profileInvalid";
      if (error.status === 404) return "customerNotFound";
      if (error.status === 500) return "serverError";
      return "providerAddFailed";
    case "update":
      // The simple update path's client reads the body's `error` field.
      return serverText(error.body) ?? "providerUpdateFailed";
    case "delete":
      if (error.status === 404) return "providerNotFound";
      if (error.status === 500) return "providerDeleteServerError";
      return "providerDeleteFailed";
  }
}
