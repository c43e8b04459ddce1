import { z } from "zod";

import type { DeliveryReport } from "../../messaging/channels";

/**
 * The part of Meta's `messages` webhook this route reads: each change's `statuses[]`. Everything else
 * (incoming messages, pricing, conversation, metadata) may be there and is let through unread; what
 * is read is bounded so a hostile body cannot make the route do much work.
 */
const statusErrorSchema = z.object({
  code: z.union([z.number().int(), z.string().max(20)]).optional(),
  title: z.string().max(1000).optional(),
  message: z.string().max(1000).optional(),
});

const statusSchema = z.object({
  /** The wamid the Cloud API answered the send with. */
  id: z.string().min(1).max(512),
  status: z.string().max(64),
  /** Unix seconds, as a string. */
  timestamp: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative().max(1e12)]).optional(),
  errors: z.array(statusErrorSchema).max(20).optional(),
});

export const statusWebhookSchema = z.object({
  object: z.string().max(100).optional(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().max(100).optional(),
              value: z.object({ statuses: z.array(statusSchema).max(1000).optional() }).optional(),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

export type StatusWebhook = z.infer<typeof statusWebhookSchema>;

const REPORTED = new Set<string>(["delivered", "read", "failed"]);
const isReported = (status: string): status is DeliveryReport["status"] => REPORTED.has(status);

/**
 * The delivery reports a status webhook carries, in order. `sent` adds nothing (the message is sent
 * once the Cloud API answered with its id) and statuses this portal does not track are skipped. A
 * failure's reason is its first error's code and title, e.g. "131026 Message undeliverable".
 */
export function reportsOf(webhook: StatusWebhook, now: Date): DeliveryReport[] {
  const reports: DeliveryReport[] = [];
  for (const entry of webhook.entry) {
    for (const change of entry.changes) {
      for (const status of change.value?.statuses ?? []) {
        if (!isReported(status.status)) continue;
        const seconds = status.timestamp === undefined ? undefined : Number(status.timestamp);
        const error = status.errors?.[0];
        const reason =
          status.status === "failed"
            ? [error?.code, error?.title ?? error?.message].filter((part) => part !== undefined).join(" ") ||
              "failed"
            : undefined;
        reports.push({
          providerId: status.id,
          status: status.status,
          reason,
          at: seconds === undefined ? now : new Date(seconds * 1000),
        });
      }
    }
  }
  return reports;
}
