import { useMutation, useQueryClient } from "@tanstack/react-query";

import { lotSchema, type CreateLotRequest, type Lot } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** POST /crops/{id}/lots → 201 the lot, with the code the server made for it. */
export function createLot({ cropId, input }: { cropId: number; input: CreateLotRequest }): Promise<Lot> {
  return apiRequest(`/crops/${cropId}/lots`, { method: "POST", body: input, schema: lotSchema });
}

export function useCreateLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLot,
    onSuccess: (lot) => queryClient.invalidateQueries({ queryKey: farmKeys.lots(lot.cropId) }),
  });
}
