import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { customers } from "./customers";
import { organisations } from "./organisations";

/** A farmer under an agent; always read and written with its agent, so it lives in the agent's row. */
export interface FarmerRecord {
  name: string;
  phoneNumber: string;
  altPhoneNumber: string | null;
  location: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  placeId: string | null;
}

export const sampleProviders = pgTable(
  "sample_providers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    /** The member who added it. */
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    samplerName: text().notNull(),
    userType: text({ enum: ["Farmer", "Agent"] })
      .notNull()
      .default("Farmer"),
    /** E.164 */
    phoneNumber: text().notNull(),
    altPhoneNumber: text(),
    /** The location exactly as the client sent it (text or the JSON string form). */
    location: text(),
    address: text(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    placeId: text(),
    farmers: jsonb().$type<FarmerRecord[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sample_providers_customer_idx").on(t.customerId, t.id),
    index("sample_providers_organisation_idx").on(t.organisationId, t.id),
    check("sample_providers_user_type_check", sql`${t.userType} in ('Farmer', 'Agent')`),
    check(
      "sample_providers_farmers_only_agents_check",
      sql`${t.userType} = 'Agent' or ${t.farmers} = '[]'::jsonb`,
    ),
  ],
);

export type SampleProviderRow = typeof sampleProviders.$inferSelect;
