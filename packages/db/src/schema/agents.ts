import { boolean, doublePrecision, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Field agents who collect samples. */
export const agents = pgTable("agents", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  /** E.164 */
  phone: text().notNull(),
  active: boolean().notNull().default(true),
  lat: doublePrecision(),
  lng: doublePrecision(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type AgentRow = typeof agents.$inferSelect;
