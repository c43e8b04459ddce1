import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { reportSchema, type Report } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { reportKeys } from "./report-keys";

/** GET /reports: the caller's reports, newest first. */
export function getReports(): Promise<Report[]> {
  return apiRequest("/reports", { schema: z.array(reportSchema) });
}

export const reportsQueryOptions = () => queryOptions({ queryKey: reportKeys.list(), queryFn: getReports });

export function useReports() {
  return useQuery(reportsQueryOptions());
}
