import { outboxMail, type Executor, type OutboxAttachment } from "@lab/db";

export interface MailToSend {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
}

/** Queues a mail inside the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueMail(executor: Executor, mail: MailToSend): Promise<void> {
  await executor.insert(outboxMail).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    attachments: mail.attachments ?? [],
  });
}
