import type { AccountActionResponse } from "@lab/contracts";

/** Reads `{success, message, sessionsEnded?}` by hand (no zod on the signed-out path), with a default text. */
export function parseAccountAction(raw: unknown, fallbackMessage: string): AccountActionResponse {
  const record = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const ended = record.sessionsEnded;
  return {
    success: true,
    message: typeof record.message === "string" && record.message ? record.message : fallbackMessage,
    ...(typeof ended === "number" && Number.isInteger(ended) ? { sessionsEnded: ended } : {}),
  };
}
