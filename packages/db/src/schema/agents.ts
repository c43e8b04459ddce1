import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Field agents who collect samples. An agent with a password signs in to the field app with their
 * phone number; one without is on the roster only (the demo simulator's agents, or not yet invited).
 */
export const agents = pgTable(
  "agents",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** E.164 */
    phone: text().notNull(),
    active: boolean().notNull().default(true),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** bcrypt; null until the agent accepts an invitation and sets one. */
    passwordHash: text(),
    /** sha256 (hex) of the open invitation's token; null when none is open. */
    invitationHash: text(),
    invitationExpiresAt: timestamp({ withTimezone: true }),
    /** When the agent last changed their password: sessions older than this are ended. */
    passwordChangedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One sign-in per number: a number names one agent who can sign in.
    uniqueIndex("agents_signin_phone_idx")
      .on(t.phone)
      .where(sql`${t.passwordHash} is not null`),
    index("agents_invitation_idx")
      .on(t.invitationHash)
      .where(sql`${t.invitationHash} is not null`),
  ],
);
export type AgentRow = typeof agents.$inferSelect;
