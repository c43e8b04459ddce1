import { queryOptions, useQuery } from "@tanstack/react-query";

import { farmSchema, type Farm } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** GET /farms/{id}: another organisation's farm is not found (404). */
export function getFarm(farmId: number): Promise<Farm> {
  return apiRequest(`/farms/${farmId}`, { schema: farmSchema });
}

export const farmQueryOptions = (farmId: number) =>
  queryOptions({ queryKey: farmKeys.farm(farmId), queryFn: () => getFarm(farmId) });

export function useFarm(farmId: number) {
  return useQuery(farmQueryOptions(farmId));
}
