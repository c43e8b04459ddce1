import type { Notification, NotificationsDeleted, NotificationsUpdated } from "@lab/contracts";
import type { NotificationRow } from "@lab/db";
import type { Translator } from "@lab/i18n/node";

import { renderNotice } from "../domain/notifications/notification-kinds";

/** A notification as its reader sees it: title and message rendered in the reader's language. */
export function presentNotification(row: NotificationRow, translator: Pick<Translator, "t">): Notification {
  return {
    id: row.id,
    type: row.type,
    ...renderNotice(row, translator),
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
