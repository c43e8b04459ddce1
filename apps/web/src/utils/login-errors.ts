// The sign-in forms' error (customer and lab staff share it), as a message by key.
import type { PlainMessageKey } from "@lab/contracts";

import { isApiError, isOffline } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

/** Login: status mapping, offline, then the error's own message or the network text (docs/product-rules.md). */
export function loginErrorMessage(error: unknown): Shown {
  if (!isApiError(error)) {
    return error instanceof Error && error.message ? error.message : "loginFailedDefault";
  }
  const byStatus: Partial<Record<number, PlainMessageKey>> = {
    0: isOffline() ? "offline" : "networkError",
    401: "invalidCredentials",
    500: "serverError",
    502: "serviceTemporarilyUnavailable",
    503: "serviceUnavailable",
    504: "requestTimeout",
  };
  const key = byStatus[error.status];
  if (key !== undefined) return key;
  return error.message ? error.shown : "networkError";
}
