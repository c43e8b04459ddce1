import { useMutation, useQueryClient } from "@tanstack/react-query";

import {
  noticePreferencesViewSchema,
  type NoticePreferences,
  type NoticePreferencesView,
} from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { noticePreferencesQueryOptions } from "./get-notice-preferences";

/** PUT /notice-preferences: every kind's channels and the SMS fallback, replaced as a whole. */
export function saveNoticePreferences(input: NoticePreferences): Promise<NoticePreferencesView> {
  return apiRequest("/notice-preferences", {
    method: "PUT",
    body: input,
    schema: noticePreferencesViewSchema,
  });
}

export function useSaveNoticePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNoticePreferences,
    onSuccess: (saved) => queryClient.setQueryData(noticePreferencesQueryOptions().queryKey, saved),
  });
}
