// How a live message lands in the TanStack Query cache: samples merge by id, notifications prepend.
import type { QueryClient } from "@tanstack/react-query";

import {
  notificationSchema,
  sampleSchema,
  type Notification,
  type Sample,
  type SamplePage,
} from "@lab/contracts";

import { NOTIFICATIONS_QUERY_KEY } from "@/lib/api/get-notifications";
import { reportKeys } from "@/lib/api/report-keys";
import { sampleKeys } from "@/lib/api/sample-keys";
import { notificationReportId } from "./notification-view";

export const MAX_NOTIFICATIONS = 100;

/** Re-fetch after a (re)connect: what the socket may have missed, the database has. */
export function refetchLiveData(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: sampleKeys.all });
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: reportKeys.all });
}

/** A sample from /topic/sample-submissions/updates: merged into every cached list and the detail. */
export function applySampleUpdate(queryClient: QueryClient, value: unknown): Sample | null {
  const parsed = sampleSchema.safeParse(value);
  if (!parsed.success) return null;
  const sample = parsed.data;
  let known = false;
  queryClient.setQueriesData<SamplePage>({ queryKey: sampleKeys.lists() }, (page) => {
    if (!page?.items.some((item) => item.id === sample.id)) return page;
    known = true;
    return { ...page, items: page.items.map((item) => (item.id === sample.id ? sample : item)) };
  });
  queryClient.setQueryData<Sample>(sampleKeys.one(String(sample.id)), (current) =>
    current ? sample : current,
  );
  // Counts, the history and reports follow from the change (a revoke keeps the status but changes the
  // report); an unknown sample needs the lists.
  void queryClient.invalidateQueries({ queryKey: sampleKeys.summary() });
  void queryClient.invalidateQueries({ queryKey: sampleKeys.events(String(sample.id)) });
  // A collection, a hand-off or reception's decision moves the status: the custody record has changed.
  void queryClient.invalidateQueries({ queryKey: sampleKeys.custody(String(sample.id)) });
  // A change may have queued SMS or WhatsApp messages about it.
  void queryClient.invalidateQueries({ queryKey: sampleKeys.messages(String(sample.id)) });
  if (sample.status === "COMPLETED" || sample.reportId !== null)
    invalidateReports(queryClient, sample.reportId);
  if (!known) void queryClient.invalidateQueries({ queryKey: sampleKeys.lists() });
  return sample;
}

/** The report list and counters, and the open report itself (or every cached one when unknown). */
function invalidateReports(queryClient: QueryClient, reportId: number | null | undefined): void {
  void queryClient.invalidateQueries({ queryKey: reportKeys.list() });
  void queryClient.invalidateQueries({
    queryKey: reportId === null || reportId === undefined ? reportKeys.all : reportKeys.one(String(reportId)),
  });
}

/** A notification from /user/{id}/notifications: prepended (once) to the cached list. */
export function applyNotification(queryClient: QueryClient, value: unknown): Notification | null {
  const parsed = notificationSchema.safeParse(value);
  if (!parsed.success) return null;
  const notification = parsed.data;
  queryClient.setQueryData<Notification[]>(NOTIFICATIONS_QUERY_KEY, (current = []) =>
    [notification, ...current.filter((item) => item.id !== notification.id)].slice(0, MAX_NOTIFICATIONS),
  );
  // A revoke (or any other change to a report) leaves the sample's status as it was: the report and
  // the counters must re-read whether or not the sample's own push arrives.
  if (notification.type.startsWith("report_")) {
    invalidateReports(queryClient, notificationReportId(notification));
    void queryClient.invalidateQueries({ queryKey: sampleKeys.summary() });
    if (notification.sampleId !== null) {
      void queryClient.invalidateQueries({ queryKey: sampleKeys.one(String(notification.sampleId)) });
    }
  }
  return notification;
}
