import { queryOptions, useQuery } from "@tanstack/react-query";

import { cropSamplesSchema, type CropSamples } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** GET /crops/{id}/samples: the crop's samples the member sees, newest first, with their verdicts. */
export function getCropSamples(cropId: number): Promise<CropSamples> {
  return apiRequest(`/crops/${cropId}/samples`, { schema: cropSamplesSchema });
}

export const cropSamplesQueryOptions = (cropId: number) =>
  queryOptions({ queryKey: farmKeys.samples(cropId), queryFn: () => getCropSamples(cropId) });

/** Off until the section is opened: the farm page stays light on a phone. */
export function useCropSamples(cropId: number, enabled: boolean) {
  return useQuery({ ...cropSamplesQueryOptions(cropId), enabled });
}
