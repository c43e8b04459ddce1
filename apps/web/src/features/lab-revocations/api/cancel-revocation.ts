import { useMutation, useQueryClient } from "@tanstack/react-query";

import { revocationRequestSchema, type RevocationRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSamplesQueryKey, revocationsQueryKey } from "@/lib/lab-query-keys";

/** POST /lab/revocations/{id}/cancel: the requester withdraws it or another reviewer or admin turns it down; the report stands. */
export function cancelRevocation(requestId: number): Promise<RevocationRequest> {
  return apiRequest(`/lab/revocations/${requestId}/cancel`, {
    auth: "staff",
    method: "POST",
    schema: revocationRequestSchema,
  });
}

export function useCancelRevocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRevocation,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: revocationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: labSamplesQueryKey }),
      ]);
    },
  });
}
