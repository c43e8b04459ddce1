import { useMutation, useQueryClient } from "@tanstack/react-query";

import { cropSchema, type CreateCropRequest, type Crop } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** POST /ponds/{id}/crops → 201: stocks a crop in a pond without an open one (else pondHasOpenCrop). */
export function stockCrop({ pondId, input }: { pondId: number; input: CreateCropRequest }): Promise<Crop> {
  return apiRequest(`/ponds/${pondId}/crops`, { method: "POST", body: input, schema: cropSchema });
}

export function useStockCrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stockCrop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
