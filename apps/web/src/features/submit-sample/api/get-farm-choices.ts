// The organisation's farms, ponds, crops and lots a sample may name. The farms feature has its own
// screens; these reads share its query keys, so either screen's answers serve the other.
import { useQuery } from "@tanstack/react-query";

import {
  cropListSchema,
  farmListSchema,
  lotListSchema,
  lotSchema,
  pondListSchema,
  pondSchema,
} from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

export function useFarmChoices() {
  return useQuery({
    queryKey: ["farms", "list"],
    queryFn: async () => (await apiRequest("/farms", { schema: farmListSchema })).items,
    // No farms (or none readable) leaves the form as it always was: nothing to retry loudly.
    retry: false,
  });
}

export function usePondChoices(farmId: number | null) {
  return useQuery({
    queryKey: ["farms", "farm", farmId ?? 0, "ponds"],
    queryFn: async () => (await apiRequest(`/farms/${farmId ?? 0}/ponds`, { schema: pondListSchema })).items,
    enabled: farmId !== null,
  });
}

export function useCropChoices(pondId: number | null) {
  return useQuery({
    queryKey: ["farms", "pond", pondId ?? 0, "crops"],
    queryFn: async () => (await apiRequest(`/ponds/${pondId ?? 0}/crops`, { schema: cropListSchema })).items,
    enabled: pondId !== null,
  });
}

export function useLotChoices(cropId: number | null) {
  return useQuery({
    queryKey: ["farms", "crop", cropId ?? 0, "lots"],
    queryFn: async () => (await apiRequest(`/crops/${cropId ?? 0}/lots`, { schema: lotListSchema })).items,
    enabled: cropId !== null,
  });
}

/** One harvest lot by its id: the lot a retest link names, with its farm, pond, crop and markets. */
export function useLotChoice(lotId: number | null) {
  return useQuery({
    queryKey: ["farms", "lot", lotId ?? 0],
    queryFn: () => apiRequest(`/lots/${lotId ?? 0}`, { schema: lotSchema }),
    enabled: lotId !== null,
    // Another organisation's lot, or one deleted since, is a 404 to say, not to retry.
    retry: false,
  });
}

/** One pond by its id: the farm a copied sample's pond is on. */
export function usePondChoice(pondId: number | null) {
  return useQuery({
    queryKey: ["farms", "pond", pondId ?? 0],
    queryFn: () => apiRequest(`/ponds/${pondId ?? 0}`, { schema: pondSchema }),
    enabled: pondId !== null,
    // A pond deleted since is left out of the copy, not retried.
    retry: false,
  });
}
