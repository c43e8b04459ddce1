import type { MessageChannel, MessageStatus } from "@lab/contracts";
import { outboxMessageParts, outboxMessages, type Executor, type OutboxMessageRow } from "@lab/db";
import { and, eq, sql } from "drizzle-orm";

import type { DeliveryReport } from "./channels";

/** What a report moved: the message it was about, and whether an SMS now stands in for it. */
export interface ReportRecorded {
  messageId: number;
  fallbackQueued: boolean;
}

/** The database a report is recorded in: the pool, or a transaction it joins. */
export type ReportsDb = Executor;

/** How far along each status is; `failed` stands apart (see `moves`). */
const RANK: Readonly<Record<Exclude<MessageStatus, "failed">, number>> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  read: 3,
};

/**
 * Whether a message (or an SMS part) in `from` may become `to`. Statuses only move forward: sent →
 * delivered → read, and failed only from queued or sent. A failed message stays failed (its SMS
 * stand-in may already be on its way), and one delivered never fails afterwards.
 */
function moves(from: MessageStatus, to: DeliveryReport["status"]): boolean {
  if (from === "failed") return false;
  if (to === "failed") return from === "queued" || from === "sent";
  return RANK[to] > RANK[from];
}

/**
 * Queues the SMS that stands in for a WhatsApp message that could not be delivered: same template,
 * variables, language, customer and sample, to the same number. The unique index on `fallback_of`
 * makes a second call (a repeated webhook, the sender and a webhook at once) insert nothing; answers
 * whether this call inserted it. The caller wakes the sender after its commit.
 */
export async function queueSmsFallback(tx: Executor, message: OutboxMessageRow): Promise<boolean> {
  const inserted = await tx
    .insert(outboxMessages)
    .values({
      channel: "sms",
      recipient: message.recipient,
      customerId: message.customerId,
      sampleId: message.sampleId,
      kind: message.kind,
      template: message.template,
      language: message.language,
      variables: message.variables,
      fallbackOf: message.id,
    })
    .onConflictDoNothing()
    .returning({ id: outboxMessages.id });
  return inserted.length > 0;
}

/** The message a report names, locked: by its own provider id, or (SMS) by one of its parts'. */
async function reportedMessage(
  tx: Executor,
  channel: MessageChannel,
  providerId: string,
): Promise<{ message: OutboxMessageRow; part: number | undefined } | undefined> {
  if (channel === "sms") {
    const [part] = await tx
      .select({ messageId: outboxMessageParts.messageId, part: outboxMessageParts.part })
      .from(outboxMessageParts)
      .where(eq(outboxMessageParts.providerId, providerId))
      .limit(1);
    if (part) {
      const [message] = await tx
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.id, part.messageId), eq(outboxMessages.channel, "sms")))
        .for("update");
      return message ? { message, part: part.part } : undefined;
    }
  }
  const [message] = await tx
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, channel), eq(outboxMessages.providerId, providerId)))
    .for("update");
  return message ? { message, part: undefined } : undefined;
}

/**
 * An SMS part's report moves that part; the message is then delivered once every part is, and
 * failed as soon as any part fails. Answers the status the message's parts now add up to, if any.
 */
async function movePart(
  tx: Executor,
  messageId: number,
  part: number,
  report: DeliveryReport,
): Promise<DeliveryReport["status"] | undefined> {
  const parts = await tx
    .select({ part: outboxMessageParts.part, status: outboxMessageParts.status })
    .from(outboxMessageParts)
    .where(eq(outboxMessageParts.messageId, messageId));
  const reported = parts.find((row) => row.part === part);
  if (!reported) return undefined;
  // A handset does not report reading an SMS; a part's receipt says delivered or failed.
  const status = report.status === "read" ? "delivered" : report.status;
  if (moves(reported.status, status)) {
    await tx
      .update(outboxMessageParts)
      .set({ status, updatedAt: sql`now()` })
      .where(and(eq(outboxMessageParts.messageId, messageId), eq(outboxMessageParts.part, part)));
    reported.status = status;
  }
  if (parts.some((row) => row.status === "failed")) return "failed";
  if (parts.every((row) => row.status === "delivered" || row.status === "read")) return "delivered";
  return undefined;
}

async function recordOne(
  tx: Executor,
  channel: MessageChannel,
  report: DeliveryReport,
): Promise<ReportRecorded | undefined> {
  const found = await reportedMessage(tx, channel, report.providerId);
  if (!found) return undefined;
  const { message } = found;
  const status =
    found.part === undefined ? report.status : await movePart(tx, message.id, found.part, report);
  if (status === undefined || !moves(message.status, status))
    return { messageId: message.id, fallbackQueued: false };

  const at = report.at;
  await tx
    .update(outboxMessages)
    .set({
      status,
      updatedAt: sql`now()`,
      ...(status === "failed"
        ? { failedAt: at, statusReason: report.reason?.slice(0, 500) || "failed" }
        : {
            // A message read is delivered too, even when its delivered status never came.
            deliveredAt: message.deliveredAt ?? at,
            ...(status === "read" ? { readAt: at } : {}),
          }),
    })
    .where(eq(outboxMessages.id, message.id));

  const fallbackQueued =
    status === "failed" && message.channel === "whatsapp" && message.smsFallback
      ? await queueSmsFallback(tx, message)
      : false;
  return { messageId: message.id, fallbackQueued };
}

/**
 * Records what a delivery receipt (SMS) or a status webhook (WhatsApp) says about a sent message, in
 * one transaction (a savepoint when `db` is one already). A WhatsApp message that failed and may fall
 * back to SMS gets its SMS stand-in in that same transaction; the caller wakes the sender once it
 * has committed. A provider id that names no message (another system's, or one long deleted) is
 * ignored. The same report twice changes nothing the second time.
 */
export async function recordDeliveryReport(
  db: ReportsDb,
  channel: MessageChannel,
  report: DeliveryReport,
): Promise<ReportRecorded | undefined> {
  return db.transaction((tx) => recordOne(tx, channel, report));
}

/** Several reports (one webhook's statuses) in one transaction, in order. */
export async function recordDeliveryReports(
  db: ReportsDb,
  channel: MessageChannel,
  reports: readonly DeliveryReport[],
): Promise<{ recorded: number; fallbackQueued: boolean }> {
  if (reports.length === 0) return { recorded: 0, fallbackQueued: false };
  return db.transaction(async (tx) => {
    let recorded = 0;
    let fallbackQueued = false;
    for (const report of reports) {
      const result = await recordOne(tx, channel, report);
      if (result) recorded += 1;
      if (result?.fallbackQueued) fallbackQueued = true;
    }
    return { recorded, fallbackQueued };
  });
}
