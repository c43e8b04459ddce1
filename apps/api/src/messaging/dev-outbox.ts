import { randomUUID } from "node:crypto";

import type { MessageChannel } from "@lab/contracts";
import { outboxMessages, type Db, type OutboxMessageRow } from "@lab/db";
import { desc, inArray } from "drizzle-orm";
import type { Logger } from "pino";

import { errorSummary } from "../lib/db-errors";
import type { DeliveryReport, SmsChannel, WhatsAppChannel } from "./channels";
import { recordDeliveryReport } from "./delivery-reports";
import { renderSms } from "./sms/sms-templates";
import { isTemplateKey } from "./templates";
import { whatsappMessage } from "./whatsapp/whatsapp-templates";

/**
 * The phone channels of a portal with no SMSC or WhatsApp account configured: each message is taken
 * at once, given a `dev-…` id and reported delivered straight after through the path a real
 * provider's report takes (an SMS receipt to the sender's listener, a WhatsApp status to
 * recordDeliveryReport as the webhook would), so statuses move as they would for real. Nothing leaves
 * the machine; the dev mailbox page lists the messages from the outbox itself.
 */
export interface DevOutbox {
  sms: SmsChannel;
  whatsapp: WhatsAppChannel;
}

/**
 * How long the dev WhatsApp channel keeps trying to report a message whose id is not stored yet
 * (20 s: a loaded machine's sender may take seconds to record it).
 */
const REPORT_TRIES = 200;
const REPORT_RETRY_MS = 100;

export function createDevOutbox(options: { db: Db; logger: Logger }): DevOutbox {
  const { db, logger } = options;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const later = (run: () => void, ms: number) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const close = () => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    return Promise.resolve();
  };
  const delivered = (providerId: string): DeliveryReport => ({
    providerId,
    status: "delivered",
    at: new Date(),
  });

  const listeners: ((report: DeliveryReport) => void | Promise<void>)[] = [];
  const sms: SmsChannel = {
    submit: (message) => {
      const providerId = `dev-sms-${randomUUID()}`;
      // After the submit's answer, as an SMSC's receipt comes.
      later(() => {
        for (const listener of listeners) void listener(delivered(providerId));
      }, 0);
      logger.debug({ messageId: message.messageId }, "sms kept in the dev outbox");
      return Promise.resolve({ providerIds: [providerId] });
    },
    onReport: (listener) => {
      listeners.push(listener);
    },
    close,
  };

  // The sender stores the id once `send` answers: until then the status has no message to find.
  const reportWhatsApp = (providerId: string, tries: number) =>
    later(() => {
      recordDeliveryReport(db, "whatsapp", delivered(providerId)).then(
        (found) => {
          if (!found && tries > 1) reportWhatsApp(providerId, tries - 1);
        },
        (error: unknown) => logger.warn({ err: errorSummary(error) }, "dev outbox status not recorded"),
      );
    }, REPORT_RETRY_MS);
  const whatsapp: WhatsAppChannel = {
    send: (message) => {
      const providerId = `dev-wamid-${randomUUID()}`;
      reportWhatsApp(providerId, REPORT_TRIES);
      logger.debug({ messageId: message.messageId }, "whatsapp message kept in the dev outbox");
      return Promise.resolve({ providerId });
    },
    close,
  };
  return { sms, whatsapp };
}

/** One phone message as the dev mailbox page shows it. */
export interface DevMessage {
  id: number;
  channel: MessageChannel;
  to: string;
  kind: string;
  template: string;
  language: string;
  /** What the reader gets: the SMS text, or the WhatsApp template's body with its variables in place. */
  body: string;
  status: OutboxMessageRow["status"];
  reason: string | null;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  failedAt: string | null;
}

/** The words a message's reader gets; a message that cannot be rendered says why instead. */
function bodyOf(row: OutboxMessageRow): string {
  const template = row.template;
  if (!isTemplateKey(template)) return `(unknown template ${template})`;
  try {
    return row.channel === "sms"
      ? renderSms(template, row.language, row.variables).text
      : whatsappMessage(template, row.language, row.variables).body;
  } catch (error) {
    return `(${error instanceof Error ? error.message : String(error)})`;
  }
}

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

/** The latest messages of the channels kept in the dev outbox, newest first. */
export async function listDevMessages(
  db: Db,
  channels: readonly MessageChannel[],
  limit = 50,
): Promise<DevMessage[]> {
  if (channels.length === 0) return [];
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.channel, [...channels]))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    kind: row.kind,
    template: row.template,
    language: row.language,
    body: bodyOf(row),
    status: row.status,
    reason: row.statusReason,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
    failedAt: iso(row.failedAt),
  }));
}
