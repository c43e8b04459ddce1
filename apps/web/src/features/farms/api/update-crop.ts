import { useMutation, useQueryClient } from "@tanstack/react-query";

import { cropSchema, type Crop, type UpdateCropRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** PUT /crops/{id}: a harvest date ends the crop. */
export function updateCrop({ cropId, input }: { cropId: number; input: UpdateCropRequest }): Promise<Crop> {
  return apiRequest(`/crops/${cropId}`, { method: "PUT", body: input, schema: cropSchema });
}

export function useUpdateCrop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCrop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
