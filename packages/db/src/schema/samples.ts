import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

import { agents } from "./agents";
import { customers } from "./customers";
import { crops, harvestLots, ponds, SAMPLE_PURPOSE_VALUES } from "./farms";
import { organisations } from "./organisations";
import { sampleProviders } from "./sample-providers";

/** REJECTED: refused at reception (seal, temperature, quantity…); terminal, like COMPLETED. */
export const SAMPLE_STATUS_VALUES = [
  "PENDING",
  "COLLECTING",
  "COLLECTED",
  "TESTING",
  "COMPLETED",
  "REJECTED",
] as const;

export const samples = pgTable(
  "samples",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    /** The member who submitted it: a member of scope `own` sees only theirs. */
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    // Deleting a provider keeps its samples: they carry their own copy of name, phone and place.
    providerId: integer().references(() => sampleProviders.id, { onDelete: "set null" }),
    status: text({ enum: SAMPLE_STATUS_VALUES }).notNull().default("PENDING"),
    samplerName: text().notNull(),
    samplerLocation: text().notNull(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    shrimpCategory: text().notNull(),
    testTypes: text().array().notNull(),
    /** Destination markets chosen at submission; empty: the lab's default limits (LAB). */
    markets: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The round of results under way: 1, then one more per replacement after a revoke. */
    resultRound: integer().notNull().default(1),
    /** The test types joined by ", " (the sub-category clients show), kept for display and search. */
    shrimpSubCategory: text().notNull(),
    /** E.164 */
    phoneNumber: text().notNull(),
    emailAddress: text(),
    /** The field agent collecting it. */
    agentId: integer().references(() => agents.id, { onDelete: "set null" }),
    /** When the assigned agent accepted the job in the field app; null until then. */
    agentAcceptedAt: timestamp({ withTimezone: true }),
    /** "agentName-phone" or "" when no agent is assigned (the format clients read). */
    assigned: text().notNull().default(""),
    testingEta: timestamp({ withTimezone: true }),
    /** Where it comes from, when the customer said: a pond, its crop, and the harvest lot it screens. */
    pondId: integer().references(() => ponds.id, { onDelete: "restrict" }),
    cropId: integer().references(() => crops.id, { onDelete: "restrict" }),
    lotId: integer().references(() => harvestLots.id, { onDelete: "restrict" }),
    /** Why it was taken; null when the customer did not say (the spec's submissions). */
    purpose: text({ enum: SAMPLE_PURPOSE_VALUES }),
    /** The customer's notes for the agent who collects it ("Call before coming"); null when none. */
    collectorNotes: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Text the ledger search runs on, with a trigram index: lower-cased and without Latin diacritics
     * (search_fold, migration 0012), so "Godavari" finds "Godāvari".
     */
    searchText: text().generatedAlwaysAs(
      sql`search_fold(sampler_name || ' ' || shrimp_category || ' ' || shrimp_sub_category || ' ' || sampler_location || ' ' || coalesce(email_address, '') || ' ' || phone_number)`,
    ),
  },
  (t) => [
    // The lab's search over every customer, and a customer's own search: customer id and trigrams in one
    // GIN index (btree_gin), so a search never rechecks other customers' rows.
    index("samples_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("samples_customer_search_idx").using("gin", t.customerId, sql`${t.searchText} gin_trgm_ops`),
    // The customer's lists: newest change first, by status group, and by creation date range. Plain
    // ascending keys: scanned backwards they give "desc" (nulls first), which is what ORDER BY asks.
    index("samples_customer_updated_idx").on(t.customerId, t.updatedAt, t.id),
    index("samples_customer_status_updated_idx").on(t.customerId, t.status, t.updatedAt, t.id),
    index("samples_customer_created_idx").on(t.customerId, t.createdAt, t.id),
    // The same for every sample of an organisation (members of scope `all`).
    index("samples_organisation_search_idx").using(
      "gin",
      t.organisationId,
      sql`${t.searchText} gin_trgm_ops`,
    ),
    index("samples_organisation_updated_idx").on(t.organisationId, t.updatedAt, t.id),
    index("samples_organisation_status_updated_idx").on(t.organisationId, t.status, t.updatedAt, t.id),
    index("samples_organisation_created_idx").on(t.organisationId, t.createdAt, t.id),
    index("samples_provider_idx").on(t.providerId),
    index("samples_pond_idx")
      .on(t.pondId, t.createdAt)
      .where(sql`${t.pondId} is not null`),
    index("samples_lot_idx")
      .on(t.lotId, t.createdAt, t.id)
      .where(sql`${t.lotId} is not null`),
    index("samples_agent_idx").on(t.agentId),
    // Each agent's open collections, counted by every dispatch pass to weigh agents' load.
    index("samples_collecting_agent_idx")
      .on(t.agentId)
      .where(sql`${t.status} = 'COLLECTING'`),
    // The dispatcher's queue and the lab's oldest-first view of unassigned samples.
    index("samples_pending_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'PENDING'`),
    check(
      "samples_purpose_check",
      sql`${t.purpose} is null or ${t.purpose} in ('monitoring', 'diagnosis', 'pre_harvest', 'raw_material', 'finished_product')`,
    ),
    check(
      "samples_status_check",
      sql`${t.status} in ('PENDING', 'COLLECTING', 'COLLECTED', 'TESTING', 'COMPLETED', 'REJECTED')`,
    ),
  ],
);
export type SampleRow = typeof samples.$inferSelect;

/** Samples per customer and status, kept by a trigger on samples: list totals without counting. */
export const sampleCounts = pgTable(
  "sample_counts",
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    status: text({ enum: SAMPLE_STATUS_VALUES }).notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.status] })],
);

/** The timeline and audit trail: one row per status move. */
export const sampleEvents = pgTable(
  "sample_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sampleId: integer()
      .notNull()
      .references(() => samples.id, { onDelete: "cascade" }),
    fromStatus: text({ enum: SAMPLE_STATUS_VALUES }),
    toStatus: text({ enum: SAMPLE_STATUS_VALUES }).notNull(),
    /** "customer:12", "staff:3" or "system". */
    actor: text().notNull(),
    /**
     * What the step was: a status move, or results entered, confirmation testing, results
     * returned, released, revoked. Customers see moves, confirmation, release and revoke.
     */
    kind: text().notNull().default("move"),
    note: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sample_events_sample_idx").on(t.sampleId, t.at, t.id)],
);
export type SampleEventRow = typeof sampleEvents.$inferSelect;
