import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { labOrganisationSummarySchema, type LabOrganisationSummary } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labCustomerKeys } from "./keys";

/** GET /lab/organisations?q=: the lab's customers, by name or by a member's name or address. */
export function getLabOrganisations(q: string): Promise<LabOrganisationSummary[]> {
  const query = new URLSearchParams({ q });
  return apiRequest(`/lab/organisations?${query.toString()}`, {
    auth: "staff",
    schema: z.array(labOrganisationSummarySchema),
  });
}

export const labOrganisationsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: labCustomerKeys.search(q),
    queryFn: () => getLabOrganisations(q),
    placeholderData: keepPreviousData,
  });

export function useLabOrganisations(q: string) {
  return useQuery(labOrganisationsQueryOptions(q));
}
