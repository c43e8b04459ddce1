import { queryOptions, useQuery } from "@tanstack/react-query";

import { labSettingsSchema, type LabSettings } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { LAB_QUERY_ROOT } from "@/lib/lab-session";

export const labSettingsQueryKey = [LAB_QUERY_ROOT, "settings"] as const;

/** GET /lab/settings: the revocation rule in force and who changed it when. */
export function getLabSettings(): Promise<LabSettings> {
  return apiRequest("/lab/settings", { auth: "staff", schema: labSettingsSchema });
}

export const labSettingsQueryOptions = () =>
  queryOptions({ queryKey: labSettingsQueryKey, queryFn: getLabSettings });

export function useLabSettings() {
  return useQuery(labSettingsQueryOptions());
}
