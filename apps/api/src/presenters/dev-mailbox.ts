import type { MailboxEntry } from "../mail/transport";

/** GET /dev/mailbox.json: the mails written to files, newest first (development only). */
export const presentMailbox = (items: MailboxEntry[]) => ({ items });
