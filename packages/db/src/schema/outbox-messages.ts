import { MESSAGE_CHANNELS, MESSAGE_STATUSES, NOTICE_CHANNELS, PREFERENCE_KINDS } from "@lab/contracts";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { customers } from "./customers";
import { samples } from "./samples";

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * The phone channels' outbox: one row per message to one number (SMS or WhatsApp), written in the
 * transaction of the change that causes it and sent after commit by the message sender. The row holds
 * the template's key, language and variables (never rendered free text) and the message's status as
 * the SMSC's receipts and the Cloud API's webhooks report it.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text({ enum: MESSAGE_CHANNELS }).notNull(),
    /** E.164. */
    recipient: text().notNull(),
    /** The member it is for; none for a code sent to a number that holds no account yet. */
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    sampleId: integer().references(() => samples.id, { onDelete: "set null" }),
    /** Why it was sent: a kind of notice, "code" or "invitation". */
    kind: text().notNull(),
    /** The template's key; its text per language and channel lives with the templates. */
    template: text().notNull(),
    language: text().notNull(),
    variables: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: text({ enum: MESSAGE_STATUSES }).notNull().default("queued"),
    /** Why it failed, as the SMSC or the Cloud API said it. */
    statusReason: text(),
    /** The Cloud API's message id (wamid) or the SMSC's id of the first part. */
    providerId: text(),
    /** An SMS standing in for a WhatsApp message that could not be delivered. */
    fallbackOf: integer().references((): AnyPgColumn => outboxMessages.id, { onDelete: "set null" }),
    /** Whether an SMS may stand in for this WhatsApp message when it fails. */
    smsFallback: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("outbox_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    uniqueIndex("outbox_messages_provider_key")
      .on(t.channel, t.providerId)
      .where(sql`${t.providerId} is not null`),
    uniqueIndex("outbox_messages_fallback_key")
      .on(t.fallbackOf)
      .where(sql`${t.fallbackOf} is not null`),
    index("outbox_messages_sample_idx").on(t.sampleId, t.id),
    index("outbox_messages_recipient_idx").on(t.recipient, t.createdAt),
    check("outbox_messages_channel_check", sql`${t.channel} in (${inList(MESSAGE_CHANNELS)})`),
    check("outbox_messages_status_check", sql`${t.status} in (${inList(MESSAGE_STATUSES)})`),
  ],
);

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;

/**
 * The parts of a long SMS (concatenated), each with the SMSC's id: each part's delivery receipt finds
 * its message here, and the message is delivered when every part is.
 */
export const outboxMessageParts = pgTable(
  "outbox_message_parts",
  {
    messageId: integer()
      .notNull()
      .references(() => outboxMessages.id, { onDelete: "cascade" }),
    part: smallint().notNull(),
    providerId: text().notNull(),
    status: text({ enum: MESSAGE_STATUSES }).notNull().default("sent"),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.part] }),
    uniqueIndex("outbox_message_parts_provider_key").on(t.providerId),
  ],
);

/** A member's channels for one kind of notice; without a row the defaults apply. */
export const noticePreferences = pgTable(
  "notice_preferences",
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    kind: text({ enum: PREFERENCE_KINDS }).notNull(),
    channels: text({ enum: NOTICE_CHANNELS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.kind] })],
);
