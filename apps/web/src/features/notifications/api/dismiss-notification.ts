import { useMutation, useQueryClient } from "@tanstack/react-query";

import type { Notification } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { NOTIFICATIONS_QUERY_KEY } from "@/lib/api/get-notifications";

/** DELETE /notifications/{id}: dismisses one notification (204). */
export async function dismissNotification(id: number): Promise<void> {
  await apiRequest(`/notifications/${id}`, { method: "DELETE" });
}

export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissNotification,
    onMutate: (id) => {
      queryClient.setQueryData<Notification[]>(NOTIFICATIONS_QUERY_KEY, (current) =>
        current?.filter((item) => item.id !== id),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
