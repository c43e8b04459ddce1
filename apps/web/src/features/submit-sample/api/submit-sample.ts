import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";

import { sampleSchema, type Sample, type SampleSubmission } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { sampleKeys } from "@/lib/api/sample-keys";
import { useIdempotencyKeys } from "@/lib/idempotency-key";

/**
 * POST /sample-submissions with the spec's payload → 201 the sample (the server decides status).
 * With an idempotency key, a retry of a submit whose answer was lost returns the first sample.
 */
export function submitSample(payload: SampleSubmission, idempotencyKey?: string): Promise<Sample> {
  return apiRequest("/sample-submissions", {
    method: "POST",
    body: payload,
    schema: sampleSchema,
    ...(idempotencyKey === undefined ? {} : { headers: { "Idempotency-Key": idempotencyKey } }),
  });
}

/** Each submit sends a key, kept while the values are unchanged and renewed after a success. */
export function useSubmitSample() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  // The form makes a new "temp_<time>" sampler id per press; a retry must send the same body, so the
  // first one is kept until a success (the server reads any temp_ id as "no saved provider").
  const temporaryId = useRef<string | undefined>(undefined);
  return useMutation({
    mutationFn: (payload: SampleSubmission) => {
      const temporary = typeof payload.samplerId === "string" && payload.samplerId.startsWith("temp_");
      if (temporary) temporaryId.current ??= String(payload.samplerId);
      const sent = temporary ? { ...payload, samplerId: temporaryId.current } : payload;
      return submitSample(sent, keys.keyFor(sent));
    },
    onSuccess: () => {
      keys.succeeded();
      temporaryId.current = undefined;
      return queryClient.invalidateQueries({ queryKey: sampleKeys.all });
    },
  });
}
