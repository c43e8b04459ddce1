import { useMutation, useQueryClient } from "@tanstack/react-query";

import { notificationSchema, type Notification } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { NOTIFICATIONS_QUERY_KEY } from "@/lib/api/get-notifications";

/** POST /notifications/{id}/read: marks one notification read. */
export function markNotificationRead(id: number): Promise<Notification> {
  return apiRequest(`/notifications/${id}/read`, { method: "POST", schema: notificationSchema });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      queryClient.setQueryData<Notification[]>(NOTIFICATIONS_QUERY_KEY, (current) =>
        current?.map((item) => (item.id === id ? { ...item, read: true } : item)),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
