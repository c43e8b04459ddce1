import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { trendSchema, type Trend } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { reportKeys } from "@/lib/api/report-keys";

export interface TrendQuery {
  providerId: number;
  parameter: string;
  /** The market whose limit is drawn; none: no limit line, each point's worst verdict. */
  market?: string | undefined;
}

/** GET /reports/trend: one parameter across a provider's valid reports, oldest first. */
export function getTrend(query: TrendQuery): Promise<Trend> {
  const params = new URLSearchParams({ providerId: String(query.providerId), parameter: query.parameter });
  if (query.market) params.set("market", query.market);
  return apiRequest(`/reports/trend?${params.toString()}`, { schema: trendSchema });
}

export const trendQueryOptions = (query: TrendQuery) =>
  queryOptions({
    queryKey: [...reportKeys.all, "trend", query.providerId, query.parameter, query.market ?? null] as const,
    queryFn: () => getTrend(query),
  });

/** Off until a provider and a parameter are chosen; the last chart stays while the next loads. */
export function useTrend(query: TrendQuery | null) {
  return useQuery({
    ...trendQueryOptions(query ?? { providerId: 0, parameter: "" }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
