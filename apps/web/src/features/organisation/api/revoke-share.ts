import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

/** DELETE /organisations/{id}/shares/{shareId} (admins): the other organisation loses sight at once. */
export async function revokeShare({
  organisationId,
  shareId,
}: {
  organisationId: number;
  shareId: number;
}): Promise<void> {
  await apiRequest(`/organisations/${organisationId}/shares/${shareId}`, { method: "DELETE" });
}

export function useRevokeShare(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all(organisationId) }),
  });
}
