import { queryOptions, useQuery } from "@tanstack/react-query";

import { custodySchema, type Custody } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { sampleKeys } from "@/lib/api/sample-keys";

/** GET /samples/{id}/custody: the hand-offs, the collection and reception's decision. */
export function getCustody(id: string): Promise<Custody> {
  return apiRequest(`/samples/${encodeURIComponent(id)}/custody`, { schema: custodySchema });
}

export const custodyQueryOptions = (id: string) =>
  queryOptions({ queryKey: sampleKeys.custody(id), queryFn: () => getCustody(id) });

export function useCustody(id: string, enabled = true) {
  return useQuery({ ...custodyQueryOptions(id), enabled });
}
