import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const customers = pgTable(
  "customers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // Stored lower-cased; the unique index on lower() keeps it unique whatever a writer does.
    email: text().notNull(),
    fullName: text().notNull(),
    company: text(),
    phoneNumber: text(),
    address: text(),
    passwordHash: text().notNull(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** Destination markets a new submission starts with (docs/certified-results.md). */
    defaultMarkets: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The portal language of the account: screens, notifications, e-mails, certificates. */
    language: text().notNull().default("en"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customers_email_lower_key").on(sql`lower(${t.email})`)],
);

export type CustomerRow = typeof customers.$inferSelect;
