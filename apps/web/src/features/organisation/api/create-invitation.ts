import { useMutation, useQueryClient } from "@tanstack/react-query";

import { invitationSchema, type CreateInvitationRequest, type Invitation } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

/**
 * POST /organisations/{id}/invitations (admins): mails the link. 409 invitationPending, alreadyMember
 * or invitationEmailTaken; 429 when too many were sent.
 */
export function createInvitation({
  organisationId,
  invitation,
}: {
  organisationId: number;
  invitation: CreateInvitationRequest;
}): Promise<Invitation> {
  return apiRequest(`/organisations/${organisationId}/invitations`, {
    method: "POST",
    body: invitation,
    schema: invitationSchema,
  });
}

export function useCreateInvitation(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all(organisationId) }),
  });
}
