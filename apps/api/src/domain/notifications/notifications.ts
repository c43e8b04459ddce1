import { SAMPLE_READER_ROLES } from "@lab/contracts";
import { customers, notifications, samples, type Executor, type NotificationRow } from "@lab/db";
import { and, asc, desc, eq, inArray, isNull, or } from "drizzle-orm";

import { notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";
import type { Notice } from "./notification-kinds";

export const NOTIFICATIONS_LIMIT = 100;

/** A stored notification with its reader's language: the live push renders it for that reader. */
export type ReaderNotification = NotificationRow & { language: string };

/** A new notification: about which sample, its kind and parameters (notices.ts). */
export interface NewNotification extends Notice {
  sampleId: number;
  createdAt: Date;
}

/**
 * Inserts each notice once for every member who can see its sample (by role and scope), in the caller's
 * transaction, and answers them with each reader's language. A billing member, a removed member and a
 * colleague of scope `own` get none about another's sample.
 */
export async function insertNotifications(
  tx: Executor,
  values: readonly NewNotification[],
): Promise<ReaderNotification[]> {
  if (values.length === 0) return [];
  const sampleIds = [...new Set(values.map((value) => value.sampleId))];
  const watchers = await tx
    .select({ sampleId: samples.id, customerId: customers.id, language: customers.language })
    .from(samples)
    .innerJoin(customers, eq(customers.organisationId, samples.organisationId))
    .where(
      and(
        inArray(samples.id, sampleIds),
        isNull(customers.removedAt),
        inArray(customers.memberRole, [...SAMPLE_READER_ROLES]),
        or(eq(customers.memberScope, "all"), eq(customers.id, samples.customerId)),
      ),
    )
    .orderBy(asc(customers.id));
  const rows = values.flatMap((value) =>
    watchers
      .filter((watcher) => watcher.sampleId === value.sampleId)
      .map((watcher) => ({ ...value, customerId: watcher.customerId })),
  );
  if (rows.length === 0) return [];
  const inserted = await tx.insert(notifications).values(rows).returning();
  const languageOf = new Map(watchers.map((watcher) => [watcher.customerId, watcher.language]));
  return inserted.map((row) => ({ ...row, language: languageOf.get(row.customerId) ?? "en" }));
}

/** The language a customer reads their notifications in. */
export async function readerLanguage(ctx: DomainContext, customerId: number): Promise<string> {
  const [reader] = await ctx.db
    .select({ language: customers.language })
    .from(customers)
    .where(eq(customers.id, customerId));
  return reader?.language ?? "en";
}

/** One notice about one sample, to each member who can see it (see insertNotifications). */
export const notifySample = (tx: Executor, value: NewNotification): Promise<ReaderNotification[]> =>
  insertNotifications(tx, [value]);

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
