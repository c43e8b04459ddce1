import { useMutation, useQueryClient } from "@tanstack/react-query";

import { farmSchema, type Farm, type UpdateFarmRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** PUT /farms/{id}: only the fields sent change; null clears one. */
export function updateFarm({ farmId, input }: { farmId: number; input: UpdateFarmRequest }): Promise<Farm> {
  return apiRequest(`/farms/${farmId}`, { method: "PUT", body: input, schema: farmSchema });
}

export function useUpdateFarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFarm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
