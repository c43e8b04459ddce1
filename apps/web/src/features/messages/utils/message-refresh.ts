import type { MessageStatusView } from "@lab/contracts";

/** How often a page re-reads messages still on their way. */
export const MESSAGE_REFRESH_MS = 15_000;
/** A message unsettled for longer than this waits on a provider that may never answer: stop asking. */
export const MESSAGE_SETTLE_WINDOW_MS = 30 * 60_000;

/**
 * The refresh interval for a list of messages: MESSAGE_REFRESH_MS while one queued or sent in the
 * last half hour has no final word yet (delivered, read or failed), else none.
 */
export function refreshWhileUnsettled(
  messages: readonly MessageStatusView[] | undefined,
  now = Date.now(),
): number | false {
  const waiting = (messages ?? []).some(
    (message) =>
      (message.status === "queued" || message.status === "sent") &&
      now - Date.parse(message.createdAt) < MESSAGE_SETTLE_WINDOW_MS,
  );
  return waiting ? MESSAGE_REFRESH_MS : false;
}
