import { createSecretKey } from "node:crypto";

import {
  MEMBER_ROLES,
  MEMBER_SCOPES,
  TOKEN_DEFAULT_LIFETIME_S,
  type MemberRole,
  type MemberScope,
} from "@lab/contracts";
import jwt from "jsonwebtoken";

export type Role = "customer" | "lab" | "agent";

/**
 * A customer's place in their organisation, carried by their tokens. Changing it ends the member's
 * sessions, so a token never speaks for a role or scope the member no longer has.
 */
export interface Membership {
  organisationId: number;
  role: MemberRole;
  scope: MemberScope;
}

export interface TokenClaims {
  subject: number;
  role: Role;
  /** Present on every customer token; staff and agent tokens carry none. */
  member?: Membership | undefined;
  /** The session (device) the token belongs to: revoking it ends the token at once. */
  sessionId: string;
  /** When the token stops being valid (ms since the epoch). */
  expiresAt: number;
}

export interface TokenService {
  issue(claims: { subject: number; role: Role; sessionId: string; member?: Membership | undefined }): {
    token: string;
    expiresIn: number;
  };
  verify(token: string): TokenClaims | undefined;
  readonly lifetimeSeconds: number;
}

const ISSUER = "aqualab-portal";
const SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function createTokenService(secret: string, lifetimeSeconds = TOKEN_DEFAULT_LIFETIME_S): TokenService {
  // A KeyObject once: given a string, jsonwebtoken first tries (and fails) to read it as a public key
  // on every verify, which cost a few percent of a list request's CPU.
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  return {
    lifetimeSeconds,
    issue({ subject, role, sessionId, member }) {
      const membership = member && { org: member.organisationId, mr: member.role, ms: member.scope };
      const token = jwt.sign({ role, sid: sessionId, ...membership }, key, {
        algorithm: "HS256",
        subject: String(subject),
        expiresIn: lifetimeSeconds,
        issuer: ISSUER,
      });
      return { token, expiresIn: lifetimeSeconds };
    },
    verify(token) {
      try {
        // The algorithm is pinned: a token signed any other way (or "none") is refused.
        const payload = jwt.verify(token, key, { algorithms: ["HS256"], issuer: ISSUER });
        if (typeof payload === "string") return undefined;
        const subject = Number(payload.sub);
        const role: unknown = payload["role"];
        const sessionId: unknown = payload["sid"];
        const exp = payload.exp;
        if (!Number.isSafeInteger(subject) || subject < 1 || subject > 2_147_483_647) return undefined;
        if (role !== "customer" && role !== "lab" && role !== "agent") return undefined;
        // Tokens from before sessions existed name none: they are refused like any unknown session.
        if (typeof sessionId !== "string" || !SESSION_ID.test(sessionId)) return undefined;
        if (typeof exp !== "number") return undefined;
        if (role === "lab" || role === "agent") return { subject, role, sessionId, expiresAt: exp * 1000 };
        // A customer token from before organisations names none: refused, and the client refreshes.
        const member = membershipOf(payload);
        if (!member) return undefined;
        return { subject, role, sessionId, expiresAt: exp * 1000, member };
      } catch {
        return undefined;
      }
    },
  };
}

function membershipOf(payload: jwt.JwtPayload): Membership | undefined {
  const organisationId: unknown = payload["org"];
  const role: unknown = payload["mr"];
  const scope: unknown = payload["ms"];
  if (typeof organisationId !== "number" || !Number.isSafeInteger(organisationId) || organisationId < 1) {
    return undefined;
  }
  const knownRole = MEMBER_ROLES.find((candidate) => candidate === role);
  const knownScope = MEMBER_SCOPES.find((candidate) => candidate === scope);
  if (!knownRole || !knownScope) return undefined;
  return { organisationId, role: knownRole, scope: knownScope };
}
