import type { CookieOptions, Request, RequestHandler, Response } from "express";

import type { DomainContext } from "../../domain/context";
import type { SignIn } from "../../domain/accounts/accounts";
import type { RefreshGrant, SignedIn } from "../../infra/sessions";
import type { Role } from "../../lib/tokens";
import { forbidden } from "../../lib/app-error";
import { presentSignIn } from "../../presenters/sign-in";

/**
 * The refresh token's cookie, one per kind of account so a customer, a staff member and a field agent
 * can be signed in side by side in one browser: sent only to the calls that refresh and sign out
 * (/api/auth, or /api/field/auth for agents), never read by scripts.
 */
export const REFRESH_COOKIES: Readonly<Record<Role, string>> = {
  customer: "portal_refresh",
  lab: "portal_staff_refresh",
  agent: "portal_field_refresh",
};
export const REFRESH_COOKIE_PATH = "/api/auth";
export const REFRESH_COOKIE_PATHS: Readonly<Record<Role, string>> = {
  customer: REFRESH_COOKIE_PATH,
  lab: REFRESH_COOKIE_PATH,
  agent: "/api/field/auth",
};
/** The header a same-origin fetch adds to POST /auth/refresh; a cross-site form cannot set it. */
export const SAME_ORIGIN_HEADER = "X-Requested-With";

// Secure whenever the portal is reached over https (directly, or behind a proxy Express trusts).
const cookieOptions = (ctx: DomainContext, req: Request, role: Role): CookieOptions => ({
  httpOnly: true,
  sameSite: "strict",
  path: REFRESH_COOKIE_PATHS[role],
  secure: req.secure || ctx.publicUrl.startsWith("https:"),
});

/** 'Keep me signed in': Max-Age of the session's lifetime; otherwise a browser-session cookie. */
export function setRefreshCookie(ctx: DomainContext, req: Request, res: Response, grant: RefreshGrant): void {
  const options = cookieOptions(ctx, req, grant.role);
  res.cookie(
    REFRESH_COOKIES[grant.role],
    grant.refreshToken,
    grant.persistent ? { ...options, maxAge: grant.lifetimeSeconds * 1000 } : options,
  );
}

export function clearRefreshCookie(ctx: DomainContext, req: Request, res: Response, role: Role): void {
  res.clearCookie(REFRESH_COOKIES[role], cookieOptions(ctx, req, role));
}

/** Sets the refresh cookie and answers the sign-in's body. */
export function sendSignedIn(
  ctx: DomainContext,
  req: Request,
  res: Response,
  signedIn: SignedIn<SignIn>,
): void {
  setRefreshCookie(ctx, req, res, signedIn.refresh);
  res.json(presentSignIn(signedIn.response));
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The refresh token from the Cookie header. Express sets cookies but does not read them; one named
 * cookie of a fixed base64url shape needs no parser, and anything else is treated as absent.
 */
export function readRefreshCookie(req: Request, role: Role): string | undefined {
  const header = req.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === REFRESH_COOKIES[role] && value !== undefined && TOKEN.test(value)) return value;
  }
  return undefined;
}

/**
 * CSRF guard for the cookie-only call: a cross-site page can make the browser POST (SameSite=Strict
 * already withholds the cookie there) but cannot add a custom header without a CORS preflight, which
 * this API never grants. (Origin is not compared with Host: the dev server's proxy rewrites Host.)
 */
export const requireSameOrigin: RequestHandler = (req, _res, next) => {
  if (!req.get(SAME_ORIGIN_HEADER)) throw forbidden();
  next();
};
