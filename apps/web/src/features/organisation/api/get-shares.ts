import { queryOptions, useQuery } from "@tanstack/react-query";

import { shareListSchema, type ShareList } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

export const sharesKey = (id: number) => [...organisationKeys.all(id), "shares"] as const;

/** GET /organisations/{id}/shares (every member but billing): the shares in force now. */
export function getShares(id: number): Promise<ShareList> {
  return apiRequest(`/organisations/${id}/shares`, { schema: shareListSchema });
}

export const sharesQueryOptions = (id: number) =>
  queryOptions({ queryKey: sharesKey(id), queryFn: () => getShares(id) });

export function useShares(id: number) {
  return useQuery(sharesQueryOptions(id));
}
