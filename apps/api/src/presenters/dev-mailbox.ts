import type { MailboxEntry } from "../mail/transport";
import type { DevMessage } from "../messaging/dev-outbox";

/**
 * GET /dev/mailbox.json (development only): the mails written to files and the SMS and WhatsApp
 * messages kept in the dev outbox, each newest first.
 */
export const presentMailbox = (items: MailboxEntry[], messages: DevMessage[] = []) => ({ items, messages });
