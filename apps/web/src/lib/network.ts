// The app's manners on a poor connection: every retry waits longer each time (with jitter, so a
// village of phones does not retry in step), and none is made while the browser says it is offline;
// the `online` event resumes them. Small and dependency-free: the entry chunk (/login) carries it.

export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/** A load not even tried: the browser says it has no network. */
export class OfflineError extends Error {
  constructor() {
    super("The browser is offline");
    this.name = "OfflineError";
  }
}

export interface Backoff {
  baseMs: number;
  capMs: number;
}

/**
 * Delay before retry `attempt` (1-based): base · 2^(attempt−1), capped, of which a random half is
 * jitter ("equal jitter": never shorter than half the step, never in step with other clients).
 */
export function backoffDelay(attempt: number, { baseMs, capMs }: Backoff, random = Math.random): number {
  const step = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** Runs `then` once the browser is online again (on the next tick when it already is); answers a cancel. */
export function whenOnline(then: () => void): () => void {
  if (typeof window === "undefined") return () => undefined;
  if (!isOffline()) {
    const timer = setTimeout(then, 0);
    return () => clearTimeout(timer);
  }
  const listener = () => {
    window.removeEventListener("online", listener);
    then();
  };
  window.addEventListener("online", listener);
  return () => window.removeEventListener("online", listener);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `load`, tried up to `attempts` times with backoff while online. Offline it is tried once, never
 * again until the `online` event: the service worker may answer it from the device (a screen opened
 * before), and anything else fails at once without the network (OfflineError), so the screen says
 * so instead of spending the battery.
 */
export async function withRetries<T>(
  load: () => Promise<T>,
  { attempts = 3, baseMs = 500, capMs = 4_000 }: { attempts?: number } & Partial<Backoff> = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const offline = isOffline();
    try {
      return await load();
    } catch (error) {
      if (offline) throw new OfflineError();
      if (attempt >= attempts || isOffline()) throw error;
      await sleep(backoffDelay(attempt, { baseMs, capMs }));
    }
  }
}

/**
 * A load that failed stays failed for the screens that asked (no retry on every render: that was
 * a storm of requests) until someone retries on purpose: the error page's Retry, or its `online`.
 */
let round = 0;
export const retryRound = (): number => round;
export function retryFailedLoads(): void {
  round += 1;
}
// Back online: a screen that failed offline loads again the next time it is shown.
if (typeof window !== "undefined") window.addEventListener("online", retryFailedLoads);
