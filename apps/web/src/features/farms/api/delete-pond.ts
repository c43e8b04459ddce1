import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** DELETE /ponds/{id} → 204; refused (409 pondInUse) while samples name it. */
export async function deletePond(pondId: number): Promise<void> {
  await apiRequest(`/ponds/${pondId}`, { method: "DELETE" });
}

export function useDeletePond() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePond,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: farmKeys.all }),
  });
}
