import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { MarketJudgement, ParameterLine } from "@lab/contracts";

import { customers } from "./customers";
import { organisations } from "./organisations";
import { samples } from "./samples";

export const staff = pgTable(
  "staff",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    /** analyst, reviewer, admin (docs/certified-results.md); the first, seeded account is an admin. */
    roles: text()
      .array()
      .notNull()
      .default(sql`'{analyst,reviewer}'::text[]`),
    active: boolean().notNull().default(true),
    /** The console language of the member (docs/i18n.md). */
    language: text().notNull().default("en"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_email_lower_key").on(sql`lower(${t.email})`)],
);
export type StaffRow = typeof staff.$inferSelect;

export interface ReportTestRecord {
  testType: string;
  value: string;
  unit: string;
  limit: string;
  method: string;
  verdict: "pass" | "fail";
}
export interface ReportDetails {
  initialInspection: string;
  labResults: {
    viralScreening: string;
    bacterialAnalysis: string;
    parasiteCheck: string;
    geneticMarkers: string;
    waterQuality: string;
  };
  finalReview: string;
}

export const reports = pgTable(
  "reports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sampleId: integer()
      .notNull()
      .references(() => samples.id, { onDelete: "cascade" }),
    /** The sample's submitter. */
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    result: text({ enum: ["success", "failure"] }).notNull(),
    details: jsonb().$type<ReportDetails>().notNull(),
    tests: jsonb().$type<ReportTestRecord[]>().notNull(),
    /** NSP-CERT-{year}-{n}: issued when at least one judged market passed (it certifies those). */
    certification: text(),
    status: text({ enum: ["valid", "revoked"] })
      .notNull()
      .default("valid"),
    /**
     * Staff's internal note on a revocation: never shown to customers or the public (the reason they
     * see is `revokedReasonCode`, chosen from a fixed list).
     */
    revokedReason: text(),
    /** One of the fixed revocation reasons in contracts; old free-text revocations read "other". */
    revokedReasonCode: text(),
    /** Who asked for the revocation and who confirmed it (the same person under one-person revocation). */
    revokedBy: integer().references(() => staff.id, { onDelete: "set null" }),
    revocationConfirmedBy: integer().references(() => staff.id, { onDelete: "set null" }),
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * The reviewer who released it (or, on a report issued in one step before results needed a
     * second person's release, the staff member who issued it).
     */
    issuedBy: integer().references(() => staff.id, { onDelete: "set null" }),
    /** Which round of results it reports: 1, then one more for each replacement after a revoke. */
    round: integer().notNull().default(1),
    analystId: integer().references(() => staff.id, { onDelete: "set null" }),
    /** The analyst's last result of the round. */
    analysedAt: timestamp({ withTimezone: true }),
    /** When testing started (the sample's move to TESTING), for the certificate's test period. */
    testingStartedAt: timestamp({ withTimezone: true }),
    /** The verdict of each judged market and the parameter table, as judged at release: never recomputed. */
    markets: jsonb()
      .$type<MarketJudgement[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    parameters: jsonb()
      .$type<ParameterLine[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Remarks of the analyst and the reviewer, printed on the certificate. */
    remarks: text(),
    replacesId: integer().references((): AnyPgColumn => reports.id, { onDelete: "set null" }),
    replacedById: integer().references((): AnyPgColumn => reports.id, { onDelete: "set null" }),
    completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * An unguessable code printed on the certificate and carried by its QR: the certificate number
     * alone tells only whether it stands; the number with this code opens the full results.
     */
    checkCode: text()
      .notNull()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 16))`),
  },
  (t) => [
    // One standing report per sample; a revoked one stays beside its replacement.
    uniqueIndex("reports_sample_valid_key")
      .on(t.sampleId)
      .where(sql`${t.status} = 'valid'`),
    uniqueIndex("reports_sample_round_key").on(t.sampleId, t.round),
    uniqueIndex("reports_certification_key").on(t.certification),
    uniqueIndex("reports_check_code_key").on(t.checkCode),
    index("reports_organisation_idx").on(t.organisationId, t.id),
    index("reports_customer_idx").on(t.customerId, t.id),
    // A certificate number needs a passed market: every market, or some of them (it certifies those).
    check(
      "reports_certification_market_passed_check",
      sql`${t.certification} is null or ${t.result} = 'success' or ${t.markets} @> '[{"verdict":"pass"}]'::jsonb`,
    ),
  ],
);
export type ReportRow = typeof reports.$inferSelect;

/** The per-year certificate counter: one row per year, incremented atomically. */
export const certificateSequences = pgTable("certificate_sequences", {
  year: integer().primaryKey(),
  last: integer().notNull(),
});

/**
 * A revocation one staff member asked for and a second one must confirm (the two-person rule), unless
 * the lab chose one-person revocation. At most one open request per report.
 */
export const revocationRequests = pgTable(
  "revocation_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reportId: integer()
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    reasonCode: text().notNull(),
    /** Internal: staff only. */
    note: text().notNull().default(""),
    requestedBy: integer()
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    /** confirmed (the report is revoked) or cancelled (by the requester or a second person). */
    outcome: text({ enum: ["confirmed", "cancelled"] }),
    decidedBy: integer().references(() => staff.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("revocation_requests_open_key")
      .on(t.reportId)
      .where(sql`${t.outcome} is null`),
  ],
);
export type RevocationRequestRow = typeof revocationRequests.$inferSelect;

/** The lab's settings: one row (id 1). Every change is also kept in `labSettingChanges`. */
export const labSettings = pgTable(
  "lab_settings",
  {
    id: integer().primaryKey().default(1),
    /** false: a second staff member confirms every revocation; true: one reviewer or admin suffices. */
    onePersonRevocation: boolean().notNull().default(false),
    /** Days a pre-harvest screening report stays valid for harvest, from the day of sampling. */
    screeningValidDays: integer().notNull().default(10),
    /** Metres from the pond (or farm) beyond which a collection needs the agent's reason. */
    collectionRadiusM: integer().notNull().default(300),
    /** false: only Indian mobile numbers may sign up or sign in by code (SMS abroad costs more, and pumps). */
    internationalPhones: boolean().notNull().default(false),
    updatedBy: integer().references(() => staff.id, { onDelete: "set null" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lab_settings_single_row_check", sql`${t.id} = 1`),
    check("lab_settings_screening_days_check", sql`${t.screeningValidDays} between 1 and 90`),
    check("lab_settings_collection_radius_check", sql`${t.collectionRadiusM} between 10 and 50000`),
  ],
);
export type LabSettingsRow = typeof labSettings.$inferSelect;

/** The audit trail of the lab's settings: who set what, when. */
export const labSettingChanges = pgTable("lab_setting_changes", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  setting: text().notNull(),
  value: jsonb().notNull(),
  changedBy: integer().references(() => staff.id, { onDelete: "set null" }),
  changedAt: timestamp({ withTimezone: true }).notNull(),
});

/** A staff member's live password-reset code (sha256), like customers' codes: 300 s, 3 attempts. */
export const staffResetCodes = pgTable("staff_reset_codes", {
  staffId: integer()
    .primaryKey()
    .references(() => staff.id, { onDelete: "cascade" }),
  codeHash: text().notNull(),
  attempts: integer().notNull().default(0),
  sentAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
export type StaffResetCodeRow = typeof staffResetCodes.$inferSelect;
