import { outboxMail, type Executor, type OutboxAttachment } from "@lab/db";

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

/** Queues a mail inside the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueMail(executor: Executor, mail: MailToSend): Promise<void> {
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
