import type { Notification, NotificationsDeleted, NotificationsUpdated } from "@lab/contracts";
import type { NotificationRow } from "@lab/db";

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    sampleId: row.sampleId,
    timestamp: row.createdAt.toISOString(),
    read: row.read,
    data: row.data,
  };
}

/** POST /notifications/read-all. */
export const presentNotificationsUpdated = (updated: number): NotificationsUpdated => ({ updated });

/** DELETE /notifications. */
export const presentNotificationsDeleted = (deleted: number): NotificationsDeleted => ({ deleted });
