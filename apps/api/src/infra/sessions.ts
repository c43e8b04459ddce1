import { createHash, randomBytes } from "node:crypto";

import { authSessions, customers, type Executor } from "@lab/db";
import { and, eq, gt, inArray, isNotNull, isNull, ne, or } from "drizzle-orm";

import type { Membership, Role, TokenClaims, TokenService } from "../lib/tokens";

/**
 * How long this process trusts its last look at a live session. A revocation on this instance evicts
 * at once; other instances hear of it through the real-time bus ("sessions-revoked") and, should that
 * message be lost, within this many ms.
 */
export const SESSION_CACHE_MS = 1_000;
const CACHE_MAX = 50_000;

/** 'Keep me signed in': the refresh cookie and its session live this long after their last use. */
export const REFRESH_PERSISTENT_S = 30 * 24 * 3600;
/**
 * Without it: a browser-session cookie (gone when the browser closes) whose session the server ends
 * this long after its last use, so a cookie kept alive by a browser's session restore does not last.
 */
export const REFRESH_BROWSER_SESSION_S = 12 * 3600;

/** A refresh token to hand to the device (in its httpOnly cookie); only its sha256 is stored. */
export interface RefreshGrant {
  /** Whose cookie it goes into: customers and staff keep theirs apart in one browser. */
  role: Role;
  refreshToken: string;
  persistent: boolean;
  /** Seconds the cookie and the session live from now (unless refreshed again). */
  lifetimeSeconds: number;
}

/** A sign-in's answer and the refresh token for the device's cookie beside it. */
export interface SignedIn<T> {
  response: T;
  refresh: RefreshGrant;
}

export interface StartedSession extends RefreshGrant {
  token: string;
  expiresIn: number;
  sessionId: string;
}

export type RefreshOutcome =
  | ({
      kind: "refreshed";
      role: Role;
      subjectId: number;
      token: string;
      expiresIn: number;
      sessionId: string;
    } & RefreshGrant)
  /** An already-rotated token came back: it was copied, so the session has been ended. */
  | { kind: "reused"; revoked: RevokedSessions }
  /** Unknown, expired or revoked. */
  | { kind: "invalid" };

const hashRefresh = (refreshToken: string): string => createHash("sha256").update(refreshToken).digest("hex");
const refreshLifetime = (persistent: boolean) =>
  persistent ? REFRESH_PERSISTENT_S : REFRESH_BROWSER_SESSION_S;
const newRefreshToken = () => randomBytes(32).toString("base64url");

export interface RevokedSessions {
  role: Role;
  subjectId: number;
  sessionIds: string[];
}

export interface SessionStore {
  /**
   * Opens a session for a device and issues its access token and its first refresh token (in the
   * caller's transaction). `persistent`: 'Keep me signed in'.
   */
  start(
    executor: Executor,
    role: Role,
    subjectId: number,
    now: Date,
    options?: { persistent?: boolean | undefined },
  ): Promise<StartedSession>;
  /**
   * Trades a refresh token for a new access token of the same session and a new refresh token (the
   * old one is kept as `previous` to recognise its reuse). The session's lifetime starts again.
   */
  refresh(executor: Executor, refreshToken: string, role: Role, now: Date): Promise<RefreshOutcome>;
  /** Ends the session a refresh token (current or just rotated) belongs to: sign-out by cookie. */
  revokeByRefresh(executor: Executor, refreshToken: string, role: Role, now: Date): Promise<RevokedSessions>;
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

/**
 * A customer's tokens carry their place in the organisation, read afresh at every sign-in and refresh;
 * a removed member has none, and their sessions cannot be refreshed.
 */
async function membershipFor(
  executor: Executor,
  role: Role,
  subjectId: number,
): Promise<Membership | null | undefined> {
  if (role !== "customer") return undefined;
  const [row] = await executor
    .select({
      organisationId: customers.organisationId,
      role: customers.memberRole,
      scope: customers.memberScope,
      removedAt: customers.removedAt,
    })
    .from(customers)
    .where(eq(customers.id, subjectId));
  if (!row || row.removedAt !== null) return null;
  return { organisationId: row.organisationId, role: row.role, scope: row.scope };
}

export function createSessionStore(db: Executor, tokens: TokenService): SessionStore {
  const cache = new Map<string, CacheEntry>();
  const remember = (id: string, entry: CacheEntry) => {
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(id, entry);
  };

  return {
    async start(executor, role, subjectId, now, options) {
      const sessionId = randomBytes(16).toString("base64url");
      const persistent = options?.persistent === true;
      const lifetimeSeconds = refreshLifetime(persistent);
      const refreshToken = newRefreshToken();
      const member = await membershipFor(executor, role, subjectId);
      if (member === null) throw new Error(`customer ${subjectId} is not a member of an organisation`);
      const { token, expiresIn } = tokens.issue({ subject: subjectId, role, sessionId, member });
      await executor.insert(authSessions).values({
        id: sessionId,
        role,
        subjectId,
        createdAt: now,
        // The session outlives its first access token: it ends when it is no longer refreshed.
        expiresAt: new Date(now.getTime() + Math.max(expiresIn, lifetimeSeconds) * 1000),
        refreshHash: hashRefresh(refreshToken),
        persistent,
      });
      return { token, expiresIn, sessionId, role, refreshToken, persistent, lifetimeSeconds };
    },

    async refresh(executor, refreshToken, expectedRole, now) {
      const hash = hashRefresh(refreshToken);
      const [row] = await executor
        .select()
        .from(authSessions)
        .where(
          and(
            eq(authSessions.role, expectedRole),
            or(eq(authSessions.refreshHash, hash), eq(authSessions.previousRefreshHash, hash)),
          ),
        )
        .limit(1);
      if (!row || row.revokedAt !== null || row.expiresAt <= now) return { kind: "invalid" };
      const role = row.role;
      const reused = async (): Promise<RefreshOutcome> => {
        const ended = await executor
          .update(authSessions)
          .set({ revokedAt: now })
          .where(and(eq(authSessions.id, row.id), isNull(authSessions.revokedAt)))
          .returning({ id: authSessions.id });
        return {
          kind: "reused",
          revoked: { role, subjectId: row.subjectId, sessionIds: ended.map((r) => r.id) },
        };
      };
      if (row.refreshHash !== hash) return reused();
      const member = await membershipFor(executor, role, row.subjectId);
      if (member === null) return { kind: "invalid" };
      const lifetimeSeconds = refreshLifetime(row.persistent);
      const next = newRefreshToken();
      // Compare-and-swap on the current hash: of two uses of one token, only the first rotates; the
      // second is a reuse like any other.
      const rotated = await executor
        .update(authSessions)
        .set({
          refreshHash: hashRefresh(next),
          previousRefreshHash: hash,
          refreshedAt: now,
          expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000),
        })
        .where(
          and(
            eq(authSessions.id, row.id),
            eq(authSessions.refreshHash, hash),
            isNull(authSessions.revokedAt),
          ),
        )
        .returning({ id: authSessions.id });
      if (rotated.length === 0) return reused();
      const { token, expiresIn } = tokens.issue({ subject: row.subjectId, role, sessionId: row.id, member });
      return {
        kind: "refreshed",
        role,
        subjectId: row.subjectId,
        sessionId: row.id,
        token,
        expiresIn,
        refreshToken: next,
        persistent: row.persistent,
        lifetimeSeconds,
      };
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

    async revokeByRefresh(executor, refreshToken, role, now) {
      const hash = hashRefresh(refreshToken);
      const rows = await executor
        .update(authSessions)
        .set({ revokedAt: now })
        .where(
          and(
            eq(authSessions.role, role),
            or(eq(authSessions.refreshHash, hash), eq(authSessions.previousRefreshHash, hash)),
            isNull(authSessions.revokedAt),
          ),
        )
        .returning({ id: authSessions.id, subjectId: authSessions.subjectId });
      return { role, subjectId: rows[0]?.subjectId ?? 0, sessionIds: rows.map((row) => row.id) };
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
