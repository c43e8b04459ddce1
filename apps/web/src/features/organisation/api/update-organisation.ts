import { useMutation, useQueryClient } from "@tanstack/react-query";

import { organisationSchema, type Organisation, type UpdateOrganisationRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { getSession, updateCurrentUser } from "@/lib/auth";

import { organisationKeys } from "./keys";

/** PUT /organisations/{id} (admins): only the fields sent change. */
export function updateOrganisation({
  id,
  change,
}: {
  id: number;
  change: UpdateOrganisationRequest;
}): Promise<Organisation> {
  return apiRequest(`/organisations/${id}`, { method: "PUT", body: change, schema: organisationSchema });
}

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisation,
    onSuccess: (organisation) => {
      queryClient.setQueryData(organisationKeys.details(organisation.id), organisation);
      // The header and the profile show the organisation's name from the stored customer.
      const user = getSession()?.user;
      if (user && user.organisation.id === organisation.id && user.organisation.name !== organisation.name) {
        updateCurrentUser({
          ...user,
          company: organisation.name,
          organisation: { id: organisation.id, name: organisation.name },
        });
      }
      return queryClient.invalidateQueries({ queryKey: organisationKeys.activity(organisation.id) });
    },
  });
}
