import type { LedgerEmailResponse } from "@lab/contracts";

/** POST /ledger/email: how many mails were queued, with how many reports, and who was skipped. */
export function presentLedgerEmail(sent: LedgerEmailResponse): LedgerEmailResponse {
  return { recipients: sent.recipients, reportsAttached: sent.reportsAttached, skipped: sent.skipped };
}
