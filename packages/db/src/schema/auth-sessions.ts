import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per signed-in device: customer, staff or field agent. Access tokens name their session; a password
 * reset or change, an e-mail change or 'sign out everywhere' sets revokedAt and older tokens stop
 * working at once, over HTTP and STOMP.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    /** 128 random bits, base64url; the token's `sid` claim. */
    id: text().primaryKey(),
    role: text({ enum: ["customer", "lab", "agent"] }).notNull(),
    subjectId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * sha256 (hex) of the refresh token held in the device's httpOnly cookie; rotated on every use.
     * Null for a session that cannot be refreshed.
     */
    refreshHash: text(),
    /** The refresh token just replaced: presenting it again means it was copied, and ends the session. */
    previousRefreshHash: text(),
    /** 'Keep me signed in': the refresh cookie outlives the browser session (30 days). */
    persistent: boolean().notNull().default(false),
    refreshedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("auth_sessions_refresh_idx").on(t.refreshHash),
    index("auth_sessions_previous_refresh_idx").on(t.previousRefreshHash),
    index("auth_sessions_subject_live_idx")
      .on(t.role, t.subjectId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

export type AuthSessionRow = typeof authSessions.$inferSelect;
