import { queryOptions, useQuery } from "@tanstack/react-query";

import { cropListSchema, type Crop } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** GET /ponds/{id}/crops: the pond's crops, the open one among them. */
export async function getCrops(pondId: number): Promise<Crop[]> {
  return (await apiRequest(`/ponds/${pondId}/crops`, { schema: cropListSchema })).items;
}

export const cropsQueryOptions = (pondId: number) =>
  queryOptions({ queryKey: farmKeys.crops(pondId), queryFn: () => getCrops(pondId) });

export function useCrops(pondId: number | null) {
  return useQuery({ ...cropsQueryOptions(pondId ?? 0), enabled: pondId !== null });
}
