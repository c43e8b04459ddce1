import { useMutation, useQueryClient } from "@tanstack/react-query";

import { analysisSchema, type Analysis, type EnterResultsRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labSamplesQueryKey } from "@/lib/lab-query-keys";

/** POST /lab/samples/{id}/results (analyst): stores the round's results; answers the judgement so far. */
export function enterResults({
  sampleId,
  input,
}: {
  sampleId: number;
  input: EnterResultsRequest;
}): Promise<Analysis> {
  return apiRequest(`/lab/samples/${sampleId}/results`, {
    auth: "staff",
    method: "POST",
    body: input,
    schema: analysisSchema,
  });
}

export function useEnterResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterResults,
    onSettled: () => queryClient.invalidateQueries({ queryKey: labSamplesQueryKey }),
  });
}
