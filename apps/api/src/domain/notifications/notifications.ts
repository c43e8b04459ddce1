import { customers, notifications, type Executor, type NotificationRow } from "@lab/db";
import { and, desc, eq, inArray } from "drizzle-orm";

import { notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";
import type { Notice } from "./notification-kinds";

export const NOTIFICATIONS_LIMIT = 100;

/** A stored notification with its reader's language: the live push renders it for that reader. */
export type ReaderNotification = NotificationRow & { language: string };

/** A new notification: whose, about which sample, its kind and parameters (notices.ts). */
export interface NewNotification extends Notice {
  customerId: number;
  sampleId: number;
  createdAt: Date;
}

/** Inserts notifications and answers them with each reader's language, in the caller's transaction. */
export async function insertNotifications(
  tx: Executor,
  values: readonly NewNotification[],
): Promise<ReaderNotification[]> {
  if (values.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values([...values])
    .returning();
  const readers = await tx
    .select({ id: customers.id, language: customers.language })
    .from(customers)
    .where(inArray(customers.id, [...new Set(rows.map((row) => row.customerId))]));
  const languageOf = new Map(readers.map((reader) => [reader.id, reader.language]));
  return rows.map((row) => ({ ...row, language: languageOf.get(row.customerId) ?? "en" }));
}

/** The language a customer reads their notifications in. */
export async function readerLanguage(ctx: DomainContext, customerId: number): Promise<string> {
  const [reader] = await ctx.db
    .select({ language: customers.language })
    .from(customers)
    .where(eq(customers.id, customerId));
  return reader?.language ?? "en";
}

/** One notification (see insertNotifications). */
export async function insertNotification(tx: Executor, value: NewNotification): Promise<ReaderNotification> {
  const [row] = await insertNotifications(tx, [value]);
  if (!row) throw new Error("insert returned no row");
  return row;
}
const notificationNotFound = () => notFound("notificationNotFound");
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
  if (!row) throw notificationNotFound();
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
  if (rows.length === 0) throw notificationNotFound();
}

export async function clearAll(ctx: DomainContext, customerId: number): Promise<number> {
  const rows = await ctx.db
    .delete(notifications)
    .where(eq(notifications.customerId, customerId))
    .returning({ id: notifications.id });
  return rows.length;
}
