import { queryOptions, useQuery } from "@tanstack/react-query";

import { lotListSchema, type Lot } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** GET /crops/{id}/lots: the crop's harvest lots. */
export async function getCropLots(cropId: number): Promise<Lot[]> {
  return (await apiRequest(`/crops/${cropId}/lots`, { schema: lotListSchema })).items;
}

export const cropLotsQueryOptions = (cropId: number) =>
  queryOptions({ queryKey: farmKeys.lots(cropId), queryFn: () => getCropLots(cropId) });

export function useCropLots(cropId: number | null) {
  return useQuery({ ...cropLotsQueryOptions(cropId ?? 0), enabled: cropId !== null });
}
