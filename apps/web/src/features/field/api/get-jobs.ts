import type { FieldJobs } from "@lab/contracts";

import { isApiError, localError } from "@/lib/api-client";

import { savedJobs, saveJobs } from "../utils/field-db";
import { fieldRequest } from "./field-request";

/**
 * The answer's outline, checked by hand: the /field shell does without zod (its budget), and the
 * server answers with contracts' fieldJobsSchema.
 */
function parseJobs(body: unknown): FieldJobs {
  const value = (typeof body === "object" && body !== null ? body : {}) as Partial<
    Record<keyof FieldJobs, unknown>
  >;
  if (
    !Array.isArray(value.jobs) ||
    typeof value.radiusM !== "number" ||
    typeof value.serverTime !== "string"
  ) {
    throw localError(200, "serverError", "invalid_response", body);
  }
  return value as FieldJobs;
}

/** GET /field/jobs: the collections assigned to the signed-in agent, today's and upcoming. */
export async function getFieldJobs(): Promise<FieldJobs> {
  return parseJobs(await fieldRequest<unknown>("/field/jobs"));
}

export interface JobList {
  data: FieldJobs;
  /** Epoch milliseconds of the answer shown. */
  savedAt: number;
  /** True when the server could not be reached and the phone's last copy is shown. */
  offline: boolean;
}

/**
 * The job list, kept on the phone after each load: without a network the last copy shows (with its
 * time), so the agent at a pond still has the farmer's number and the tests.
 */
export async function loadJobList(agentId: number): Promise<JobList> {
  try {
    const data = await getFieldJobs();
    const savedAt = Date.now();
    await saveJobs(agentId, data, savedAt).catch(() => undefined);
    return { data, savedAt, offline: false };
  } catch (error) {
    if (isApiError(error) && error.status === 0) {
      const saved = await savedJobs(agentId).catch(() => undefined);
      if (saved) return { data: saved.data, savedAt: saved.savedAt, offline: true };
    }
    throw error;
  }
}
