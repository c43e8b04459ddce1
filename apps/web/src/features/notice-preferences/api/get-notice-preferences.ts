import { queryOptions, useQuery } from "@tanstack/react-query";

import { noticePreferencesViewSchema, type NoticePreferencesView } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/** GET /notice-preferences: the signed-in member's channels for each kind of notice. */
export function getNoticePreferences(): Promise<NoticePreferencesView> {
  return apiRequest("/notice-preferences", { schema: noticePreferencesViewSchema });
}

// Read afresh each time the card is shown: the channels depend on the number and address, which the
// profile changes beside it.
export const noticePreferencesQueryOptions = () =>
  queryOptions({ queryKey: ["notice-preferences"], queryFn: getNoticePreferences, staleTime: 0 });

export function useNoticePreferences() {
  return useQuery(noticePreferencesQueryOptions());
}
