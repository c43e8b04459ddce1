import { useMutation, useQueryClient } from "@tanstack/react-query";

import { sampleSchema, type Sample } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSamplesQueryKey } from "@/lib/lab-query-keys";

/** POST /lab/samples/{id}/unassign: COLLECTING → PENDING. */
export function unassignAgent(sampleId: number): Promise<Sample> {
  return apiRequest(`/lab/samples/${sampleId}/unassign`, {
    auth: "staff",
    method: "POST",
    schema: sampleSchema,
  });
}

export function useUnassignAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignAgent,
    // A refused move (409) means the view is stale (the dispatcher or a colleague moved it): reload too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: labSamplesQueryKey }),
  });
}
