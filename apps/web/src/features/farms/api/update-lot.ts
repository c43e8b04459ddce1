import { useMutation, useQueryClient } from "@tanstack/react-query";

import { lotSchema, type Lot, type UpdateLotRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** PUT /lots/{id}: the lot's plan, or its harvest (harvestedOn with the kilograms harvested). */
export function updateLot({ lotId, input }: { lotId: number; input: UpdateLotRequest }): Promise<Lot> {
  return apiRequest(`/lots/${lotId}`, { method: "PUT", body: input, schema: lotSchema });
}

export function useUpdateLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
