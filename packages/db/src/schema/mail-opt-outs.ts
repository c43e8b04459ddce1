import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Addresses that asked (RFC 8058 one-click) to receive no more reports shared through the portal. */
export const mailOptOuts = pgTable("mail_opt_outs", {
  /** Lower-cased. */
  email: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type MailOptOutRow = typeof mailOptOuts.$inferSelect;
