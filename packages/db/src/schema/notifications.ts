import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { customers } from "./customers";
import { samples } from "./samples";

/**
 * A notification's parameters (docs/i18n.md): `notice` names its text in the `notify` catalogue, the rest
 * fill the text's placeholders. Title and message are rendered per reader, in their language, when
 * read or pushed; nothing of the text is stored.
 */
export interface NotificationData {
  notice?: string;
  stage?: string;
  agent?: string;
  certification?: string;
  reason?: string;
  reportId?: number;
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
    sampleId: integer().references(() => samples.id, { onDelete: "cascade" }),
    data: jsonb().$type<NotificationData>().notNull().default({}),
    read: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_customer_idx").on(t.customerId, t.createdAt, t.id)],
);
export type NotificationRow = typeof notifications.$inferSelect;
