import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

/** Transactional outbox: written with the change that causes the mail, sent by the outbox worker. */
export const outboxMail = pgTable(
  "outbox_mail",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().array().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    attachments: jsonb().$type<OutboxAttachment[]>().notNull().default([]),
    /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    replyTo: text(),
    /** The customer who shared reports through this mail: the per-customer daily quota counts these. */
    sharedBy: integer(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("outbox_mail_shared_by_idx")
      .on(t.sharedBy, t.createdAt)
      .where(sql`${t.sharedBy} is not null`),
    index("outbox_mail_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

export type OutboxMailRow = typeof outboxMail.$inferSelect;
