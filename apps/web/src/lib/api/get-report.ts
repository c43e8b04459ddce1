import { queryOptions, useQuery } from "@tanstack/react-query";

import { reportSchema, type Report } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { reportKeys } from "./report-keys";

/** GET /reports/{id}: one own report; 404 for a missing or another customer's. */
export function getReport(id: string): Promise<Report> {
  return apiRequest(`/reports/${encodeURIComponent(id)}`, { schema: reportSchema });
}

export const reportQueryOptions = (id: string) =>
  queryOptions({ queryKey: reportKeys.one(id), queryFn: () => getReport(id) });

export function useReport(id: string) {
  return useQuery(reportQueryOptions(id));
}
