import { useMutation, useQueryClient } from "@tanstack/react-query";

import {
  labReportSchema,
  revocationRequestSchema,
  type LabReport,
  type RevocationRequest,
  type RevokeRequest,
} from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSamplesQueryKey, revocationsQueryKey } from "@/lib/lab-query-keys";

/** What a revoke call did: asked (a second person confirms) or, under one-person revocation, revoked. */
export type RevokeOutcome =
  { kind: "requested"; request: RevocationRequest } | { kind: "revoked"; report: LabReport };

/**
 * POST /lab/reports/{id}/revoke: 202 with the open request under the two-person rule (the report
 * stands until a different reviewer or admin confirms), 200 with the revoked report when the lab
 * allows one-person revocation; 409 if already revoked or already asked.
 */
export async function revokeReport({
  reportId,
  ...body
}: RevokeRequest & { reportId: number }): Promise<RevokeOutcome> {
  const answer = await apiRequest(`/lab/reports/${reportId}/revoke`, {
    auth: "staff",
    method: "POST",
    body,
    schema: revocationRequestSchema.or(labReportSchema),
  });
  return "outcome" in answer ? { kind: "requested", request: answer } : { kind: "revoked", report: answer };
}

export function useRevokeReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeReport,
    // A refusal (409) means the view is stale (a colleague asked or revoked first): reload too.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: labSamplesQueryKey }),
        queryClient.invalidateQueries({ queryKey: revocationsQueryKey }),
      ]);
    },
  });
}
