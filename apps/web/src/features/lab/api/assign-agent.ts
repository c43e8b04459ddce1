import { useMutation, useQueryClient } from "@tanstack/react-query";

import { sampleSchema, type Sample } from "@lab/contracts";

import { labRequest } from "../utils/lab-request";

/** POST /lab/samples/{id}/assign: PENDING → COLLECTING, or another agent while COLLECTING. */
export function assignAgent({ sampleId, agentId }: { sampleId: number; agentId: number }): Promise<Sample> {
  return labRequest(`/samples/${sampleId}/assign`, {
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["lab", "samples"] }),
  });
}
