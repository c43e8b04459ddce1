import { fieldRequest } from "./field-request";

/** POST /field/jobs/{sampleId}/decline `{ reason? }`: hands the job back to the dispatcher. */
export function declineJob(input: { sampleId: number; reason: string }): Promise<unknown> {
  const reason = input.reason.trim();
  return fieldRequest(`/field/jobs/${input.sampleId}/decline`, {
    method: "POST",
    body: reason ? { reason } : {},
  });
}
