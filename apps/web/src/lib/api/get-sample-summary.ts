import { queryOptions, useQuery } from "@tanstack/react-query";

import { sampleSummarySchema, type SampleSummary } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { sampleKeys } from "./sample-keys";

/** GET /sample-submissions/summary: counts per status group and the earliest creation time. */
export function getSampleSummary(): Promise<SampleSummary> {
  return apiRequest("/sample-submissions/summary", { schema: sampleSummarySchema });
}

export const sampleSummaryQueryOptions = () =>
  queryOptions({ queryKey: sampleKeys.summary(), queryFn: getSampleSummary });

export function useSampleSummary() {
  return useQuery(sampleSummaryQueryOptions());
}
