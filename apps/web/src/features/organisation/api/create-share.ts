import { useMutation, useQueryClient } from "@tanstack/react-query";

import { shareSchema, type CreateShareRequest, type Share } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

/**
 * POST /organisations/{id}/shares (admins): 404 for a farm or lot not the organisation's, 422
 * granteeUnknown, shareWithSelf or an expiry out of range, 409 shareExists.
 */
export function createShare({
  organisationId,
  share,
}: {
  organisationId: number;
  share: CreateShareRequest;
}): Promise<Share> {
  return apiRequest(`/organisations/${organisationId}/shares`, {
    method: "POST",
    body: share,
    schema: shareSchema,
  });
}

export function useCreateShare(organisationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShare,
    // The list and the trail both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all(organisationId) }),
  });
}
