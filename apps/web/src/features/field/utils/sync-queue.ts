// Sending the queue: oldest first, one at a time, so the server sees collections in the order they
// were taken. A refusal (4xx) is the agent's to fix and does not hold the others back; no answer or a
// server failure (0, 5xx, 429) stops the round and retries later with a growing wait.
import { backoffDelay } from "@/lib/network";
import { isApiError, readField } from "@/lib/api-client";

import { listQueue, removeQueued, updateQueued, type QueueError, type QueuedCollection } from "./field-db";

export const RETRY_BASE_MS = 15_000;
export const RETRY_CAP_MS = 15 * 60_000;

export type SendCollection = (item: QueuedCollection) => Promise<unknown>;

export interface FlushResult {
  sent: number;
  refused: number;
  /** True when the round stopped on a failure that a later retry may cure. */
  stopped: boolean;
}

/** Failures the agent cannot fix by editing: try again later. 401 waits for a fresh sign-in. */
export const isRetryable = (status: number): boolean =>
  status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;

export function queueErrorOf(error: unknown): QueueError {
  if (!isApiError(error))
    return { status: 0, message: error instanceof Error ? error.message : String(error) };
  return {
    status: error.status,
    message: error.message,
    messageCode: error.messageCode,
    params: error.params,
    field: readField(error.body, "field"),
  };
}

let running: Promise<FlushResult> | null = null;

/**
 * Sends what waits. `force` (page open, back online, Background Sync) ignores the retry wait;
 * a timer's round respects it. Concurrent calls share one round.
 */
export function flushQueue(
  send: SendCollection,
  { force = false, now = Date.now }: { force?: boolean; now?: () => number } = {},
): Promise<FlushResult> {
  running ??= run(send, force, now).finally(() => {
    running = null;
  });
  return running;
}

async function run(send: SendCollection, force: boolean, now: () => number): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: 0, stopped: false };
  for (const item of await listQueue()) {
    if (item.state === "refused") continue;
    if (!force && item.nextAttemptAt !== null && item.nextAttemptAt > now()) {
      result.stopped = true;
      break;
    }
    await updateQueued(item.id, { state: "sending" });
    try {
      // 201 (written) and 200 (the same key again: already written) both mean the server has it.
      await send(item);
      await removeQueued(item.id);
      result.sent += 1;
    } catch (error) {
      const lastError = queueErrorOf(error);
      if (isRetryable(lastError.status)) {
        const attempts = item.attempts + 1;
        await updateQueued(item.id, {
          state: "waiting",
          attempts,
          lastError,
          nextAttemptAt: now() + backoffDelay(attempts, { baseMs: RETRY_BASE_MS, capMs: RETRY_CAP_MS }),
        });
        result.stopped = true;
        break;
      }
      await updateQueued(item.id, {
        state: "refused",
        attempts: item.attempts + 1,
        lastError,
        nextAttemptAt: null,
      });
      result.refused += 1;
    }
  }
  return result;
}

/** When the next automatic round is due (null: nothing waits for a timer). */
export function nextRetryAt(items: readonly QueuedCollection[]): number | null {
  const times = items
    .filter((item) => item.state === "waiting" && item.nextAttemptAt !== null)
    .map((item) => item.nextAttemptAt ?? 0);
  return times.length === 0 ? null : Math.min(...times);
}
