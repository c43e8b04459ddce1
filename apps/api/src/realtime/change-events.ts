import type { NotificationRow, SampleRow } from "@lab/db";

import { presentNotification, presentSample } from "../presenters/sample";
import type { RealtimeEvent } from "./events";

/** The pushes for one committed change: the sample as it now is, and the customer's notification. */
export function changeEvents(
  sample: SampleRow,
  notification?: NotificationRow,
  reportId: number | null = null,
): RealtimeEvent[] {
  const events: RealtimeEvent[] = [
    { kind: "sample", customerId: sample.customerId, sample: presentSample(sample, reportId) },
  ];
  if (notification) {
    events.push({
      kind: "notification",
      customerId: notification.customerId,
      notification: presentNotification(notification),
    });
  }
  return events;
}
