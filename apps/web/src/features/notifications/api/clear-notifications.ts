import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";

import type { Notification } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { NOTIFICATIONS_QUERY_KEY } from "./get-notifications";

const deletedSchema = z.object({ deleted: z.number().int() });

/** DELETE /notifications: clears every notification. */
export function clearNotifications(): Promise<{ deleted: number }> {
  return apiRequest("/notifications", { method: "DELETE", schema: deletedSchema });
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
