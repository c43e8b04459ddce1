import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { customers } from "./customers";

/**
 * At most one live code per customer and purpose (e-mail verification, password reset): sending a new
 * one replaces the old one.
 */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    purpose: text({ enum: ["verify", "reset"] })
      .notNull()
      .default("verify"),
    // sha256 of the code: a database read does not hand out live codes.
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("verification_codes_customer_purpose_key").on(t.customerId, t.purpose)],
);

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
