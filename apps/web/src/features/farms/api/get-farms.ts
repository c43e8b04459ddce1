import { queryOptions, useQuery } from "@tanstack/react-query";

import { farmListSchema, type Farm } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

/** GET /farms: the organisation's farms, each with its pond count and CAA status. */
export async function getFarms(): Promise<Farm[]> {
  return (await apiRequest("/farms", { schema: farmListSchema })).items;
}

export const farmsQueryOptions = () => queryOptions({ queryKey: farmKeys.list(), queryFn: getFarms });

export function useFarms({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...farmsQueryOptions(), enabled });
}
