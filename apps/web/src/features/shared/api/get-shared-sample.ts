import { queryOptions, useQuery } from "@tanstack/react-query";

import { sharedSampleDetailSchema, type SharedSampleDetail } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { sharedKeys } from "./keys";

/** GET /shared/samples/{id}: a shared sample with its latest report's results; 404 once unshared. */
export function getSharedSample(id: number): Promise<SharedSampleDetail> {
  return apiRequest(`/shared/samples/${id}`, { schema: sharedSampleDetailSchema });
}

export const sharedSampleQueryOptions = (id: number) =>
  queryOptions({ queryKey: sharedKeys.sample(id), queryFn: () => getSharedSample(id) });

export function useSharedSample(id: number) {
  return useQuery(sharedSampleQueryOptions(id));
}
