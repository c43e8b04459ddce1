import { useMutation, useQueryClient } from "@tanstack/react-query";

import { sampleSchema, type Sample } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSamplesQueryKey } from "@/lib/lab-query-keys";

/** POST /lab/samples/{id}/assign: PENDING → COLLECTING, or another agent while COLLECTING. */
export function assignAgent({ sampleId, agentId }: { sampleId: number; agentId: number }): Promise<Sample> {
  return apiRequest(`/lab/samples/${sampleId}/assign`, {
    auth: "staff",
    method: "POST",
    body: { agentId },
    schema: sampleSchema,
  });
}

export function useAssignAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAgent,
    // A refused move (409) means the view is stale (the dispatcher or a colleague moved it): reload too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: labSamplesQueryKey }),
  });
}
