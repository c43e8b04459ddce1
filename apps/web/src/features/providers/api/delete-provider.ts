import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiRequest } from "@/lib/api-client";

import { providersQueryOptions } from "@/lib/api/get-providers";

/** DELETE /customers/{id}/sample-providers/{providerId} → 204. */
export async function deleteProvider({
  customerId,
  providerId,
}: {
  customerId: number;
  providerId: number;
}): Promise<void> {
  await apiRequest(`/customers/${customerId}/sample-providers/${providerId}`, { method: "DELETE" });
}

export function useDeleteProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProvider,
    onSuccess: (_result, { customerId }) =>
      queryClient.invalidateQueries({ queryKey: providersQueryOptions(customerId).queryKey }),
  });
}
