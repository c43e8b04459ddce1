import { useMutation, useQueryClient } from "@tanstack/react-query";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

/** DELETE /organisations/{id}/invitations/{invitationId} (admins): its link stops working. */
export async function revokeInvitation({
  organisationId,
  invitationId,
}: {
  organisationId: number;
  invitationId: number;
}): Promise<void> {
  await apiRequest(`/organisations/${organisationId}/invitations/${invitationId}`, { method: "DELETE" });
}

export function useRevokeInvitation(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all(organisationId) }),
  });
}
