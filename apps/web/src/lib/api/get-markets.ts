import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { marketChoiceSchema, type MarketChoice } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** GET /markets: the destination markets the customer can choose (EU, US, JP, CN, IN and own buyers' specs). */
export function getMarkets(): Promise<MarketChoice[]> {
  return apiRequest("/markets", { schema: z.array(marketChoiceSchema) });
}

export const marketsQueryOptions = () =>
  // The list changes only when the lab adds a buyer's specification.
  queryOptions({ queryKey: ["markets"] as const, queryFn: getMarkets, staleTime: 10 * 60_000 });

export function useMarkets() {
  return useQuery(marketsQueryOptions());
}
