import { randomBytes } from "node:crypto";

import { authSessions, type Executor } from "@lab/db";
import { and, eq, gt, inArray, isNotNull, isNull, ne } from "drizzle-orm";

import type { Role, TokenClaims, TokenService } from "../lib/tokens";

/**
 * How long this process trusts its last look at a live session. A revocation on this instance evicts
 * at once; other instances hear of it through the real-time bus ("sessions-revoked") and, should that
 * message be lost, within this many ms.
 */
export const SESSION_CACHE_MS = 1_000;
const CACHE_MAX = 50_000;

export interface RevokedSessions {
  role: Role;
  subjectId: number;
  sessionIds: string[];
}

export interface SessionStore {
  /** Opens a session for a device and issues its access token (in the caller's transaction). */
  start(
    executor: Executor,
    role: Role,
    subjectId: number,
    now: Date,
  ): Promise<{ token: string; expiresIn: number; sessionId: string }>;
  /** A token is honoured only while its session exists, belongs to it and is not revoked. */
  isActive(claims: TokenClaims): Promise<boolean>;
  /** Ends every live session of an account, but `exceptSessionId`; answers the ids it ended. */
  revokeAll(
    executor: Executor,
    role: Role,
    subjectId: number,
    now: Date,
    exceptSessionId?: string,
  ): Promise<RevokedSessions>;
  /** Ends one session (sign out of this device). */
  revoke(executor: Executor, claims: TokenClaims, now: Date): Promise<RevokedSessions>;
  /** Remembers these sessions as ended (after a revocation here, or on another instance). */
  markRevoked(sessionIds: readonly string[]): void;
  /** Which of these sessions are revoked, in one query (the real-time endpoint's sweep of its sockets). */
  revokedAmong(sessionIds: readonly string[]): Promise<string[]>;
}

interface CacheEntry {
  active: boolean;
  checkedAt: number;
}

export function createSessionStore(db: Executor, tokens: TokenService): SessionStore {
  const cache = new Map<string, CacheEntry>();
  const remember = (id: string, entry: CacheEntry) => {
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(id, entry);
  };

  return {
    async start(executor, role, subjectId, now) {
      const sessionId = randomBytes(16).toString("base64url");
      const { token, expiresIn } = tokens.issue({ subject: subjectId, role, sessionId });
      await executor.insert(authSessions).values({
        id: sessionId,
        role,
        subjectId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + expiresIn * 1000),
      });
      return { token, expiresIn, sessionId };
    },

    async isActive(claims) {
      const cached = cache.get(claims.sessionId);
      const clock = Date.now();
      if (cached && (!cached.active || clock - cached.checkedAt < SESSION_CACHE_MS)) return cached.active;
      const [row] = await db
        .select({
          role: authSessions.role,
          subjectId: authSessions.subjectId,
          revokedAt: authSessions.revokedAt,
        })
        .from(authSessions)
        .where(eq(authSessions.id, claims.sessionId));
      const active =
        row !== undefined &&
        row.revokedAt === null &&
        row.role === claims.role &&
        row.subjectId === claims.subject;
      remember(claims.sessionId, { active, checkedAt: clock });
      return active;
    },

    async revokeAll(executor, role, subjectId, now, exceptSessionId) {
      const rows = await executor
        .update(authSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(authSessions.role, role),
            eq(authSessions.subjectId, subjectId),
            isNull(authSessions.revokedAt),
            gt(authSessions.expiresAt, now),
            exceptSessionId === undefined ? undefined : ne(authSessions.id, exceptSessionId),
          ),
        )
        .returning({ id: authSessions.id });
      return { role, subjectId, sessionIds: rows.map((row) => row.id) };
    },

    async revoke(executor, claims, now) {
      const rows = await executor
        .update(authSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(authSessions.id, claims.sessionId),
            eq(authSessions.role, claims.role),
            eq(authSessions.subjectId, claims.subject),
            isNull(authSessions.revokedAt),
          ),
        )
        .returning({ id: authSessions.id });
      return { role: claims.role, subjectId: claims.subject, sessionIds: rows.map((row) => row.id) };
    },

    markRevoked(sessionIds) {
      for (const id of sessionIds) remember(id, { active: false, checkedAt: Date.now() });
    },

    async revokedAmong(sessionIds) {
      if (sessionIds.length === 0) return [];
      const rows = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(and(inArray(authSessions.id, [...sessionIds]), isNotNull(authSessions.revokedAt)));
      return rows.map((row) => row.id);
    },
  };
}
