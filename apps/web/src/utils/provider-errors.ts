// Sample providers: the texts shown when adding, updating or deleting fails (docs/product-rules.md).
import { messages } from "@lab/contracts";

import { isApiError } from "@/lib/api-client";

export type ProviderAction = "add" | "update" | "delete";

function serverText(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const value = (body as Record<string, unknown>).error;
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

const fallbacks: Record<ProviderAction, string> = {
  add: messages.providerAddFailed,
  update: messages.providerUpdateFailed,
  delete: messages.providerDeleteFailed,
};

export function providerErrorMessage(error: unknown, action: ProviderAction): string {
  if (!isApiError(error)) return fallbacks[action];
  // No answer at all (offline, network): say so.
  if (error.status === 0) return error.message;
  switch (action) {
    case "add":
      if (error.status === 400) return serverText(error.body) ?? messages.profileInvalid;
      if (error.status === 404) return messages.customerNotFound;
      if (error.status === 500) return messages.serverError;
      return messages.providerAddFailed;
    case "update":
      // The simple update path's client reads the body's `error` field.
      return serverText(error.body) ?? messages.providerUpdateFailed;
    case "delete":
      if (error.status === 404) return messages.providerNotFound;
      if (error.status === 500) return messages.providerDeleteServerError;
      return messages.providerDeleteFailed;
  }
}
