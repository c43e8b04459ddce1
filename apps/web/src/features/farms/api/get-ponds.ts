import { queryOptions, useQuery } from "@tanstack/react-query";

import { pondListSchema, type Pond } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** GET /farms/{id}/ponds: each pond with its open crop's id (stocked, not harvested), if any. */
export async function getPonds(farmId: number): Promise<Pond[]> {
  return (await apiRequest(`/farms/${farmId}/ponds`, { schema: pondListSchema })).items;
}

export const pondsQueryOptions = (farmId: number) =>
  queryOptions({ queryKey: farmKeys.ponds(farmId), queryFn: () => getPonds(farmId) });

export function usePonds(farmId: number | null) {
  return useQuery({ ...pondsQueryOptions(farmId ?? 0), enabled: farmId !== null });
}
