// Display rules of the bell (docs/product-rules.md, Real-time and Limits).
import type { Notification } from "@lab/contracts";

import { paths } from "@/config/paths";
import { translate } from "@/lib/i18n/i18n";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Just now under 60 s, then minutes under 1 hour, hours under 1 day, then days: in the active
 * language, with its plural rules (common.time.*, always loaded).
 */
export function timeLabel(timestamp: string, now: number = Date.now()): string {
  const at = Date.parse(timestamp);
  const elapsed = Number.isFinite(at) ? Math.max(0, now - at) : 0;
  if (elapsed < MINUTE_MS) return translate("common.time.justNow");
  if (elapsed < HOUR_MS)
    return translate("common.time.minutesAgo", { count: Math.floor(elapsed / MINUTE_MS) });
  if (elapsed < DAY_MS) return translate("common.time.hoursAgo", { count: Math.floor(elapsed / HOUR_MS) });
  return translate("common.time.daysAgo", { count: Math.floor(elapsed / DAY_MS) });
}

/** The unread badge: capped at 99+. */
export function badgeLabel(unread: number): string {
  return unread > 99 ? "99+" : String(unread);
}

/** The report a notification names (a revoke carries it in data.reportId). */
export function notificationReportId(notification: Pick<Notification, "data">): number | null {
  const value = notification.data["reportId"];
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

/** Where a click on a notification leads. */
export function notificationTarget(
  notification: Pick<Notification, "type" | "sampleId"> & Partial<Pick<Notification, "data">>,
): string {
  switch (notification.type) {
    case "report_revoked":
    case "screening_failed": {
      // The report itself (a failed screening's says what failed); an older notice without the id opens the list.
      const reportId = notification.data ? notificationReportId({ data: notification.data }) : null;
      return reportId === null ? paths.reports.href() : paths.report.href(reportId);
    }
    case "sample_status_change":
    case "sample_assigned":
      return notification.sampleId === null
        ? paths.samples.href()
        : paths.samples.href({ highlight: notification.sampleId });
    case "sample_completed":
      return paths.reports.href();
    // The sample's page: why it was refused, the notice, and Send a new sample.
    case "sample_rejected":
      return notification.sampleId === null
        ? paths.samples.href({ status: "rejected" })
        : paths.timeline.href(notification.sampleId);
    default:
      return paths.samples.href();
  }
}
