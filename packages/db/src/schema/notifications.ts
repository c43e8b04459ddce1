import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { customers } from "./customers";
import { samples } from "./samples";

export interface NotificationData {
  stage?: string;
  agent?: string;
  [key: string]: unknown;
}

export const notifications = pgTable(
  "notifications",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    type: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    sampleId: integer().references(() => samples.id, { onDelete: "cascade" }),
    data: jsonb().$type<NotificationData>().notNull().default({}),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_customer_idx").on(t.customerId, t.createdAt, t.id)],
);
export type NotificationRow = typeof notifications.$inferSelect;
