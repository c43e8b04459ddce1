import { queryOptions, useQuery } from "@tanstack/react-query";

import { labOrganisationSchema, type LabOrganisation } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labCustomerKeys } from "./keys";

/** GET /lab/organisations/{id}: the organisation and every member, removed ones too. */
export function getLabOrganisation(id: number): Promise<LabOrganisation> {
  return apiRequest(`/lab/organisations/${id}`, { auth: "staff", schema: labOrganisationSchema });
}

export const labOrganisationQueryOptions = (id: number) =>
  queryOptions({ queryKey: labCustomerKeys.organisation(id), queryFn: () => getLabOrganisation(id) });

export function useLabOrganisation(id: number) {
  return useQuery(labOrganisationQueryOptions(id));
}
