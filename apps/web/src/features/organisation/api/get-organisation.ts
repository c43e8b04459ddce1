import { queryOptions, useQuery } from "@tanstack/react-query";

import { organisationSchema, type Organisation } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

/** GET /organisations/{id}: the member's own organisation (404 for any other). */
export function getOrganisation(id: number): Promise<Organisation> {
  return apiRequest(`/organisations/${id}`, { schema: organisationSchema });
}

export const organisationQueryOptions = (id: number) =>
  queryOptions({ queryKey: organisationKeys.details(id), queryFn: () => getOrganisation(id) });

export function useOrganisation(id: number) {
  return useQuery(organisationQueryOptions(id));
}
