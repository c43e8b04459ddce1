import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per signed-in device, customer or staff. Access tokens name their session; a password
 * reset or change, an e-mail change or 'sign out everywhere' sets revokedAt and older tokens stop
 * working at once, over HTTP and STOMP.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    /** 128 random bits, base64url; the token's `sid` claim. */
    id: text().primaryKey(),
    role: text({ enum: ["customer", "lab"] }).notNull(),
    subjectId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("auth_sessions_subject_live_idx")
      .on(t.role, t.subjectId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

export type AuthSessionRow = typeof authSessions.$inferSelect;
