import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";

import { activityPageSchema, type ActivityPage } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { labCustomerKeys } from "./keys";

/** GET /lab/organisations/{id}/activity?before=: the organisation's trail, newest first. */
export function getLabActivity(id: number, before?: number): Promise<ActivityPage> {
  const query = before === undefined ? "" : `?${new URLSearchParams({ before: String(before) }).toString()}`;
  return apiRequest(`/lab/organisations/${id}/activity${query}`, {
    auth: "staff",
    schema: activityPageSchema,
  });
}

export const labActivityQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: labCustomerKeys.activity(id),
    queryFn: ({ pageParam }) => getLabActivity(id, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useLabActivity(id: number) {
  return useInfiniteQuery(labActivityQueryOptions(id));
}
