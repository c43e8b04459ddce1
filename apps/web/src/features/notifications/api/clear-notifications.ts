import { useMutation, useQueryClient } from "@tanstack/react-query";

import { notificationsDeletedSchema, type Notification, type NotificationsDeleted } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { NOTIFICATIONS_QUERY_KEY } from "@/lib/api/get-notifications";

/** DELETE /notifications: clears every notification. */
export function clearNotifications(): Promise<NotificationsDeleted> {
  return apiRequest("/notifications", { method: "DELETE", schema: notificationsDeletedSchema });
}

export function useClearNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearNotifications,
    onMutate: () => {
      queryClient.setQueryData<Notification[]>(NOTIFICATIONS_QUERY_KEY, []);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
