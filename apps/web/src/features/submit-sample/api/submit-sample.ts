import { useMutation, useQueryClient } from "@tanstack/react-query";

import { sampleSchema, type Sample, type SampleSubmission } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { sampleKeys } from "@/lib/api/sample-keys";

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

/** One submit as sent: its body and its `Idempotency-Key`. The form keeps it with its draft until a success. */
export interface SubmitRequest {
  key: string;
  payload: SampleSubmission;
}

const isTemporary = (samplerId: SampleSubmission["samplerId"]) =>
  typeof samplerId === "string" && samplerId.startsWith("temp_");

/**
 * The content of a submission, the same whatever "temp_<time>" sampler id a press made: the server
 * reads any temp_ id as "no saved provider", so two presses with different ones are the same sample.
 */
export const submissionContent = (payload: SampleSubmission): string =>
  JSON.stringify({ ...payload, samplerId: isTemporary(payload.samplerId) ? "temp_" : payload.samplerId });

/**
 * The request for `payload`: the kept one again, key and exact body, when it has the same content (a
 * re-send after a lost answer, also after a reload, gets the first sample back instead of a second);
 * else a new key.
 */
export function submitRequestFor(
  payload: SampleSubmission,
  kept: SubmitRequest | null,
  newKey: () => string = () => crypto.randomUUID(),
): SubmitRequest {
  if (kept && submissionContent(kept.payload) === submissionContent(payload)) return kept;
  return { key: newKey(), payload };
}

export function useSubmitSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, key }: SubmitRequest) => submitSample(payload, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sampleKeys.all }),
  });
}
