import { integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";

import { customers } from "./customers";

/**
 * The first answer to a request sent with an `Idempotency-Key`, written in the same transaction as
 * what the request created: a retry with the same key replays it and writes nothing. Rows older than
 * 24 h no longer count and are deleted on the next write for the same customer.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** Which create it guards, e.g. "sample-submissions". */
    endpoint: text().notNull(),
    key: text().notNull(),
    /** sha256 (hex) of the canonical JSON of the parsed body: another body under the key is a 422. */
    requestHash: text().notNull(),
    responseStatus: smallint().notNull(),
    responseBody: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.endpoint, t.key] })],
);
