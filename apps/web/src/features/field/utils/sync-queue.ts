// Sending the queue: oldest first, so the server sees collections about in the order they were taken,
// two in flight: the next body starts once the last one has gone out, so on a slow line the bodies
// follow each other while the server works on the one before. A refusal (4xx) is the agent's to fix
// and does not hold the others back; no answer or a server failure (0, 5xx, 429) stops the round and
// retries later with a growing wait.
import { backoffDelay } from "@/lib/network";
import { isApiError, readField } from "@/lib/api-client";

import { listQueue, removeQueued, updateQueued, type QueueError, type QueuedCollection } from "./field-db";

export const RETRY_BASE_MS = 15_000;
export const RETRY_CAP_MS = 15 * 60_000;

/** Sends one item; calls `bodySent` once its body has gone out in full (or says nothing: then when it ends). */
export type SendCollection = (item: QueuedCollection, bodySent: () => void) => Promise<unknown>;

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

/** Collections in flight at once: one's body crosses the line while the server answers the other. */
export const SEND_CONCURRENCY = 2;
/** One round at a time for the whole origin (tabs, the installed app): a key is never sent twice at once. */
export const QUEUE_LOCK = "aquatest-field-queue";

let running: Promise<FlushResult> | null = null;

/**
 * Sends what waits. `force` (page open, back online, Background Sync) ignores the retry wait;
 * a timer's round respects it. Concurrent calls share one round.
 */
export function flushQueue(
  send: SendCollection,
  { force = false, now = Date.now }: { force?: boolean; now?: () => number } = {},
): Promise<FlushResult> {
  running ??= exclusive(() => run(send, force, now)).finally(() => {
    running = null;
  });
  return running;
}

/** The work under the origin's lock where the browser has Web Locks; elsewhere this page's guard alone. */
function exclusive<T>(work: () => Promise<T>): Promise<T> {
  if (typeof navigator === "undefined" || !("locks" in navigator)) return work();
  // The lock's promise settles with what `work` returns: here a promise, unwrapped once more.
  return navigator.locks.request(QUEUE_LOCK, work).then((done) => done);
}

/** A promise and what settles it, for a moment another part announces. */
function moment(): { reached: Promise<void>; reach: () => void } {
  let reach: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return { reached, reach: () => reach() };
}

/**
 * The round's items in order, each once: the queue as read at the start, then, once those are taken,
 * any saved since.
 */
function itemsOfRound(): () => Promise<QueuedCollection | undefined> {
  const taken = new Set<string>();
  let ahead: QueuedCollection[] = [];
  return async () => {
    if (ahead.length === 0)
      ahead = (await listQueue()).filter((item) => item.state !== "refused" && !taken.has(item.id));
    const item = ahead.shift();
    if (item) taken.add(item.id);
    return item;
  };
}

/**
 * One round. A send starts when fewer than SEND_CONCURRENCY are in flight and the last one's body
 * has gone out. A failure to retry later (or, on a timer's round, an item whose wait is not over)
 * stops the round: what is in flight ends, nothing new starts, so no item overtakes a waiting one.
 */
async function run(send: SendCollection, force: boolean, now: () => number): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: 0, stopped: false };
  const next = itemsOfRound();
  const inFlight = new Set<Promise<void>>();
  let lastBody: Promise<void> = Promise.resolve();
  while (!result.stopped) {
    while (inFlight.size >= SEND_CONCURRENCY) await Promise.race(inFlight);
    await lastBody;
    if (result.stopped) break;
    const item = await next();
    if (!item) break;
    if (!force && item.nextAttemptAt !== null && item.nextAttemptAt > now()) {
      result.stopped = true;
      break;
    }
    const body = moment();
    const done: Promise<void> = sendOne(send, item, result, now, body.reach).finally(() => {
      body.reach();
      inFlight.delete(done);
    });
    inFlight.add(done);
    lastBody = body.reached;
  }
  await Promise.all(inFlight);
  return result;
}

async function sendOne(
  send: SendCollection,
  item: QueuedCollection,
  result: FlushResult,
  now: () => number,
  bodySent: () => void,
): Promise<void> {
  await updateQueued(item.id, { state: "sending" });
  try {
    // 201 (written) and 200 (the same key again: already written) both mean the server has it.
    await send(item, bodySent);
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
      return;
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

/** When the next automatic round is due (null: nothing waits for a timer). */
export function nextRetryAt(items: readonly QueuedCollection[]): number | null {
  const times = items
    .filter((item) => item.state === "waiting" && item.nextAttemptAt !== null)
    .map((item) => item.nextAttemptAt ?? 0);
  return times.length === 0 ? null : Math.min(...times);
}
