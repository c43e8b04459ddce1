import { useMutation, useQueryClient } from "@tanstack/react-query";

import { pondSchema, type CreatePondRequest, type Pond } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** POST /farms/{id}/ponds → 201 the pond; a code the farm already has is refused (pondCodeTaken). */
export function createPond({ farmId, input }: { farmId: number; input: CreatePondRequest }): Promise<Pond> {
  return apiRequest(`/farms/${farmId}/ponds`, { method: "POST", body: input, schema: pondSchema });
}

export function useCreatePond() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPond,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
