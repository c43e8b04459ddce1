import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { customers } from "./customers";

/** At most one live code per customer: sending a new one replaces the old one. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    // sha256 of the code: a database read does not hand out live codes.
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("verification_codes_customer_key").on(t.customerId)],
);

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
