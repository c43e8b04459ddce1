import type { MessageKey } from "@lab/contracts";

import { isApiError, isOffline } from "@/lib/api-client";
import type { Shown } from "@/lib/i18n/message-text";

import type { QueueError } from "./field-db";

/** What to show for a failed call: the server's message by key, else no network, else its text. */
export function shownError(error: unknown): Shown {
  if (isApiError(error)) {
    if (error.status === 0) return isOffline() ? "offline" : "networkError";
    return error.shown;
  }
  return error instanceof Error ? error.message : "networkError";
}

/** The same for an error kept with a queued collection. */
export function shownQueueError(error: QueueError): Shown {
  if (error.status === 0) return "networkError";
  if (error.messageCode === undefined) return error.message;
  const key = error.messageCode.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return { key: key as MessageKey, params: error.params, text: error.message };
}
