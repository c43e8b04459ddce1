import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";

import { activityPageSchema, type ActivityPage } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { organisationKeys } from "./keys";

export const ACTIVITY_PAGE_SIZE = 50;

/** GET /organisations/{id}/activity (admins): newest first; `before` is the last page's cursor. */
export function getActivity(id: number, before?: number): Promise<ActivityPage> {
  const query = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE) });
  if (before !== undefined) query.set("before", String(before));
  return apiRequest(`/organisations/${id}/activity?${query.toString()}`, { schema: activityPageSchema });
}

export const activityQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: organisationKeys.activity(id),
    queryFn: ({ pageParam }) => getActivity(id, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useActivity(id: number) {
  return useInfiniteQuery(activityQueryOptions(id));
}
