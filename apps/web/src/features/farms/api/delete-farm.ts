import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** DELETE /farms/{id} → 204; refused (409 farmInUse) while samples name its ponds, crops or lots. */
export async function deleteFarm(farmId: number): Promise<void> {
  await apiRequest(`/farms/${farmId}`, { method: "DELETE" });
}

export function useDeleteFarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFarm,
    onSuccess: (_result, farmId) => {
      queryClient.removeQueries({ queryKey: farmKeys.farm(farmId) });
      return queryClient.invalidateQueries({ queryKey: farmKeys.list() });
    },
  });
}
