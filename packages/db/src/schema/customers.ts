import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { organisations } from "./organisations";

/** A person: a member of one organisation, with a role and a scope in it. */
export const customers = pgTable(
  "customers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    memberRole: text({ enum: ["admin", "full", "results", "billing"] })
      .notNull()
      .default("admin"),
    memberScope: text({ enum: ["own", "all"] })
      .notNull()
      .default("all"),
    /**
     * Removed from the organisation (by an admin, by leaving, or by the lab): cannot sign in; the row
     * stays so the samples they submitted keep their submitter, and the address is free again.
     */
    removedAt: timestamp({ withTimezone: true }),
    lastSignInAt: timestamp({ withTimezone: true }),
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
    /** A WhatsApp notice that cannot be delivered is sent again by SMS (notice_preferences). */
    smsFallback: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customers_email_lower_key")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.removedAt} is null`),
    index("customers_organisation_idx").on(t.organisationId, t.id),
    check("customers_member_role_check", sql`${t.memberRole} in ('admin', 'full', 'results', 'billing')`),
    check("customers_member_scope_check", sql`${t.memberScope} in ('own', 'all')`),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
