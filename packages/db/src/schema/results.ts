import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { customers } from "./customers";
import { organisations } from "./organisations";
import { reports, staff } from "./lab";
import { samples } from "./samples";

/** A measured quantity or observation of a test type's panel (docs/certified-results.md). */
export const parameters = pgTable(
  "parameters",
  {
    code: text().primaryKey(),
    name: text().notNull(),
    kind: text({ enum: ["quantitative", "qualitative", "graded"] }).notNull(),
    unit: text(),
    method: text().notNull(),
    methodRole: text({ enum: ["screening", "confirmatory"] })
      .notNull()
      .default("confirmatory"),
    lod: doublePrecision(),
    loq: doublePrecision(),
    /** Named grades, best first (graded parameters); null for a numeric score. */
    grades: text().array(),
    per25g: boolean().notNull().default(false),
    /** Screening: the cut-off at or above which the confirmatory parameter is required. */
    cutoff: doublePrecision(),
    confirmWith: text(),
    /**
     * Banned in food-producing animals (India's antimicrobial order, the EU's prohibited list): any
     * result at or above the LOD fails every market, whatever a market's limit says.
     */
    prohibited: boolean().notNull().default(false),
    /** The rule that bans it, as cited on the report. */
    prohibitedReference: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("parameters_kind_check", sql`${t.kind} in ('quantitative', 'qualitative', 'graded')`),
    check("parameters_method_role_check", sql`${t.methodRole} in ('screening', 'confirmatory')`),
  ],
);
export type ParameterRow = typeof parameters.$inferSelect;

/** A test type's panel: its parameters in order. Staff can edit it. */
export const panelParameters = pgTable(
  "panel_parameters",
  {
    testType: text().notNull(),
    parameterCode: text()
      .notNull()
      .references(() => parameters.code, { onUpdate: "cascade" }),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.testType, t.parameterCode] })],
);

/** A market whose specification results are judged against; a buyer's own belongs to one customer. */
export const markets = pgTable("markets", {
  code: text().primaryKey(),
  name: text().notNull(),
  customerId: integer().references(() => customers.id, { onDelete: "cascade" }),
  /** A buyer's own specification belongs to the organisation that added it; null: the lab's. */
  organisationId: integer().references(() => organisations.id, { onDelete: "cascade" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type MarketRow = typeof markets.$inferSelect;

/** A version of a market's specification; a version that judged a report never changes. */
export const specVersions = pgTable(
  "spec_versions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    marketCode: text()
      .notNull()
      .references(() => markets.code, { onDelete: "cascade" }),
    version: integer().notNull(),
    effectiveFrom: date({ mode: "string" }).notNull(),
    reference: text().notNull(),
    note: text().notNull().default(""),
    createdBy: integer().references(() => staff.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("spec_versions_market_version_key").on(t.marketCode, t.version)],
);
export type SpecVersionRow = typeof specVersions.$inferSelect;

/** One limit of a specification version, with its legal reference and the date it took effect. */
export const marketLimits = pgTable(
  "market_limits",
  {
    specVersionId: integer()
      .notNull()
      .references(() => specVersions.id, { onDelete: "cascade" }),
    parameterCode: text()
      .notNull()
      .references(() => parameters.code, { onUpdate: "cascade" }),
    kind: text({ enum: ["max", "min", "range", "not_detected", "absent_25g"] }).notNull(),
    min: doublePrecision(),
    max: doublePrecision(),
    strict: boolean().notNull().default(false),
    grade: text(),
    reference: text().notNull(),
    effectiveFrom: date({ mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.specVersionId, t.parameterCode] }),
    check(
      "market_limits_kind_check",
      sql`${t.kind} in ('max', 'min', 'range', 'not_detected', 'absent_25g')`,
    ),
  ],
);
export type MarketLimitRow = typeof marketLimits.$inferSelect;

/**
 * A result entered by an analyst: one per parameter per round. Round 1 is the first testing; each
 * replacement after a revoke is the next round. Both a screening and its confirmation are kept.
 */
export const sampleResults = pgTable(
  "sample_results",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sampleId: integer()
      .notNull()
      .references(() => samples.id, { onDelete: "cascade" }),
    round: integer().notNull(),
    parameterCode: text()
      .notNull()
      .references(() => parameters.code, { onUpdate: "cascade" }),
    value: doublePrecision(),
    qualifier: text(),
    enteredBy: integer()
      .notNull()
      .references(() => staff.id),
    enteredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sample_results_round_parameter_key").on(t.sampleId, t.round, t.parameterCode)],
);
export type SampleResultRow = typeof sampleResults.$inferSelect;

/** Where a sample's round of results stands, and the reviewer's note when sent back. */
export const sampleAnalyses = pgTable(
  "sample_analyses",
  {
    sampleId: integer()
      .notNull()
      .references(() => samples.id, { onDelete: "cascade" }),
    round: integer().notNull(),
    state: text({
      enum: ["awaiting_results", "confirmation", "awaiting_review", "returned", "released"],
    }).notNull(),
    analystNote: text(),
    returnedNote: text(),
    returnedBy: integer().references(() => staff.id, { onDelete: "set null" }),
    returnedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sampleId, t.round] }),
    // The reviewer's queue: rounds waiting for a second person.
    index("sample_analyses_state_idx").on(t.state, t.updatedAt),
  ],
);
export type SampleAnalysisRow = typeof sampleAnalyses.$inferSelect;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The issued PDF of a report: written once at release, never changed; its SHA-256 is public. */
export const reportDocuments = pgTable("report_documents", {
  reportId: integer()
    .primaryKey()
    .references(() => reports.id, { onDelete: "cascade" }),
  pdf: bytea().notNull(),
  sha256: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Which specification versions judged a report: such a version is frozen. */
export const reportSpecVersions = pgTable(
  "report_spec_versions",
  {
    reportId: integer()
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    specVersionId: integer()
      .notNull()
      .references(() => specVersions.id),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.specVersionId] }),
    index("report_spec_versions_spec_idx").on(t.specVersionId),
  ],
);
