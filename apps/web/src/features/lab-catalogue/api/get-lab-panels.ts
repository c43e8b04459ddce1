import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { panelSchema, type Panel } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_QUERY_ROOT } from "@/lib/lab-session";

export const labPanelsQueryKey = [LAB_QUERY_ROOT, "panels"] as const;

/** GET /lab/panels: each test type's parameters, in order. */
export function getLabPanels(): Promise<Panel[]> {
  return apiRequest("/lab/panels", { auth: "staff", schema: z.array(panelSchema) });
}

export const labPanelsQueryOptions = () =>
  queryOptions({ queryKey: labPanelsQueryKey, queryFn: getLabPanels });

export function useLabPanels() {
  return useQuery(labPanelsQueryOptions());
}
