import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * A customer of the lab: a company, a farm or one person, with one or more members (customers rows).
 * Everything customers own belongs to it: providers, samples, reports, buyers' specifications.
 */
export const organisations = pgTable(
  "organisations",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    address: text(),
    /** Upper-case, checked (format, state code and check character) before it is stored. */
    gstin: text(),
    /** GST state code, two digits. */
    state: text(),
    language: text().notNull().default("en"),
    defaultMarkets: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("organisations_state_check", sql`${t.state} is null or ${t.state} ~ '^[0-9]{2}$'`)],
);
export type OrganisationRow = typeof organisations.$inferSelect;

export const MEMBER_ROLE_VALUES = ["admin", "full", "results", "billing"] as const;
export const MEMBER_SCOPE_VALUES = ["own", "all"] as const;

/**
 * An invitation to join an organisation, by a link mailed to the address. Only the token's sha256 is
 * kept; it is single-use (acceptedAt), revocable (revokedAt) and expires (expiresAt).
 */
export const organisationInvitations = pgTable(
  "organisation_invitations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text().notNull(),
    role: text({ enum: MEMBER_ROLE_VALUES }).notNull(),
    scope: text({ enum: MEMBER_SCOPE_VALUES }).notNull(),
    tokenHash: text().notNull(),
    /** The member who invited (null once that member's row is gone). */
    invitedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: integer(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("organisation_invitations_token_key").on(t.tokenHash),
    // One open invitation per address and organisation: a second is a re-send.
    uniqueIndex("organisation_invitations_open_key")
      .on(t.organisationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check("organisation_invitations_role_check", sql`${t.role} in ('admin', 'full', 'results', 'billing')`),
    check("organisation_invitations_scope_check", sql`${t.scope} in ('own', 'all')`),
  ],
);
export type OrganisationInvitationRow = typeof organisationInvitations.$inferSelect;

/**
 * The organisation's audit trail: who did what, and when. Rows are only ever added; a member's name is
 * copied into `actorName` / `subjectLabel` so the trail still reads after the member is gone.
 */
export const organisationActivity = pgTable(
  "organisation_activity",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    kind: text().notNull(),
    /** The member who acted; null when the lab's staff did. */
    actorId: integer(),
    actorName: text().notNull(),
    subjectId: integer(),
    subjectLabel: text(),
    sampleId: integer(),
    details: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  },
  (t) => [index("organisation_activity_org_idx").on(t.organisationId, t.id)],
);
export type OrganisationActivityRow = typeof organisationActivity.$inferSelect;
