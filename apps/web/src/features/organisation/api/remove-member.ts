import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

/**
 * DELETE /organisations/{id}/members/{memberId}: an admin removes a member, or a member leaves
 * (their own id). 409 when it would leave the organisation without an admin.
 */
export async function removeMember({
  organisationId,
  memberId,
}: {
  organisationId: number;
  memberId: number;
}): Promise<void> {
  await apiRequest(`/organisations/${organisationId}/members/${memberId}`, { method: "DELETE" });
}

export function useRemoveMember(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all(organisationId) }),
  });
}
