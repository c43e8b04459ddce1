import { fieldRequest } from "./field-request";

/** POST /field/jobs/{sampleId}/accept: the agent takes the collection on. */
export function acceptJob(sampleId: number): Promise<unknown> {
  return fieldRequest(`/field/jobs/${sampleId}/accept`, { method: "POST" });
}
