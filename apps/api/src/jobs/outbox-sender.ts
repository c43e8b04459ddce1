import { outboxMail, type Db, type OutboxMailRow } from "@lab/db";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";

import { refreshedCodeMail } from "../domain/accounts/verification-codes";
import { codeMailNote, OUTBOX_MAX_ATTEMPTS, sentHeaders } from "../mail/outbox";
import type { MailTransport, OutgoingMail } from "../mail/transport";
import { errorSummary } from "../lib/db-errors";
import { createJob } from "./job-runner";

export interface OutboxSender {
  start(): void;
  /** Asks for a pass soon (after a commit that queued mail). */
  nudge(): void;
  /** Sends everything due now; resolves when the pass is over. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

interface Options {
  db: Db;
  transport: MailTransport;
  from: string;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed mail stays invisible to other workers while it is being sent. */
  leaseSeconds?: number;
  maxAttempts?: number;
  /** While mail is failing, how often one waiting mail is tried early to see whether SMTP is back. */
  probeMs?: number;
  /** The app's clock: decides whether a code mail's code is still fresh. */
  now?: () => Date;
}

// Code mails (verification, password reset) first, then oldest first.
const priority = sql`case when ${outboxMail.headers}->>'x-outbox-kind' = 'code' then 0 else 1 end`;

/** A permanent (5xx) refusal is about this mail; anything else may be SMTP itself being down. */
const permanent = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  "responseCode" in error &&
  typeof error.responseCode === "number" &&
  error.responseCode >= 500;

export const retryDelaySeconds = (attempts: number): number => Math.min(3600, 5 * 2 ** (attempts - 1));

export function createOutboxSender(options: Options): OutboxSender {
  const { db, transport, from, logger } = options;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const maxAttempts = options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS;
  const probeMs = options.probeMs ?? 5000;
  const now = options.now ?? (() => new Date());
  // Unknown at start (mail may have backed off before a restart), so the first success releases it all.
  let failing = true;
  let lastProbe = 0;

  // Claim in a short transaction (SKIP LOCKED keeps two workers off the same rows), send outside it,
  // so a slow SMTP server never holds a database lock.
  async function claim(): Promise<OutboxMailRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outboxMail.id })
        .from(outboxMail)
        .where(
          and(
            isNull(outboxMail.sentAt),
            lte(outboxMail.nextAttemptAt, sql`now()`),
            sql`${outboxMail.attempts} < ${maxAttempts}`,
          ),
        )
        .orderBy(priority, asc(outboxMail.createdAt), asc(outboxMail.id))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      const order = new Map(due.map((row, index) => [row.id, index]));
      const claimed = await tx
        .update(outboxMail)
        .set({
          attempts: sql`${outboxMail.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
          // A row with last_error and a future next_attempt_at is backing off; one in flight has none.
          lastError: null,
        })
        .where(
          inArray(
            outboxMail.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
      // RETURNING keeps no order: send in the claim's (codes first, then oldest).
      return claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    });
  }

  /**
   * One mail waiting out its backoff, leased without counting an attempt: if it goes, SMTP is back and
   * the whole backlog is released; if not, it keeps its old backoff.
   */
  async function claimProbe(): Promise<{ row: OutboxMailRow; backoffUntil: Date } | undefined> {
    return db.transaction(async (tx) => {
      const [waiting] = await tx
        .select({ id: outboxMail.id, nextAttemptAt: outboxMail.nextAttemptAt })
        .from(outboxMail)
        .where(
          and(
            isNull(outboxMail.sentAt),
            isNotNull(outboxMail.lastError),
            gt(outboxMail.nextAttemptAt, sql`now()`),
            sql`${outboxMail.attempts} < ${maxAttempts}`,
          ),
        )
        .orderBy(priority, asc(outboxMail.createdAt), asc(outboxMail.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!waiting) return undefined;
      const [row] = await tx
        .update(outboxMail)
        .set({ nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`, lastError: null })
        .where(eq(outboxMail.id, waiting.id))
        .returning();
      return row && { row, backoffUntil: waiting.nextAttemptAt };
    });
  }

  /** SMTP works again: every mail waiting out a backoff is due now. */
  async function releaseBacklog(): Promise<void> {
    failing = false;
    await db
      .update(outboxMail)
      .set({ nextAttemptAt: sql`now()` })
      .where(
        and(
          isNull(outboxMail.sentAt),
          isNotNull(outboxMail.lastError),
          gt(outboxMail.nextAttemptAt, sql`now()`),
          sql`${outboxMail.attempts} < ${maxAttempts}`,
        ),
      );
  }

  const outgoing = (row: OutboxMailRow): OutgoingMail => ({
    from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html ?? undefined,
    // Shared-report mail: replies reach the customer, and the RFC 8058 unsubscribe headers.
    replyTo: row.replyTo ?? undefined,
    headers: sentHeaders(row.headers),
    attachments: row.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.content, "base64"),
    })),
  });

  /**
   * A code mail whose code expired while it waited (or would within a minute) is rewritten with a
   * fresh code, in the transaction that issues it, before it is sent: what goes out is what the row
   * holds, and a retry sends the same code.
   */
  async function freshen(row: OutboxMailRow): Promise<OutboxMailRow> {
    const note = codeMailNote(row.headers);
    if (!note) return row;
    return db.transaction(async (tx) => {
      const mail = await refreshedCodeMail(tx, now(), row.to, note);
      if (!mail) return row;
      const [updated] = await tx
        .update(outboxMail)
        .set({ subject: mail.subject, text: mail.text, html: mail.html ?? null, headers: mail.headers ?? {} })
        .where(and(eq(outboxMail.id, row.id), isNull(outboxMail.sentAt)))
        .returning();
      return updated ?? row;
    });
  }

  async function sendOne(claimed: OutboxMailRow, backoffUntil?: Date): Promise<boolean> {
    let row = claimed;
    try {
      row = await freshen(claimed);
      await transport.send(outgoing(row));
      await db
        .update(outboxMail)
        .set({ sentAt: sql`now()`, lastError: null })
        .where(eq(outboxMail.id, row.id));
      if (failing) await releaseBacklog();
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!permanent(error)) failing = true;
      // The SMTP answer may name the recipient: the log keeps its class and code, the row its text.
      logger.warn(
        { mailId: row.id, attempts: row.attempts, err: errorSummary(error) },
        "mail not sent; will retry",
      );
      await db
        .update(outboxMail)
        .set({
          lastError: message.slice(0, 1000),
          // A probe counted no attempt: the mail keeps the backoff it had.
          nextAttemptAt:
            backoffUntil ?? sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
        })
        .where(eq(outboxMail.id, row.id));
      return false;
    }
  }

  async function pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) {
        if (!failing || Date.now() - lastProbe < probeMs) return sent;
        lastProbe = Date.now();
        const probe = await claimProbe();
        if (!probe) {
          // Nothing is waiting out a backoff: nothing to release.
          failing = false;
          return sent;
        }
        if (!(await sendOne(probe.row, probe.backoffUntil))) return sent;
        sent += 1;
        continue;
      }
      for (const row of batch) if (await sendOne(row)) sent += 1;
      if (batch.length < batchSize) return sent;
    }
  }

  // Every instance sends: claims (SKIP LOCKED, a lease) keep two senders off the same mail, so the
  // job needs no lock of its own.
  const job = createJob({
    name: "outbox-sender",
    intervalMs: pollMs,
    pass,
    onError: (error) => logger.error({ err: errorSummary(error) }, "outbox pass failed"),
  });
  return {
    start: () => void job.start(),
    nudge: () => job.wake(),
    drain: () => job.runNow(),
    stop: () => job.stop(),
  };
}
