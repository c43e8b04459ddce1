import { useMutation, useQueryClient } from "@tanstack/react-query";

import { sampleSchema, type Sample, type SampleSubmission } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** POST /sample-submissions with the spec's payload → 201 the sample (the server decides status). */
export function submitSample(payload: SampleSubmission): Promise<Sample> {
  return apiRequest("/sample-submissions", { method: "POST", body: payload, schema: sampleSchema });
}

export function useSubmitSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitSample,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["samples"] }),
  });
}
