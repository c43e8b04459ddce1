import { z } from "zod";

import { messages } from "./messages";
import { idSchema, text } from "./text";

export const LEDGER_EMAIL_MAX_SAMPLES = 500;
/** Recipients one customer may send shared reports to in 24 hours (counted per address mailed). */
export const LEDGER_EMAIL_RECIPIENTS_PER_DAY = 200;
/**
 * Recipients all accounts together may reach from one client address in 24 hours, and accounts that
 * may share from it: registering more accounts does not multiply the reach.
 */
export const LEDGER_EMAIL_RECIPIENTS_PER_IP_PER_DAY = LEDGER_EMAIL_RECIPIENTS_PER_DAY;
export const LEDGER_EMAIL_ACCOUNTS_PER_IP_PER_DAY = 3;

/**
 * POST /ledger/email. No subject or message: the recipients did not ask for mail from the lab, so it
 * carries only the lab's template (a subject or message an older client sends is ignored).
 */
export const ledgerEmailRequestSchema = z.object({
  sampleIds: z
    .array(idSchema(messages.idOutOfRange))
    .max(LEDGER_EMAIL_MAX_SAMPLES, messages.ledgerTooManySamples)
    .default([]),
  includeReports: z.boolean().default(false),
});
export type LedgerEmailRequest = z.input<typeof ledgerEmailRequestSchema>;

export const ledgerEmailResponseSchema = z.object({
  recipients: z.number().int(),
  reportsAttached: z.number().int(),
  /** Addresses left out because they unsubscribed from shared reports. */
  skipped: z.number().int(),
});
export type LedgerEmailResponse = z.infer<typeof ledgerEmailResponseSchema>;

const english = new Intl.PluralRules("en");
/** "1 recipient", "2 recipients": the spec's text, with English plural rules. */
const count = (n: number, one: string, other: string): string =>
  `${n} ${english.select(n) === "one" ? one : other}`;

export const ledgerEmailSuccessMessage = (recipients: number, reports: number): string =>
  `Email sent successfully to ${count(recipients, "recipient", "recipients")}${
    reports > 0 ? ` (with ${count(reports, "report", "reports")} attached)` : ""
  }`;

export const ledgerEmailSkippedMessage = (skipped: number): string =>
  `${skipped} ${skipped === 1 ? "address was" : "addresses were"} skipped because ${skipped === 1 ? "it" : "they"} unsubscribed from shared reports.`;

/** Query of /mail/unsubscribe: the address and the lab's signature over it (from the shared-report mail). */
export const mailUnsubscribeQuerySchema = z.object({
  e: text(messages.unsubscribeLinkInvalid)
    .trim()
    .min(3, messages.unsubscribeLinkInvalid)
    .max(320, messages.unsubscribeLinkInvalid),
  s: text(messages.unsubscribeLinkInvalid)
    .min(1, messages.unsubscribeLinkInvalid)
    .max(100, messages.unsubscribeLinkInvalid),
});
export type MailUnsubscribeQuery = z.infer<typeof mailUnsubscribeQuerySchema>;

/** POST /mail/unsubscribe → 200 */
export const mailUnsubscribeResponseSchema = z.object({ email: z.string(), unsubscribed: z.literal(true) });
export type MailUnsubscribeResponse = z.infer<typeof mailUnsubscribeResponseSchema>;
