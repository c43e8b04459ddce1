import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { marketSchema, type Market } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_QUERY_ROOT } from "@/lib/lab-session";

export const labMarketsQueryKey = [LAB_QUERY_ROOT, "markets"] as const;

/** GET /lab/markets: every market (the lab's defaults and buyers' own too) with the version in force. */
export function getLabMarkets(): Promise<Market[]> {
  return apiRequest("/lab/markets", { auth: "staff", schema: z.array(marketSchema) });
}

export const labMarketsQueryOptions = () =>
  queryOptions({ queryKey: labMarketsQueryKey, queryFn: getLabMarkets, staleTime: 60_000 });

export function useLabMarkets() {
  return useQuery(labMarketsQueryOptions());
}
