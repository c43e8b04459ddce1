import { MESSAGE_CHANNELS, type MessageChannel } from "@lab/contracts";
import { outboxMessageParts, outboxMessages, type Db, type OutboxMessageRow, type Tx } from "@lab/db";
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";

import { errorSummary } from "../lib/db-errors";
import {
  ChannelError,
  type DeliveryReport,
  type OutgoingSms,
  type OutgoingWhatsApp,
  type SmsChannel,
  type WhatsAppChannel,
} from "../messaging/channels";
import { recordDeliveryReport, queueSmsFallback } from "../messaging/delivery-reports";
import { renderSms } from "../messaging/sms/sms-templates";
import { isTemplateKey } from "../messaging/templates";
import { whatsappMessage } from "../messaging/whatsapp/whatsapp-templates";
import { createJob } from "./job-runner";
import { retryDelaySeconds } from "./outbox-sender";

export interface MessageSender {
  start(): void;
  /** Asks for a pass soon (after a commit that queued messages). */
  nudge(): void;
  /** Sends everything due now on both channels; resolves with how many went, when the pass is over. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** After this many tries that the channel itself failed (down, busy), a message is failed for good. */
export const MESSAGE_MAX_ATTEMPTS = 10;

interface Options {
  db: Db;
  sms: SmsChannel;
  whatsapp: WhatsAppChannel;
  logger: Logger;
  pollMs?: number | undefined;
  /** Messages of one channel claimed, and handed to it, at once (the SMPP window does the pacing). */
  batchSize?: number | undefined;
  /** How long a claimed message stays invisible to other senders while it is being sent. */
  leaseSeconds?: number | undefined;
  maxAttempts?: number | undefined;
  /** While a channel is failing, how often one waiting message is tried early to see whether it is back. */
  probeMs?: number | undefined;
}

/** What a channel answered for one message: the provider's id of each part (one for WhatsApp). */
type Sent = { providerIds: string[] };

// One-time codes first (someone is waiting at a screen), then oldest first.
const priority = sql`case when ${outboxMessages.kind} = 'code' then 0 else 1 end`;

/** A template that cannot be rendered will never render: the message is failed, not retried. */
function unrenderable(row: OutboxMessageRow, error: unknown): ChannelError {
  const detail = error instanceof Error ? error.message : String(error);
  return new ChannelError(
    detail,
    true,
    `template ${row.template} (${row.language}) cannot be sent: ${detail}`,
  );
}

function outgoingSms(row: OutboxMessageRow): OutgoingSms {
  const template = row.template;
  if (!isTemplateKey(template)) throw unrenderable(row, new Error("unknown template"));
  try {
    const { text, dltTemplateId } = renderSms(template, row.language, row.variables);
    return { messageId: row.id, to: row.recipient, text, dltTemplateId };
  } catch (error) {
    throw unrenderable(row, error);
  }
}

function outgoingWhatsApp(row: OutboxMessageRow): OutgoingWhatsApp {
  const template = row.template;
  if (!isTemplateKey(template)) throw unrenderable(row, new Error("unknown template"));
  try {
    const message = whatsappMessage(template, row.language, row.variables);
    return {
      messageId: row.id,
      to: row.recipient,
      template: message.template,
      languageCode: message.languageCode,
      parameters: message.parameters,
    };
  } catch (error) {
    throw unrenderable(row, error);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the phone channels' outbox (SMS and WhatsApp), modelled on the mail outbox's sender: claims
 * in a short transaction (SKIP LOCKED and a lease keep several senders off the same message), sends
 * outside it, retries what the channel could not take with exponential backoff, and while a channel
 * is failing tries one waiting message now and then to learn that it is back. Each channel has its
 * own claims and its own failing state: an SMSC outage holds back no WhatsApp message, and the
 * reverse.
 *
 * Exactly once, as far as the protocols allow: a message is claimed (its attempt counted, leased)
 * before the channel gets it and marked sent, with its provider ids, the moment the channel took it;
 * a sent message is never claimed again. What remains is the gap between the provider's acceptance
 * and that update: if this process dies there, or the database cannot be written for the whole of
 * the retries below, the lease runs out and the message goes a second time. Neither SMPP nor the
 * Cloud API has an idempotency key that would close it; a message is never lost to it.
 */
export function createMessageSender(options: Options): MessageSender {
  const { db, sms, whatsapp, logger } = options;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 20;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const maxAttempts = options.maxAttempts ?? MESSAGE_MAX_ATTEMPTS;
  const probeMs = options.probeMs ?? 5000;
  // Unknown at start (messages may have backed off before a restart): the first success releases them.
  const failing: Record<MessageChannel, boolean> = { sms: true, whatsapp: true };
  const lastProbe: Record<MessageChannel, number> = { sms: 0, whatsapp: 0 };
  // Set when a pass failed a WhatsApp message whose SMS stand-in then waits: the pass sends it too.
  let fallbacksQueued = false;

  const queuedOn = (channel: MessageChannel) =>
    and(eq(outboxMessages.channel, channel), eq(outboxMessages.status, "queued"));
  // A queued message with a last error and a future next attempt is backing off; one in flight has none.
  const backingOff = (channel: MessageChannel) =>
    and(
      queuedOn(channel),
      isNotNull(outboxMessages.lastError),
      gt(outboxMessages.nextAttemptAt, sql`now()`),
      sql`${outboxMessages.attempts} < ${maxAttempts}`,
    );

  /**
   * Fails messages for good, in `tx`: a WhatsApp message that allows it gets its SMS stand-in in the
   * same transaction. Answers whether any stand-in was queued.
   */
  async function fail(
    tx: Tx,
    rows: readonly OutboxMessageRow[],
    reason: (row: OutboxMessageRow) => string,
  ): Promise<boolean> {
    let fallbacks = false;
    for (const row of rows) {
      const [failed] = await tx
        .update(outboxMessages)
        .set({
          status: "failed",
          statusReason: reason(row).slice(0, 1000),
          failedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, "queued")))
        .returning();
      if (failed?.channel === "whatsapp" && failed.smsFallback && (await queueSmsFallback(tx, failed)))
        fallbacks = true;
    }
    return fallbacks;
  }

  const gaveUp = (row: OutboxMessageRow) => `gave up after ${String(row.attempts)} attempts`;

  /**
   * Due messages of one channel, leased with an attempt counted. One whose attempts are spent (its
   * last try was cut short, say by a crash) is failed here instead.
   */
  async function claim(channel: MessageChannel): Promise<{ rows: OutboxMessageRow[]; more: boolean }> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outboxMessages)
        .where(and(queuedOn(channel), lte(outboxMessages.nextAttemptAt, sql`now()`)))
        .orderBy(priority, asc(outboxMessages.createdAt), asc(outboxMessages.id))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (due.length === 0) return { rows: [], more: false };
      const spent = due.filter((row) => row.attempts >= maxAttempts);
      if (spent.length > 0 && (await fail(tx, spent, gaveUp))) fallbacksQueued = true;
      const live = due.filter((row) => row.attempts < maxAttempts);
      const order = new Map(live.map((row, index) => [row.id, index]));
      const claimed =
        live.length === 0
          ? []
          : await tx
              .update(outboxMessages)
              .set({
                attempts: sql`${outboxMessages.attempts} + 1`,
                nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
                lastError: null,
                updatedAt: sql`now()`,
              })
              .where(
                inArray(
                  outboxMessages.id,
                  live.map((row) => row.id),
                ),
              )
              .returning();
      // RETURNING keeps no order: send in the claim's (codes first, then oldest).
      claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return { rows: claimed, more: due.length === batchSize };
    });
  }

  /** One message waiting out its backoff, leased without counting an attempt (see createMessageSender). */
  async function claimProbe(
    channel: MessageChannel,
  ): Promise<{ row: OutboxMessageRow; backoffUntil: Date } | undefined> {
    return db.transaction(async (tx) => {
      const [waiting] = await tx
        .select({ id: outboxMessages.id, nextAttemptAt: outboxMessages.nextAttemptAt })
        .from(outboxMessages)
        .where(backingOff(channel))
        .orderBy(priority, asc(outboxMessages.createdAt), asc(outboxMessages.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!waiting) return undefined;
      const [row] = await tx
        .update(outboxMessages)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`, lastError: null })
        .where(eq(outboxMessages.id, waiting.id))
        .returning();
      return row && { row, backoffUntil: waiting.nextAttemptAt };
    });
  }

  /** The channel works again: every message of it waiting out a backoff is due now. */
  async function releaseBacklog(channel: MessageChannel): Promise<void> {
    failing[channel] = false;
    await db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(backingOff(channel));
  }

  async function hand(row: OutboxMessageRow): Promise<Sent> {
    if (row.channel === "sms") return sms.submit(outgoingSms(row));
    const { providerId } = await whatsapp.send(outgoingWhatsApp(row));
    return { providerIds: [providerId] };
  }

  // SMS receipts can outrun the update that stores their message's ids (the SMSC answers the submit
  // and sends the receipt in the same breath): such a receipt waits here, briefly, for its message.
  const REPORT_WAIT_MS = 60_000;
  const REPORT_WAIT_MAX = 10_000;
  const waitingReports = new Map<string, { report: DeliveryReport; at: number }>();
  const recentlySent = new Map<string, number>();
  // Oldest first (a Map keeps insertion order): drops what is too old, and the oldest beyond the cap.
  const prune = <V>(map: Map<string, V>, at: (value: V) => number) => {
    const oldest = Date.now() - REPORT_WAIT_MS;
    for (const [key, value] of map) {
      if (at(value) >= oldest && map.size <= REPORT_WAIT_MAX) break;
      map.delete(key);
    }
  };

  async function applyReport(report: DeliveryReport): Promise<boolean> {
    const result = await recordDeliveryReport(db, "sms", report);
    if (result?.fallbackQueued) job.wake();
    return result !== undefined;
  }

  async function onSmsReport(report: DeliveryReport): Promise<void> {
    try {
      if (await applyReport(report)) return;
      // Sent and stored since the lookup: read it again; else wait for the update that stores it.
      if (recentlySent.has(report.providerId)) {
        if (!(await applyReport(report)))
          logger.warn({ channel: "sms", status: report.status }, "receipt for no known message");
        return;
      }
      waitingReports.set(report.providerId, { report, at: Date.now() });
      prune(waitingReports, (waiting) => waiting.at);
    } catch (error) {
      logger.error({ err: errorSummary(error) }, "sms receipt not recorded");
    }
  }
  sms.onReport(onSmsReport);

  async function recordSent(row: OutboxMessageRow, sent: Sent): Promise<void> {
    const [first] = sent.providerIds;
    const write = () =>
      db.transaction(async (tx) => {
        await tx
          .update(outboxMessages)
          .set({
            status: "sent",
            providerId: first ?? null,
            sentAt: sql`now()`,
            lastError: null,
            updatedAt: sql`now()`,
          })
          .where(eq(outboxMessages.id, row.id));
        if (row.channel === "sms" && sent.providerIds.length > 0)
          await tx.insert(outboxMessageParts).values(
            sent.providerIds.map((providerId, index) => ({
              messageId: row.id,
              part: index + 1,
              providerId,
            })),
          );
      });
    // The channel has it: a failed write must not turn into a retry that sends it again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await write();
        break;
      } catch (error) {
        if (attempt >= 5) {
          logger.error(
            { messageId: row.id, channel: row.channel, err: errorSummary(error) },
            "message sent but not recorded; it will be sent again when its lease ends",
          );
          return;
        }
        await pause(100 * 2 ** attempt);
      }
    }
    for (const providerId of sent.providerIds) {
      recentlySent.set(providerId, Date.now());
      const waiting = waitingReports.get(providerId);
      if (waiting) {
        waitingReports.delete(providerId);
        void onSmsReport(waiting.report);
      }
    }
    prune(recentlySent, (at) => at);
  }

  /**
   * A try that did not go: failed for good when the refusal is about the message ("refused"), else
   * backed off ("unavailable": the channel is down or busy).
   */
  async function refused(
    row: OutboxMessageRow,
    error: unknown,
    backoffUntil: Date | undefined,
  ): Promise<"refused" | "unavailable"> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const channelError = error instanceof ChannelError ? error : undefined;
    if (channelError?.permanent) {
      logger.warn({ messageId: row.id, channel: row.channel, err: errorSummary(error) }, "message refused");
      const queued = await db.transaction(async (tx) => {
        await tx.update(outboxMessages).set({ lastError: message }).where(eq(outboxMessages.id, row.id));
        return fail(tx, [row], () => channelError.reason);
      });
      if (queued) fallbacksQueued = true;
      return "refused";
    }
    failing[row.channel] = true;
    logger.warn(
      { messageId: row.id, channel: row.channel, attempts: row.attempts, err: errorSummary(error) },
      "message not sent; will retry",
    );
    if (!backoffUntil && row.attempts >= maxAttempts) {
      const queued = await db.transaction(async (tx) => {
        await tx.update(outboxMessages).set({ lastError: message }).where(eq(outboxMessages.id, row.id));
        return fail(tx, [row], gaveUp);
      });
      if (queued) fallbacksQueued = true;
      return "unavailable";
    }
    const delayMs = channelError?.retryAfterMs ?? retryDelaySeconds(row.attempts) * 1000;
    await db
      .update(outboxMessages)
      .set({
        lastError: message,
        // A probe counted no attempt: the message keeps the backoff it had.
        nextAttemptAt: backoffUntil ?? sql`now() + make_interval(secs => ${delayMs / 1000})`,
        updatedAt: sql`now()`,
      })
      .where(eq(outboxMessages.id, row.id));
    return "unavailable";
  }

  /** Hands one claimed message to its channel. */
  async function sendOne(
    row: OutboxMessageRow,
    backoffUntil?: Date,
  ): Promise<"sent" | "refused" | "unavailable"> {
    let sent: Sent;
    try {
      sent = await hand(row);
    } catch (error) {
      return refused(row, error, backoffUntil);
    }
    await recordSent(row, sent);
    if (failing[row.channel]) await releaseBacklog(row.channel);
    return "sent";
  }

  async function channelPass(channel: MessageChannel): Promise<number> {
    let sent = 0;
    for (;;) {
      const { rows, more } = await claim(channel);
      if (rows.length === 0 && !more) {
        if (!failing[channel] || Date.now() - lastProbe[channel] < probeMs) return sent;
        lastProbe[channel] = Date.now();
        const probe = await claimProbe(channel);
        if (!probe) {
          // Nothing is waiting out a backoff: nothing to release.
          failing[channel] = false;
          return sent;
        }
        const outcome = await sendOne(probe.row, probe.backoffUntil);
        if (outcome === "unavailable") return sent;
        if (outcome === "sent") sent += 1;
        continue;
      }
      // The whole batch at once: the channel paces it (the SMPP window and rate, the Cloud API's limits).
      const outcomes = await Promise.all(rows.map((row) => sendOne(row)));
      sent += outcomes.filter((outcome) => outcome === "sent").length;
      // A channel that could not take one of them is likely down: the rest waits for a backoff or a probe.
      if (outcomes.includes("unavailable") || !more) return sent;
    }
  }

  async function pass(): Promise<number> {
    fallbacksQueued = false;
    const counts = await Promise.all(MESSAGE_CHANNELS.map(channelPass));
    let sent = counts.reduce((sum, count) => sum + count, 0);
    // SMS standing in for WhatsApp messages that failed in this pass go in this pass too.
    while (fallbacksQueued) {
      fallbacksQueued = false;
      sent += await channelPass("sms");
    }
    return sent;
  }

  // Every instance sends: claims (SKIP LOCKED, a lease) keep two senders off the same message, so the
  // job needs no lock of its own.
  const job = createJob({
    name: "message-sender",
    intervalMs: pollMs,
    pass,
    onError: (error) => logger.error({ err: errorSummary(error) }, "message pass failed"),
  });
  return {
    start: () => void job.start(),
    nudge: () => job.wake(),
    drain: () => job.runNow(),
    stop: () => job.stop(),
  };
}
