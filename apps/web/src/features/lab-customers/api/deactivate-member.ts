import { useMutation, useQueryClient } from "@tanstack/react-query";

import { labMemberSchema, type LabMember } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labCustomerKeys } from "./keys";

/** POST /lab/organisations/{id}/members/{memberId}/deactivate: 409 lastOrganisationAdmin. */
export function deactivateMember({
  organisationId,
  memberId,
}: {
  organisationId: number;
  memberId: number;
}): Promise<LabMember> {
  return apiRequest(`/lab/organisations/${organisationId}/members/${memberId}/deactivate`, {
    auth: "staff",
    method: "POST",
    schema: labMemberSchema,
  });
}

export function useDeactivateMember(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateMember,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: labCustomerKeys.organisation(organisationId) }),
        queryClient.invalidateQueries({ queryKey: labCustomerKeys.activity(organisationId) }),
        queryClient.invalidateQueries({ queryKey: [...labCustomerKeys.all, "search"] }),
      ]),
  });
}
