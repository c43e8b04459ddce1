import { queryOptions, useQuery } from "@tanstack/react-query";

import { farmListSchema, type FarmList } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

/** GET /farms: the organisation's farms, to pick the one to share. */
export function getFarmChoices(): Promise<FarmList> {
  return apiRequest("/farms", { schema: farmListSchema });
}

export const farmChoicesQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: [...organisationKeys.all(organisationId), "farm-choices"] as const,
    queryFn: getFarmChoices,
  });

export function useFarmChoices(organisationId: number, enabled: boolean) {
  return useQuery({ ...farmChoicesQueryOptions(organisationId), enabled });
}
