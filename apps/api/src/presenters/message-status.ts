import type { MessageStatusView } from "@lab/contracts";
import type { OutboxMessageRow } from "@lab/db";

/** A number as a customer sees it on their messages: only its last four digits. */
export function maskedNumber(e164: string): string {
  const digits = e164.replace(/\D/g, "");
  return `•••• ${digits.slice(-4)}`;
}

/**
 * One SMS or WhatsApp message and what became of it. Customers see the number masked (a shared
 * screen shows no whole number); staff see it whole.
 */
export function presentMessageStatus(
  row: OutboxMessageRow,
  audience: "customer" | "staff",
): MessageStatusView {
  return {
    id: row.id,
    channel: row.channel,
    to: audience === "staff" ? row.recipient : maskedNumber(row.recipient),
    kind: row.kind,
    status: row.status,
    reason: row.status === "failed" ? row.statusReason : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
