import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * When a code (verification or password reset) was last asked for an address, whether or not an
 * account holds it: the 60 s resend rule then answers every address alike and reveals no account.
 */
export const codeRequests = pgTable(
  "code_requests",
  {
    /** Lower-cased. */
    email: text().notNull(),
    purpose: text({ enum: ["verify", "reset", "staff-reset"] }).notNull(),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.purpose] })],
);
