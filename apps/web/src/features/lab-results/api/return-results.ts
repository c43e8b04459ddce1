import { useMutation, useQueryClient } from "@tanstack/react-query";

import { analysisSchema, type Analysis } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSamplesQueryKey } from "@/lib/lab-query-keys";

/** POST /lab/samples/{id}/return (reviewer): sends the round back to the analyst with a note. */
export function returnResults({ sampleId, note }: { sampleId: number; note: string }): Promise<Analysis> {
  return apiRequest(`/lab/samples/${sampleId}/return`, {
    auth: "staff",
    method: "POST",
    body: { note },
    schema: analysisSchema,
  });
}

export function useReturnResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnResults,
    onSettled: () => queryClient.invalidateQueries({ queryKey: labSamplesQueryKey }),
  });
}
