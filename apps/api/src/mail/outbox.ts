import { outboxMail, type Executor, type OutboxAttachment } from "@lab/db";
import { and, isNull, sql } from "drizzle-orm";

/** After this many failed tries a mail is given up (it stays in outbox_mail with its last error). */
export const OUTBOX_MAX_ATTEMPTS = 12;

export interface MailToSend {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** A bare address: replies go there rather than to the lab's From. */
  replyTo?: string;
  /** The customer who shared reports through this mail (counted by the daily recipient quota). */
  sharedBy?: number;
  /** When it was queued; the quota window reads this, so it follows the app's clock. Default now(). */
  queuedAt?: Date;
}

/**
 * Headers under this prefix are the outbox's own notes (never sent): a code mail names its customer,
 * purpose and code, so the sender can put it first and replace a code that expired while it waited.
 */
export const OUTBOX_NOTE_PREFIX = "x-outbox-";

export interface CodeMailNote {
  customerId: number;
  purpose: "verify" | "reset";
  code: string;
}

export function markCodeMail(mail: MailToSend, note: CodeMailNote): MailToSend {
  return {
    ...mail,
    headers: {
      ...mail.headers,
      [`${OUTBOX_NOTE_PREFIX}kind`]: "code",
      [`${OUTBOX_NOTE_PREFIX}customer`]: String(note.customerId),
      [`${OUTBOX_NOTE_PREFIX}purpose`]: note.purpose,
      [`${OUTBOX_NOTE_PREFIX}code`]: note.code,
    },
  };
}

export function codeMailNote(headers: Record<string, string>): CodeMailNote | undefined {
  if (headers[`${OUTBOX_NOTE_PREFIX}kind`] !== "code") return undefined;
  const customerId = Number(headers[`${OUTBOX_NOTE_PREFIX}customer`]);
  const purpose = headers[`${OUTBOX_NOTE_PREFIX}purpose`];
  const code = headers[`${OUTBOX_NOTE_PREFIX}code`];
  if (!Number.isInteger(customerId) || (purpose !== "verify" && purpose !== "reset") || !code)
    return undefined;
  return { customerId, purpose, code };
}

/** The headers that go to SMTP: the outbox's notes stay behind. */
export function sentHeaders(headers: Record<string, string>): Record<string, string> | undefined {
  const kept = Object.entries(headers).filter(([name]) => !name.toLowerCase().startsWith(OUTBOX_NOTE_PREFIX));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** Queues a mail inside the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueMail(executor: Executor, mail: MailToSend): Promise<void> {
  // Addressed to nobody: a member without an e-mail address hears by the bell and their phone only.
  if (mail.to.length === 0) return;
  await executor.insert(outboxMail).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    attachments: mail.attachments ?? [],
    headers: mail.headers ?? {},
    replyTo: mail.replyTo ?? null,
    sharedBy: mail.sharedBy ?? null,
    ...(mail.queuedAt ? { createdAt: mail.queuedAt } : {}),
  });
}

export interface OutboxBacklog {
  /** Unsent mails still to be tried. */
  pending: number;
  /** Age in seconds of the oldest of them; 0 when none. */
  oldestPendingSeconds: number;
  /** Unsent mails given up after the last try. */
  failed: number;
}

export async function outboxBacklog(executor: Executor): Promise<OutboxBacklog> {
  const live = sql`${outboxMail.attempts} < ${OUTBOX_MAX_ATTEMPTS}`;
  const [row] = await executor
    .select({
      pending: sql<number>`count(*) filter (where ${live})::int`,
      oldest: sql<
        number | null
      >`extract(epoch from now() - min(${outboxMail.createdAt}) filter (where ${live}))::float8`,
      failed: sql<number>`count(*) filter (where not (${live}))::int`,
    })
    .from(outboxMail)
    .where(and(isNull(outboxMail.sentAt)));
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingSeconds: Math.max(0, Math.floor(Number(row?.oldest ?? 0))),
    failed: Number(row?.failed ?? 0),
  };
}
