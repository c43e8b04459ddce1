import type { ResyncReason } from "./events";

/**
 * The least time between two re-sync notices of one reason. A flapping link must not make every client
 * re-fetch in a loop, but "restored" is the notice that repairs screens, so it waits at most 250 ms.
 */
export const RESYNC_MIN_INTERVAL_MS: Readonly<Record<ResyncReason, number>> = {
  "fan-out-lost": 1000,
  "publish-failed": 1000,
  "fan-out-restored": 250,
  "publish-restored": 250,
};

export interface ResyncNotifier {
  /** Asks for a notice; sent now, or once at the end of its reason's interval (never dropped). */
  request(reason: ResyncReason): void;
  close(): void;
}

/** Throttles re-sync notices per reason: the first goes at once, the rest of an interval make one more. */
export function createResyncNotifier(
  send: (reason: ResyncReason) => void,
  intervals: Readonly<Record<ResyncReason, number>> = RESYNC_MIN_INTERVAL_MS,
): ResyncNotifier {
  const lastSent = new Map<ResyncReason, number>();
  const due = new Map<ResyncReason, NodeJS.Timeout>();
  const fire = (reason: ResyncReason) => {
    due.delete(reason);
    lastSent.set(reason, Date.now());
    send(reason);
  };
  return {
    request(reason) {
      if (due.has(reason)) return;
      const last = lastSent.get(reason);
      const wait = last === undefined ? 0 : last + intervals[reason] - Date.now();
      if (wait <= 0) {
        fire(reason);
        return;
      }
      const timer = setTimeout(() => fire(reason), wait);
      timer.unref();
      due.set(reason, timer);
    },
    close() {
      for (const timer of due.values()) clearTimeout(timer);
      due.clear();
    },
  };
}
