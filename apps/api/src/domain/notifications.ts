import { messages } from "@lab/contracts";
import { notifications, type NotificationRow } from "@lab/db";
import { and, desc, eq } from "drizzle-orm";

import { AppError } from "../lib/app-error";
import type { DomainContext } from "./context";

export const NOTIFICATIONS_LIMIT = 100;
const notFound = () => new AppError(404, "not_found", messages.notificationNotFound);
const own = (customerId: number, id: number) =>
  and(eq(notifications.id, id), eq(notifications.customerId, customerId));

export const listNotifications = (ctx: DomainContext, customerId: number): Promise<NotificationRow[]> =>
  ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.customerId, customerId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIMIT);

export async function markRead(ctx: DomainContext, customerId: number, id: number): Promise<NotificationRow> {
  const [row] = await ctx.db.update(notifications).set({ read: true }).where(own(customerId, id)).returning();
  if (!row) throw notFound();
  return row;
}

export async function markAllRead(ctx: DomainContext, customerId: number): Promise<number> {
  const rows = await ctx.db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.customerId, customerId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function dismiss(ctx: DomainContext, customerId: number, id: number): Promise<void> {
  const rows = await ctx.db
    .delete(notifications)
    .where(own(customerId, id))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound();
}

export async function clearAll(ctx: DomainContext, customerId: number): Promise<number> {
  const rows = await ctx.db
    .delete(notifications)
    .where(eq(notifications.customerId, customerId))
    .returning({ id: notifications.id });
  return rows.length;
}
