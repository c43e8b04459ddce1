import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp } from "drizzle-orm/pg-core";

import { customers } from "./customers";
import { farms, harvestLots } from "./farms";
import { organisations } from "./organisations";

/**
 * A farmer's organisation's consent that another organisation (a processor buying the harvest) reads
 * one of its farms (every lot of it, with their samples and reports) or one harvest lot, until
 * `expiresAt` or until it is revoked. Rows are kept after either, for the record.
 */
export const shares = pgTable(
  "shares",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The organisation that owns the farm or lot and grants the share. */
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    farmId: integer().references(() => farms.id, { onDelete: "cascade" }),
    lotId: integer().references(() => harvestLots.id, { onDelete: "cascade" }),
    granteeOrganisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdBy: integer().references(() => customers.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: integer().references(() => customers.id, { onDelete: "set null" }),
  },
  (t) => [
    // "What is shared with us now": the grantee's unrevoked shares, by expiry.
    index("shares_grantee_idx")
      .on(t.granteeOrganisationId, t.expiresAt)
      .where(sql`${t.revokedAt} is null`),
    // The granting organisation's list, newest first.
    index("shares_organisation_idx").on(t.organisationId, t.createdAt, t.id),
    index("shares_farm_idx")
      .on(t.farmId)
      .where(sql`${t.farmId} is not null`),
    index("shares_lot_idx")
      .on(t.lotId)
      .where(sql`${t.lotId} is not null`),
    check("shares_target_check", sql`(${t.farmId} is null) <> (${t.lotId} is null)`),
    check("shares_not_self_check", sql`${t.organisationId} <> ${t.granteeOrganisationId}`),
  ],
);
export type ShareRow = typeof shares.$inferSelect;
