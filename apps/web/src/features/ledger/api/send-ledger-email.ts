import { useMutation } from "@tanstack/react-query";

import { ledgerEmailResponseSchema, type LedgerEmailRequest, type LedgerEmailResponse } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** POST /ledger/email → 202 {recipients, reportsAttached, skipped}: one mail per address of the selection. */
export function sendLedgerEmail(request: LedgerEmailRequest): Promise<LedgerEmailResponse> {
  return apiRequest("/ledger/email", { method: "POST", body: request, schema: ledgerEmailResponseSchema });
}

/** Callbacks here (not on mutate) still run when the dialog has been closed meanwhile. */
export function useSendLedgerEmail(callbacks: {
  onSuccess: (result: LedgerEmailResponse) => void;
  onError: (error: Error) => void;
}) {
  return useMutation({
    mutationFn: sendLedgerEmail,
    onSuccess: (result) => callbacks.onSuccess(result),
    onError: (error) => callbacks.onError(error),
  });
}
