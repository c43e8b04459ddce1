import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { agents } from "./agents";
import { staff } from "./lab";
import { samples } from "./samples";

/** Raw bytes (Postgres bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

export const COLD_CHAIN_VALUES = ["ice", "cold_box", "ambient"] as const;
export const QUANTITY_UNIT_VALUES = ["count", "g"] as const;
export const PHOTO_KIND_VALUES = ["seal", "pond", "other"] as const;
export const CUSTODY_KIND_VALUES = ["collected", "handed_over", "received", "rejected"] as const;
export const RECEPTION_DECISION_VALUES = ["accepted", "rejected", "consent"] as const;

/**
 * What the agent recorded at the pond: one per sample. Sent from the field app, possibly hours later
 * from an offline queue; (agent, idempotency key) makes a retried sync one collection.
 */
export const sampleCollections = pgTable(
  "sample_collections",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sampleId: integer()
      .notNull()
      .references(() => samples.id, { onDelete: "cascade" }),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: "restrict" }),
    idempotencyKey: text().notNull(),
    /** sha256 (hex) of the canonical request: another body under the same key is refused. */
    requestHash: text().notNull(),
    /** When the sample was taken, by the phone's clock. */
    collectedAt: timestamp({ withTimezone: true }).notNull(),
    /** When the server received it; with sentAt, how far the phone's clock was off. */
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    /** Phone clock minus server clock at sync, in ms (positive: the phone is ahead). */
    clockSkewMs: integer().notNull().default(0),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    accuracyM: doublePrecision().notNull(),
    /** Metres to the pond's (else the farm's) recorded point; null when neither has one. */
    distanceM: doublePrecision(),
    distanceFrom: text({ enum: ["pond", "farm"] }),
    /** The agent's reason when the distance is beyond the lab's radius. */
    distanceReason: text(),
    seals: text().array().notNull(),
    containers: smallint().notNull(),
    quantity: numeric({ precision: 10, scale: 2 }).notNull(),
    quantityUnit: text({ enum: QUANTITY_UNIT_VALUES }).notNull(),
    waterTempC: numeric({ precision: 4, scale: 1 }),
    sampleTempC: numeric({ precision: 4, scale: 1 }),
    coldChain: text({ enum: COLD_CHAIN_VALUES }).notNull(),
    /** The farmer (or their person) who handed the sample over, as typed by them. */
    farmerName: text().notNull(),
    note: text(),
  },
  (t) => [
    uniqueIndex("sample_collections_sample_idx").on(t.sampleId),
    uniqueIndex("sample_collections_key_idx").on(t.agentId, t.idempotencyKey),
    check("sample_collections_containers_check", sql`${t.containers} between 1 and 20`),
  ],
);
export type SampleCollectionRow = typeof sampleCollections.$inferSelect;

/** Photos of a collection, re-encoded on the server (no metadata kept), with their SHA-256. */
export const collectionPhotos = pgTable(
  "collection_photos",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    collectionId: integer()
      .notNull()
      .references(() => sampleCollections.id, { onDelete: "cascade" }),
    position: smallint().notNull(),
    kind: text({ enum: PHOTO_KIND_VALUES }).notNull(),
    /** sha256 (hex) of `content`, the stored JPEG. */
    sha256: text().notNull(),
    content: bytea().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** Where the photo's EXIF said it was taken, read before the metadata was stripped. */
    exifLat: doublePrecision(),
    exifLng: doublePrecision(),
  },
  (t) => [uniqueIndex("collection_photos_position_idx").on(t.collectionId, t.position)],
);
export type CollectionPhotoRow = typeof collectionPhotos.$inferSelect;

/** A hand-off of a sample: who gave it up, who took it, when, where, and in what state. */
export const custodyEvents = pgTable(
  "custody_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sampleId: integer()
      .notNull()
      .references(() => samples.id, { onDelete: "cascade" }),
    kind: text({ enum: CUSTODY_KIND_VALUES }).notNull(),
    /** Names as they were at the time: "Ravi (farmer)", "Suresh Reddy (agent)", "Reception: A. Das". */
    relinquishedBy: text().notNull(),
    receivedBy: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    place: text(),
    sealIntact: boolean(),
    temperatureC: numeric({ precision: 4, scale: 1 }),
    note: text(),
    /** "agent:3", "staff:5", "system". */
    actor: text().notNull(),
  },
  (t) => [index("custody_events_sample_idx").on(t.sampleId, t.at, t.id)],
);
export type CustodyEventRow = typeof custodyEvents.$inferSelect;

/**
 * Container labels: an unguessable code per container. Printed for a sample, or pre-printed in blank
 * (sampleId null) and linked when an agent scans one at the pond.
 */
export const sampleLabels = pgTable(
  "sample_labels",
  {
    /** Twelve characters of Crockford's base32 (60 random bits). */
    code: text().primaryKey(),
    sampleId: integer().references(() => samples.id, { onDelete: "cascade" }),
    container: smallint(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    linkedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sample_labels_container_idx")
      .on(t.sampleId, t.container)
      .where(sql`${t.sampleId} is not null`),
    check("sample_labels_link_check", sql`(${t.sampleId} is null) = (${t.container} is null)`),
  ],
);
export type SampleLabelRow = typeof sampleLabels.$inferSelect;

/** Reception's check of a sample on arrival, and its decision (one per sample). */
export const sampleReceptions = pgTable("sample_receptions", {
  sampleId: integer()
    .primaryKey()
    .references(() => samples.id, { onDelete: "cascade" }),
  decision: text({ enum: RECEPTION_DECISION_VALUES }).notNull(),
  /** Fixed reasons (contracts' REJECTION_REASONS); for `consent`, the deviations the customer accepted. */
  reasons: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  note: text(),
  /** Seal numbers read at reception, compared with the collection's. */
  seals: text().array(),
  sealsMatch: boolean(),
  temperatureC: numeric({ precision: 4, scale: 1 }),
  staffId: integer().references(() => staff.id, { onDelete: "set null" }),
  at: timestamp({ withTimezone: true }).notNull(),
});
export type SampleReceptionRow = typeof sampleReceptions.$inferSelect;

/** An agent handing a job back: the dispatcher does not give that sample to that agent again. */
export const jobDeclines = pgTable(
  "job_declines",
  {
    sampleId: integer()
      .notNull()
      .references(() => samples.id, { onDelete: "cascade" }),
    agentId: integer()
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    reason: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sampleId, t.agentId] })],
);
