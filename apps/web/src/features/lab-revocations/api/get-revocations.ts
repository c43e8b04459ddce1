import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { revocationRequestSchema, type RevocationRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_REFRESH_MS, revocationsQueryKey } from "@/lib/lab-query-keys";

/** GET /lab/revocations[?sampleId=]: the open revocation requests, oldest first. */
export function getRevocations(sampleId?: number): Promise<RevocationRequest[]> {
  const query = sampleId === undefined ? "" : `?sampleId=${sampleId}`;
  return apiRequest(`/lab/revocations${query}`, { auth: "staff", schema: z.array(revocationRequestSchema) });
}

export const revocationsQueryOptions = (sampleId?: number) =>
  queryOptions({
    queryKey: [...revocationsQueryKey, sampleId ?? "all"],
    queryFn: () => getRevocations(sampleId),
  });

/** Re-read like the sample: a colleague confirms or cancels from another desk. */
export function useRevocations(sampleId?: number) {
  return useQuery({ ...revocationsQueryOptions(sampleId), refetchInterval: LAB_REFRESH_MS });
}
