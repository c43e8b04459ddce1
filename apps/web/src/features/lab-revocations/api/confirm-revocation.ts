import { useMutation, useQueryClient } from "@tanstack/react-query";

import { revocationRequestSchema, type RevocationRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSamplesQueryKey, revocationsQueryKey } from "@/lib/lab-query-keys";

/** POST /lab/revocations/{id}/confirm: a different reviewer or admin confirms: the report is revoked; 403 for the requester, 409 once decided. */
export function confirmRevocation(requestId: number): Promise<RevocationRequest> {
  return apiRequest(`/lab/revocations/${requestId}/confirm`, {
    auth: "staff",
    method: "POST",
    schema: revocationRequestSchema,
  });
}

export function useConfirmRevocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmRevocation,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: revocationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: labSamplesQueryKey }),
      ]);
    },
  });
}
