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
    /**
     * Stored lower-cased; the unique index on lower() keeps it unique whatever a writer does. None for
     * a member who signed up with a mobile number and gave no address: such a member gets no mail.
     */
    email: text(),
    fullName: text().notNull(),
    company: text(),
    /** E.164. */
    phoneNumber: text(),
    /** When a code sent to `phoneNumber` was entered: the member can sign in with the number. */
    phoneVerifiedAt: timestamp({ withTimezone: true }),
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
    // A proven number belongs to one live person; unproven numbers (typed on a profile) may repeat.
    uniqueIndex("customers_verified_phone_key")
      .on(t.phoneNumber)
      .where(sql`${t.phoneVerifiedAt} is not null and ${t.removedAt} is null`),
    index("customers_organisation_idx").on(t.organisationId, t.id),
    // Every live member can be reached and can sign in: by an address or by a proven number.
    check(
      "customers_contact_check",
      sql`${t.removedAt} is not null or ${t.email} is not null or (${t.phoneVerifiedAt} is not null and ${t.phoneNumber} is not null)`,
    ),
    check("customers_member_role_check", sql`${t.memberRole} in ('admin', 'full', 'results', 'billing')`),
    check("customers_member_scope_check", sql`${t.memberScope} in ('own', 'all')`),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
