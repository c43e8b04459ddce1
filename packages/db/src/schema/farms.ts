import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { customers } from "./customers";
import { organisations } from "./organisations";
import { sampleProviders } from "./sample-providers";

/**
 * A shrimp farm of an organisation, with the registrations buyers ask for: MPEDA enrolment, the
 * Coastal Aquaculture Authority's registration and its expiry, and the state's licence.
 */
export const farms = pgTable(
  "farms",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    /** The organisation's Farmer provider who runs it, when there is one. */
    providerId: integer().references(() => sampleProviders.id, { onDelete: "set null" }),
    name: text().notNull(),
    mpedaEnrolment: text(),
    caaRegistration: text(),
    caaExpiresOn: date({ mode: "string" }),
    stateLicence: text(),
    surveyNumbers: text(),
    /** Water-spread area in hectares. */
    areaHa: numeric({ precision: 10, scale: 2, mode: "number" }),
    village: text(),
    mandal: text(),
    district: text(),
    state: text(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** Optional boundary: a GeoJSON polygon's outer ring, [lng, lat] pairs. */
    boundary: jsonb().$type<[number, number][]>(),
    createdBy: integer().references(() => customers.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("farms_organisation_idx").on(t.organisationId, t.name, t.id),
    check("farms_area_check", sql`${t.areaHa} is null or ${t.areaHa} > 0`),
  ],
);
export type FarmRow = typeof farms.$inferSelect;

/** A pond of a farm; its code is unique in the farm whatever its case. */
export const ponds = pgTable(
  "ponds",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    farmId: integer()
      .notNull()
      .references(() => farms.id, { onDelete: "cascade" }),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    code: text().notNull(),
    areaHa: numeric({ precision: 10, scale: 2, mode: "number" }),
    lat: doublePrecision(),
    lng: doublePrecision(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ponds_farm_code_key").on(t.farmId, sql`lower(${t.code})`),
    index("ponds_organisation_idx").on(t.organisationId),
    check("ponds_area_check", sql`${t.areaHa} is null or ${t.areaHa} > 0`),
  ],
);
export type PondRow = typeof ponds.$inferSelect;

/** What a farmer declared about a crop's antimicrobial or chemical treatments. */
export type CropTreatment = { substance: string; dose: string; from: string; to: string };

/** One stocking of a pond, until its harvest: at most one open crop per pond. */
export const crops = pgTable(
  "crops",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pondId: integer()
      .notNull()
      .references(() => ponds.id, { onDelete: "cascade" }),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    /** One of the spec's shrimp categories. */
    species: text().notNull(),
    stockedOn: date({ mode: "string" }).notNull(),
    /** Post-larvae per square metre. */
    density: integer(),
    hatcheryName: text(),
    hatcheryRegistration: text(),
    feedBrand: text(),
    feedLot: text(),
    /** The farmer declared no antimicrobial or chemical treatment (else `treatments` lists them). */
    noTreatments: boolean().notNull().default(true),
    treatments: jsonb().$type<CropTreatment[]>().notNull().default([]),
    harvestedOn: date({ mode: "string" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("crops_open_per_pond_key")
      .on(t.pondId)
      .where(sql`${t.harvestedOn} is null`),
    index("crops_pond_idx").on(t.pondId, t.stockedOn),
    check("crops_density_check", sql`${t.density} is null or ${t.density} > 0`),
    check(
      "crops_harvest_after_stocking_check",
      sql`${t.harvestedOn} is null or ${t.harvestedOn} >= ${t.stockedOn}`,
    ),
  ],
);
export type CropRow = typeof crops.$inferSelect;

/**
 * A crop's planned or actual harvest, sold to one buyer. Its code (short, unguessable) is what travels
 * with the harvest on the lot card and what a processor checks at the gate.
 */
export const harvestLots = pgTable(
  "harvest_lots",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cropId: integer()
      .notNull()
      .references(() => crops.id, { onDelete: "cascade" }),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    code: text().notNull(),
    expectedOn: date({ mode: "string" }).notNull(),
    quantityKg: numeric({ precision: 12, scale: 1, mode: "number" }),
    countPerKg: integer(),
    buyerName: text(),
    /** The processor's Export Inspection Council approval number. */
    buyerEic: text(),
    buyerOrganisationId: integer().references(() => organisations.id, { onDelete: "set null" }),
    markets: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** MPEDA's pre-harvest test certificate number, when the farm has one. */
    phtCertificate: text(),
    harvestedOn: date({ mode: "string" }),
    createdBy: integer().references(() => customers.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("harvest_lots_code_key").on(t.code),
    index("harvest_lots_crop_idx").on(t.cropId, t.expectedOn),
    index("harvest_lots_organisation_idx").on(t.organisationId, t.expectedOn, t.id),
    check("harvest_lots_code_check", sql`${t.code} ~ '^[0-9A-HJKMNP-TV-Z]{10}$'`),
    check("harvest_lots_quantity_check", sql`${t.quantityKg} is null or ${t.quantityKg} > 0`),
    check("harvest_lots_count_check", sql`${t.countPerKg} is null or ${t.countPerKg} > 0`),
  ],
);
export type HarvestLotRow = typeof harvestLots.$inferSelect;

export const SAMPLE_PURPOSE_VALUES = [
  "monitoring",
  "diagnosis",
  "pre_harvest",
  "raw_material",
  "finished_product",
] as const;
