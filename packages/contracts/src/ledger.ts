import { z } from "zod";

import { messages } from "./messages";

export const DEFAULT_EMAIL_SUBJECT = "Sample Test Report Update";
export const LEDGER_EMAIL_MAX_SAMPLES = 500;

/** POST /ledger/email */
export const ledgerEmailRequestSchema = z.object({
  sampleIds: z
    .array(z.number().int().positive())
    .max(LEDGER_EMAIL_MAX_SAMPLES, messages.ledgerTooManySamples)
    .default([]),
  subject: z.string().trim().max(200).default(""),
  message: z.string().trim().min(1, messages.ledgerMessageRequired).max(10_000),
  includeReports: z.boolean().default(false),
});
export type LedgerEmailRequest = z.input<typeof ledgerEmailRequestSchema>;

export const ledgerEmailResponseSchema = z.object({
  recipients: z.number().int(),
  reportsAttached: z.number().int(),
});
export type LedgerEmailResponse = z.infer<typeof ledgerEmailResponseSchema>;

export const ledgerEmailSuccessMessage = (recipients: number, reports: number): string =>
  `Email sent successfully to ${recipients} recipients${reports > 0 ? ` (with ${reports} reports attached)` : ""}`;
