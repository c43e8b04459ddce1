import { useMutation, useQueryClient } from "@tanstack/react-query";

import { memberSchema, type Member, type UpdateMemberRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

/** PATCH /organisations/{id}/members/{memberId} (admins): a new role or scope; their sessions end. */
export function updateMember({
  organisationId,
  memberId,
  change,
}: {
  organisationId: number;
  memberId: number;
  change: UpdateMemberRequest;
}): Promise<Member> {
  return apiRequest(`/organisations/${organisationId}/members/${memberId}`, {
    method: "PATCH",
    body: change,
    schema: memberSchema,
  });
}

export function useUpdateMember(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all(organisationId) }),
  });
}
