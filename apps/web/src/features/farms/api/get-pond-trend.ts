import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { trendSchema, type Trend } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { farmKeys } from "./keys";

export interface PondTrendQuery {
  pondId: number;
  parameter: string;
  /** The market whose limit is drawn; none: no limit line, each point's worst verdict. */
  market?: string | undefined;
}

/** GET /reports/trend?pondId=: one parameter across a pond's valid reports, oldest first. */
export function getPondTrend(query: PondTrendQuery): Promise<Trend> {
  const params = new URLSearchParams({ pondId: String(query.pondId), parameter: query.parameter });
  if (query.market) params.set("market", query.market);
  return apiRequest(`/reports/trend?${params.toString()}`, { schema: trendSchema });
}

export const pondTrendQueryOptions = (query: PondTrendQuery) =>
  queryOptions({
    queryKey: farmKeys.trend(query.pondId, query.parameter, query.market ?? null),
    queryFn: () => getPondTrend(query),
  });

/** Off until a parameter is chosen; the last chart stays while the next loads. */
export function usePondTrend(query: PondTrendQuery | null) {
  return useQuery({
    ...pondTrendQueryOptions(query ?? { pondId: 0, parameter: "" }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
