import { useQuery } from "@tanstack/react-query";

import { fieldJobsSchema, type FieldJobs } from "@lab/contracts";

import { isApiError } from "@/lib/api-client";

import { savedJobs, saveJobs } from "../utils/field-db";
import { fieldRequest } from "./field-request";
import { fieldJobsKey } from "./query-keys";

/** GET /field/jobs: the collections assigned to the signed-in agent, today's and upcoming. */
export function getFieldJobs(signal?: AbortSignal): Promise<FieldJobs> {
  return fieldRequest("/field/jobs", { schema: fieldJobsSchema, signal });
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
export async function loadJobList(agentId: number, signal?: AbortSignal): Promise<JobList> {
  try {
    const data = await getFieldJobs(signal);
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

export function useFieldJobs(agentId: number) {
  return useQuery({
    queryKey: fieldJobsKey(agentId),
    queryFn: ({ signal }) => loadJobList(agentId, signal),
    // Offline the phone's copy answers: the query must run rather than pause.
    networkMode: "always",
    retry: false,
  });
}
