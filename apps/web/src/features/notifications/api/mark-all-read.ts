import { useMutation, useQueryClient } from "@tanstack/react-query";

import { notificationsUpdatedSchema, type Notification, type NotificationsUpdated } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { NOTIFICATIONS_QUERY_KEY } from "@/lib/api/get-notifications";

/** POST /notifications/read-all: marks every notification read. */
export function markAllNotificationsRead(): Promise<NotificationsUpdated> {
  return apiRequest("/notifications/read-all", { method: "POST", schema: notificationsUpdatedSchema });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      queryClient.setQueryData<Notification[]>(NOTIFICATIONS_QUERY_KEY, (current) =>
        current?.map((item) => (item.read ? item : { ...item, read: true })),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
