import type { Request, RequestHandler } from "express";

import type { SessionStore } from "../domain/sessions";
import { bearerClaims } from "../lib/bearer-token";
import type { Role, TokenClaims, TokenService } from "../lib/tokens";
import { forbidden, unauthorized } from "../lib/app-error";

const claimsKey = Symbol("claims");
type WithClaims = Request & { [claimsKey]?: TokenClaims };

export interface Authenticator {
  tokens: TokenService;
  sessions: SessionStore;
}

/**
 * Requires a valid token of the given role whose session is still live (not signed out, not ended by
 * a password or e-mail change); the claims are then read with claimsOf(req).
 */
export function authenticate(auth: Authenticator, role: Role | "any"): RequestHandler {
  return async (req, _res, next) => {
    const claims = bearerClaims(auth.tokens, req.get("authorization"));
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
