import { outboxMail, type Db, type OutboxMailRow } from "@lab/db";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";

import type { MailTransport } from "../mail/transport";
import { errorSummary } from "../lib/db-errors";

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
}

export const retryDelaySeconds = (attempts: number): number => Math.min(3600, 5 * 2 ** (attempts - 1));

export function createOutboxSender(options: Options): OutboxSender {
  const { db, transport, from, logger } = options;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? 10;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const maxAttempts = options.maxAttempts ?? 12;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

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
        .orderBy(asc(outboxMail.nextAttemptAt))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outboxMail)
        .set({
          attempts: sql`${outboxMail.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
        })
        .where(
          inArray(
            outboxMail.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  async function sendOne(row: OutboxMailRow): Promise<boolean> {
    try {
      await transport.send({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        // Shared-report mail: replies reach the customer, and the RFC 8058 unsubscribe headers.
        replyTo: row.replyTo ?? undefined,
        headers: Object.keys(row.headers).length > 0 ? row.headers : undefined,
        attachments: row.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, "base64"),
        })),
      });
      await db
        .update(outboxMail)
        .set({ sentAt: sql`now()`, lastError: null })
        .where(eq(outboxMail.id, row.id));
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The SMTP answer may name the recipient: the log keeps its class and code, the row its text.
      logger.warn(
        { mailId: row.id, attempts: row.attempts, err: errorSummary(error) },
        "mail not sent; will retry",
      );
      await db
        .update(outboxMail)
        .set({
          lastError: message.slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
        })
        .where(eq(outboxMail.id, row.id));
      return false;
    }
  }

  async function pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claim();
      if (batch.length === 0) return sent;
      for (const row of batch) if (await sendOne(row)) sent += 1;
      if (batch.length < batchSize) return sent;
    }
  }

  function drain(): Promise<number> {
    // One pass at a time in this process; a caller arriving mid-pass waits for it and then runs its own.
    const previous = running ?? Promise.resolve(0);
    const next = previous.catch(() => 0).then(pass);
    running = next;
    return next.finally(() => {
      if (running === next) running = undefined;
    });
  }

  function schedule(delay: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      drain()
        .catch((error: unknown) => logger.error({ err: errorSummary(error) }, "outbox pass failed"))
        .finally(() => schedule(pollMs));
    }, delay);
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      schedule(0);
    },
    nudge() {
      schedule(0);
    },
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
