import { useMutation, useQueryClient } from "@tanstack/react-query";

import { pondSchema, type Pond, type UpdatePondRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** PUT /ponds/{id}: its code (unique in the farm: pondCodeTaken), area and location. */
export function updatePond({ pondId, input }: { pondId: number; input: UpdatePondRequest }): Promise<Pond> {
  return apiRequest(`/ponds/${pondId}`, { method: "PUT", body: input, schema: pondSchema });
}

export function useUpdatePond() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePond,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
