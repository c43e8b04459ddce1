import { agentJoinSchema, agentSignInSchema } from "@lab/contracts";
import { Router, type Request, type Response } from "express";

import { signOut, signOutByRefresh } from "../../domain/accounts/accounts";
import type { DomainContext } from "../../domain/context";
import {
  getSignedInAgent,
  joinAsAgent,
  refreshAgentSignIn,
  signInAgent,
  type AgentSignIn,
} from "../../domain/field/agent-accounts";
import { authenticate, claimsOf } from "../../http/authenticate";
import { parse } from "../../http/parse";
import { clientIp, loginLimits, type RateLimits } from "../../http/rate-limit";
import type { SignedIn } from "../../infra/sessions";
import { AppError, unauthorized } from "../../lib/app-error";
import { toE164 } from "../../lib/phone";
import { presentAccountAction } from "../../presenters/account";
import { presentAgentSignedIn, presentFieldAgent } from "../../presenters/agent";
import {
  clearRefreshCookie,
  readRefreshCookie,
  requireSameOrigin,
  setRefreshCookie,
} from "../auth/refresh-cookie";

/** The sign-in's number as the account it names, so "098…" and "+91 98…" share one count. */
const bodyPhone = (req: Request): string => {
  const body: unknown = req.body;
  const phone = typeof body === "object" && body !== null && "phone" in body ? body.phone : "";
  if (typeof phone !== "string") return "";
  const short = phone.slice(0, 40);
  try {
    return toE164(short, "agentSignInFailed");
  } catch {
    return short.replace(/\D/g, "");
  }
};

function sendAgentSignedIn(ctx: DomainContext, req: Request, res: Response, signedIn: SignedIn<AgentSignIn>) {
  setRefreshCookie(ctx, req, res, signedIn.refresh);
  res.json(presentAgentSignedIn(signedIn.response));
}

/** /field/auth: an agent's sign-in, invitation, refresh and sign-out (the calls made before a token). */
export function fieldAuthRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();

  const signIn = loginLimits(limits, "field-login", bodyPhone);
  router.post("/sign-in", signIn.perIp, signIn.perAccount, async (req, res) => {
    const input = parse(agentSignInSchema, req.body, "agentSignInFailed");
    const signedIn = await signInAgent(ctx, input);
    await signIn.succeeded(req);
    sendAgentSignedIn(ctx, req, res, signedIn);
  });

  // 256-bit tokens cannot be guessed; the limit stops hammering (each try hashes a password).
  const joinPerIp = limits.middleware({
    name: "field-join-ip",
    points: 20,
    durationSeconds: 3600,
    key: clientIp,
  });
  router.post("/join", joinPerIp, async (req, res) => {
    const input = parse(agentJoinSchema, req.body, "agentInvitationInvalid");
    sendAgentSignedIn(ctx, req, res, await joinAsAgent(ctx, input));
  });

  const refreshPerIp = limits.middleware({
    name: "field-refresh-ip",
    points: 120,
    durationSeconds: 900,
    key: clientIp,
  });
  // Any failure clears the cookie: the phone has to sign in again.
  router.post("/refresh", requireSameOrigin, refreshPerIp, async (req, res) => {
    const refreshToken = readRefreshCookie(req, "agent");
    try {
      if (refreshToken === undefined) throw unauthorized("sessionEnded");
      sendAgentSignedIn(ctx, req, res, await refreshAgentSignIn(ctx, refreshToken));
    } catch (error) {
      if (error instanceof AppError && error.status === 401) clearRefreshCookie(ctx, req, res, "agent");
      throw error;
    }
  });

  // Without a bearer token (it may have expired), the phone signs out by its refresh cookie.
  router.post("/sign-out", async (req, res, next) => {
    if (req.get("authorization") !== undefined) return next();
    const refreshToken = readRefreshCookie(req, "agent");
    if (refreshToken === undefined) throw unauthorized();
    requireSameOrigin(req, res, () => undefined);
    await signOutByRefresh(ctx, refreshToken, "agent");
    clearRefreshCookie(ctx, req, res, "agent");
    res.json(presentAccountAction("signedOut"));
  });
  router.post("/sign-out", authenticate(ctx, "agent"), async (req, res) => {
    await signOut(ctx, claimsOf(req));
    clearRefreshCookie(ctx, req, res, "agent");
    res.json(presentAccountAction("signedOut"));
  });

  return router;
}

/** /field/me: the signed-in agent. */
export function fieldAccountRouter(ctx: DomainContext): Router {
  const router = Router();
  router.get("/me", authenticate(ctx, "agent"), async (req, res) => {
    res.json(presentFieldAgent(await getSignedInAgent(ctx, claimsOf(req).subject)));
  });
  return router;
}
