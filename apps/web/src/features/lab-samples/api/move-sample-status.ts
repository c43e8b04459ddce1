import { useMutation, useQueryClient } from "@tanstack/react-query";

import { sampleSchema, type Sample } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSamplesQueryKey } from "@/lib/lab-query-keys";

export type StatusMove = { status: "COLLECTED" } | { status: "TESTING"; testingEta?: string };

/** POST /lab/samples/{id}/status: COLLECTING → COLLECTED, or COLLECTED → TESTING (optional ETA). */
export function moveSampleStatus({
  sampleId,
  move,
}: {
  sampleId: number;
  move: StatusMove;
}): Promise<Sample> {
  return apiRequest(`/lab/samples/${sampleId}/status`, {
    auth: "staff",
    method: "POST",
    body: move,
    schema: sampleSchema,
  });
}

export function useMoveSampleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveSampleStatus,
    // A refused move (409) means the view is stale (the dispatcher or a colleague moved it): reload too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: labSamplesQueryKey }),
  });
}
