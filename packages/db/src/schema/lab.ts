import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import { samples } from "./samples";

export const staff = pgTable(
  "staff",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    /** analyst, reviewer, admin (issue 16); the first, seeded account is an admin. */
    roles: text()
      .array()
      .notNull()
      .default(sql`'{analyst,reviewer}'::text[]`),
    active: boolean().notNull().default(true),
    /** The console language of the member (issue 17). */
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
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    result: text({ enum: ["success", "failure"] }).notNull(),
    details: jsonb().$type<ReportDetails>().notNull(),
    tests: jsonb().$type<ReportTestRecord[]>().notNull(),
    /** NSP-CERT-{year}-{n}; only for a successful result. */
    certification: text(),
    status: text({ enum: ["valid", "revoked"] })
      .notNull()
      .default("valid"),
    revokedReason: text(),
    revokedAt: timestamp({ withTimezone: true }),
    /** The reviewer who released it (or, before issue 16, the staff member who issued it). */
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
  },
  (t) => [
    // One standing report per sample; a revoked one stays beside its replacement.
    uniqueIndex("reports_sample_valid_key")
      .on(t.sampleId)
      .where(sql`${t.status} = 'valid'`),
    uniqueIndex("reports_sample_round_key").on(t.sampleId, t.round),
    uniqueIndex("reports_certification_key").on(t.certification),
    check(
      "reports_certification_only_success_check",
      sql`${t.result} = 'success' or ${t.certification} is null`,
    ),
  ],
);
export type ReportRow = typeof reports.$inferSelect;

/** The per-year certificate counter: one row per year, incremented atomically. */
export const certificateSequences = pgTable("certificate_sequences", {
  year: integer().primaryKey(),
  last: integer().notNull(),
});
