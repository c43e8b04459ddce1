import type { SampleRow } from "@lab/db";

import type { ReaderNotification } from "./notifications/notifications";
import type { RevokedSessions } from "../infra/sessions";

/**
 * What a committed change tells the outside world, as plain data (rows and ids): published through
 * DomainContext.publish after its transaction commits. The real-time layer presents it for the socket.
 */
export type DomainEvent =
  /** A sample as it now is, with its report's id (null until the report is issued). */
  | {
      kind: "sample";
      customerId: number;
      organisationId: number;
      sample: SampleRow & { reportId: number | null };
    }
  /** A new notification with its reader's language: the push is worded for that reader. */
  | { kind: "notification"; customerId: number; notification: ReaderNotification }
  /** Sessions ended by a password reset or change, an e-mail change or a sign-out. */
  | ({ kind: "sessions-revoked" } & RevokedSessions);

/** The events of one committed change: the sample as it now is, and its watchers' notifications. */
export function changeEvents(
  sample: SampleRow,
  notifications: readonly ReaderNotification[] = [],
  reportId: number | null = null,
): DomainEvent[] {
  return [
    {
      kind: "sample",
      customerId: sample.customerId,
      organisationId: sample.organisationId,
      sample: { ...sample, reportId },
    },
    ...notifications.map(notificationEvent),
  ];
}

export function notificationEvent(notification: ReaderNotification): DomainEvent {
  return { kind: "notification", customerId: notification.customerId, notification };
}
