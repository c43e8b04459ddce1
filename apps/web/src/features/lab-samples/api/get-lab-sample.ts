import { queryOptions, useQuery } from "@tanstack/react-query";

import { labSampleDetailSchema, type LabSampleDetail } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { LAB_REFRESH_MS, labSamplesQueryKey } from "@/lib/lab-query-keys";

export type { LabSampleDetail } from "@lab/contracts";

/** GET /lab/samples/{id}: the sample with its customer, timeline and report. */
export function getLabSample(id: string): Promise<LabSampleDetail> {
  return apiRequest(`/lab/samples/${encodeURIComponent(id)}`, {
    auth: "staff",
    schema: labSampleDetailSchema,
  });
}

export const labSampleQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...labSamplesQueryKey, "one", id], queryFn: () => getLabSample(id) });

export function useLabSample(id: string) {
  return useQuery({ ...labSampleQueryOptions(id), refetchInterval: LAB_REFRESH_MS });
}
