import { useQuery } from "@tanstack/react-query";

import { custodySchema, type Custody } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_REFRESH_MS, labSamplesQueryKey } from "@/lib/lab-query-keys";

/** GET /samples/{id}/custody (staff read every sample's): hand-offs, the collection, reception. */
export function getCustody(sampleId: number): Promise<Custody> {
  return apiRequest(`/samples/${sampleId}/custody`, { auth: "staff", schema: custodySchema });
}

export function useCustody(sampleId: number) {
  return useQuery({
    queryKey: [...labSamplesQueryKey, "custody", sampleId],
    queryFn: () => getCustody(sampleId),
    refetchInterval: LAB_REFRESH_MS,
  });
}
