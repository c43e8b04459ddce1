import { useMutation, useQueryClient } from "@tanstack/react-query";

import { invitationSchema, type Invitation } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

/** POST /organisations/{id}/invitations/{invitationId}/resend (admins): a new link, a new week. */
export function resendInvitation({
  organisationId,
  invitationId,
}: {
  organisationId: number;
  invitationId: number;
}): Promise<Invitation> {
  return apiRequest(`/organisations/${organisationId}/invitations/${invitationId}/resend`, {
    method: "POST",
    schema: invitationSchema,
  });
}

export function useResendInvitation(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all(organisationId) }),
  });
}
