import type { Request, RequestHandler } from "express";

import type { MemberRole } from "@lab/contracts";

import type { Member } from "../domain/organisations/access";
import type { SessionStore } from "../infra/sessions";
import { bearerToken } from "../lib/bearer-token";
import type { Role, TokenClaims, TokenService } from "../lib/tokens";
import { forbidden, unauthorized } from "../lib/app-error";

const claimsKey = Symbol("claims");
type WithClaims = Request & { [claimsKey]?: TokenClaims };

export interface Authenticator {
  tokens: TokenService;
  sessions: SessionStore;
}

// Checking a token's signature and claims is the costliest part of authenticating a request: a token
// that passed is remembered until it expires. Its session is still asked about on every request.
// Bounded: when full it starts again, costing one more check per token in use.
const VERIFIED_MAX = 10_000;
const verifiedByService = new WeakMap<TokenService, Map<string, TokenClaims>>();

function verifiedClaims(tokens: TokenService, header: string | undefined): TokenClaims | undefined {
  const token = bearerToken(header);
  if (!token) return undefined;
  let verified = verifiedByService.get(tokens);
  if (!verified) {
    verified = new Map();
    verifiedByService.set(tokens, verified);
  }
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt > Date.now()) return known;
    verified.delete(token);
    return undefined;
  }
  const claims = tokens.verify(token);
  if (claims) {
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(token, claims);
  }
  return claims;
}

/**
 * Requires a valid token of the given role whose session is still live (not signed out, not ended by
 * a password or e-mail change); the claims are then read with claimsOf(req).
 */
export function authenticate(auth: Authenticator, role: Role | "any"): RequestHandler {
  return async (req, _res, next) => {
    const claims = verifiedClaims(auth.tokens, req.get("authorization"));
    if (!claims || !(await auth.sessions.isActive(claims))) {
      throw unauthorized();
    }
    if (role !== "any" && claims.role !== role) throw forbidden();
    (req as WithClaims)[claimsKey] = claims;
    next();
  };
}

export function claimsOf(req: Request): TokenClaims {
  const claims = (req as WithClaims)[claimsKey];
  if (!claims) throw unauthorized();
  return claims;
}

/** A path {id} must be the caller's own: another customer's id is 403 (docs/security.md). */
export function requireSelf(req: Request, id: number): void {
  if (claimsOf(req).subject !== id) throw forbidden();
}

/**
 * The signed-in member, refused with 403 unless their role is one of `roles`: the web hides what a
 * role may not do, and this is what holds when a client does not.
 */
export function memberOf(req: Request, roles?: readonly MemberRole[]): Member {
  const claims = claimsOf(req);
  if (claims.role !== "customer" || !claims.member) throw forbidden();
  const { organisationId, role, scope } = claims.member;
  if (roles && !roles.includes(role)) throw forbidden("memberRoleForbidden");
  return { id: claims.subject, organisationId, role, scope };
}
