import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { customers } from "./customers";
import { samples } from "./samples";

export const staff = pgTable(
  "staff",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
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
    issuedBy: integer().references(() => staff.id, { onDelete: "set null" }),
    completedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reports_sample_key").on(t.sampleId),
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
