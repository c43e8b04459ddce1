import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";

import { notificationSchema, type Notification } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

export const NOTIFICATIONS_QUERY_KEY = ["notifications"] as const;

/** GET /notifications: the caller's notifications, newest first (at most 100). */
export function getNotifications(signal?: AbortSignal): Promise<Notification[]> {
  return apiRequest("/notifications", { schema: z.array(notificationSchema), signal });
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => getNotifications(signal),
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
