import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

import { customers } from "./customers";

/**
 * The live one-time code sent by SMS to a number for one purpose; a new request replaces it. Written
 * for every valid number, whether or not a member holds it, so the answers and the 60 s resend rule
 * tell nothing about accounts.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    /** E.164. */
    phone: text().notNull(),
    purpose: text({ enum: ["register", "sign-in", "reset", "verify-phone"] }).notNull(),
    /** sha256 of the code: a database read does not hand out live codes. */
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    sentAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** For "verify-phone": the member who asked, the only one the code can prove the number for. */
    customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.phone, t.purpose] }),
    // Expired rows are pruned as new codes are asked for.
    index("phone_codes_expires_idx").on(t.expiresAt),
    check("phone_codes_purpose_check", sql`${t.purpose} in ('register', 'sign-in', 'reset', 'verify-phone')`),
  ],
);

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;
