import { queryOptions, useQuery } from "@tanstack/react-query";

import { sampleSchema, type Sample } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { sampleKeys } from "./sample-keys";

/** GET /sample-submissions/{id}: one own sample; 404 for a missing or foreign one. */
export function getSample(id: string): Promise<Sample> {
  return apiRequest(`/sample-submissions/${encodeURIComponent(id)}`, { schema: sampleSchema });
}

export const sampleQueryOptions = (id: string) =>
  queryOptions({ queryKey: sampleKeys.one(id), queryFn: () => getSample(id) });

export function useSample(id: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...sampleQueryOptions(id), refetchInterval: options.refetchInterval ?? false });
}
