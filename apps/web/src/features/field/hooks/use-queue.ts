import { useEffect, useState } from "react";

import { sendCollection } from "../api/send-collection";
import { listQueue, subscribeQueue, type QueuedCollection } from "../utils/field-db";
import { flushQueue, nextRetryAt } from "../utils/sync-queue";
import { reloadJobList } from "./use-job-list";

/** The message the service worker posts when Background Sync fires (sw.ts). */
export const FIELD_SYNC_MESSAGE = "field-queue-flush";
export const FIELD_SYNC_TAG = "field-queue";

/** The queue as it is now, oldest first; null while it is first read. */
export function useQueue(): QueuedCollection[] | null {
  const [items, setItems] = useState<QueuedCollection[] | null>(null);
  useEffect(() => {
    let live = true;
    // One read at a time, and one more after the last change: two sends ending close together
    // never leave an older read's answer on screen, and a burst of changes costs two reads.
    let reading = false;
    let changedSince = false;
    const read = () => {
      if (reading) {
        changedSince = true;
        return;
      }
      reading = true;
      void listQueue()
        .then(
          (list) => live && setItems(list),
          () => live && setItems([]),
        )
        .finally(() => {
          reading = false;
          if (changedSince && live) {
            changedSince = false;
            read();
          }
        });
    };
    read();
    const stop = subscribeQueue(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return items;
}

/** Sends the queue now (Save, the queue's "Send now"). */
export const sendQueueNow = () => flushQueue(sendCollection, { force: true });

/**
 * Asks the browser to wake the service worker when the network is back, where it can (Chromium's
 * Background Sync): the page may be closed by then. Elsewhere the page's own rounds do it.
 */
export async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)?.sync;
    await sync?.register(FIELD_SYNC_TAG);
  } catch {
    // Not supported or not allowed: the page sends on open and on `online`.
  }
}

/**
 * Keeps the queue moving while a field page is open: a round on open, on `online`, when the service
 * worker says the network is back, and when the earliest retry wait is over.
 */
export function useQueueSync(items: QueuedCollection[] | null, agentId: number | null): void {
  const enabled = agentId !== null;
  useEffect(() => {
    if (agentId === null) return;
    // Collections sent: their jobs now say so.
    const flush = () =>
      void flushQueue(sendCollection, { force: true }).then(
        (result) => (result.sent > 0 ? reloadJobList(agentId) : undefined),
        () => undefined,
      );
    flush();
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === FIELD_SYNC_MESSAGE) flush();
    };
    window.addEventListener("online", flush);
    const worker = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
    worker?.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("online", flush);
      worker?.removeEventListener("message", onMessage);
    };
  }, [agentId]);

  const due = items ? nextRetryAt(items) : null;
  useEffect(() => {
    if (!enabled || due === null) return;
    const timer = setTimeout(
      () => void flushQueue(sendCollection).catch(() => undefined),
      Math.max(0, due - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [enabled, due]);
}
