import { queryOptions, useQuery } from "@tanstack/react-query";

import { sharedWithUsSchema, type SharedWithUs } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { sharedKeys } from "./keys";

/** GET /shared: the farms and lots shared with the member's organisation now, with their samples. */
export function getShared(): Promise<SharedWithUs> {
  return apiRequest("/shared", { schema: sharedWithUsSchema });
}

export const sharedQueryOptions = () => queryOptions({ queryKey: sharedKeys.list(), queryFn: getShared });

export function useShared() {
  return useQuery(sharedQueryOptions());
}
