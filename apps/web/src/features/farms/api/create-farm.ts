import { useMutation, useQueryClient } from "@tanstack/react-query";

import { farmSchema, type CreateFarmRequest, type Farm } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** POST /farms (admin and full members) → 201 the farm. */
export function createFarm(input: CreateFarmRequest): Promise<Farm> {
  return apiRequest("/farms", { method: "POST", body: input, schema: farmSchema });
}

export function useCreateFarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFarm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
