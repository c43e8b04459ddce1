import {
  emailOnlyRequestSchema,
  refreshRequestSchema,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
} from "@lab/contracts";
import { Router, type Request, type Response } from "express";

import {
  refreshSignIn,
  requestPasswordReset,
  resetPassword,
  signOut,
  signOutByRefresh,
} from "../../domain/accounts/accounts";
import type { DomainContext } from "../../domain/context";
import { sendVerification, verifyEmail } from "../../domain/accounts/verification-codes";
import { authenticate, claimsOf } from "../../http/authenticate";
import { parse } from "../../http/parse";
import { presentAccountAction, presentCodeSent, presentEmailVerified } from "../../presenters/account";
import { bodyEmail, clientIp, loginLimits, resetLimits, type RateLimits } from "../../http/rate-limit";
import { AppError, unauthorized } from "../../lib/app-error";
import { clearRefreshCookie, readRefreshCookie, requireSameOrigin, sendSignedIn } from "./refresh-cookie";

export function authRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  const perIp = limits.middleware({
    name: "verification-ip",
    points: 30,
    durationSeconds: 900,
    key: clientIp,
  });
  const perAccount = (name: string) =>
    limits.middleware({ name, points: 10, durationSeconds: 900, key: bodyEmail });

  // Unknown, verified and unverified addresses get the same answer (and the same 60 s rule): the call
  // reveals no accounts. Only an unverified account is mailed a code.
  const send = async (req: Request, res: Response) => {
    const { email } = parse(emailOnlyRequestSchema, req.body, "invalidEmailAddress");
    await sendVerification(ctx, email);
    res.json(presentCodeSent("codeSent"));
  };
  router.post("/send-verification", perIp, send);
  router.post("/resend-verification", perIp, send);

  router.post("/verify-email", perIp, perAccount("verify-account"), async (req, res) => {
    const { email, code } = parse(verifyEmailRequestSchema, req.body, "invalidCode");
    const outcome = await verifyEmail(ctx, email, code);
    res.json(presentEmailVerified(outcome === "already-verified" ? "alreadyVerified" : "verifiedOk"));
  });

  const reset = resetLimits(limits, "");

  // Always 202 with the same body: whether the address has an account is not told.
  router.post("/forgot-password", reset.perIp, async (req, res) => {
    const { email } = parse(emailOnlyRequestSchema, req.body, "invalidEmailAddress");
    await requestPasswordReset(ctx, email);
    res.status(202).json(presentCodeSent("forgotPasswordSent"));
  });

  // The customer sign-in's limits, by the same names: a reset proves the owner, so the sign-in delay
  // that guesses by others piled up on the account ends with it.
  const signIn = loginLimits(limits, "login");
  router.post("/reset-password", reset.perIp, reset.perAccount, async (req, res) => {
    const input = parse(resetPasswordRequestSchema, req.body, "invalidCode");
    const outcome = await resetPassword(ctx, input);
    await signIn.succeeded(req);
    res.json(presentAccountAction("passwordResetOk", outcome));
  });

  // A page refreshes about once an hour per device; 120 per IP in 15 min leaves room for an office
  // behind one address, and stops guessing (256-bit tokens) or hammering.
  const refreshPerIp = limits.middleware({
    name: "refresh-ip",
    points: 120,
    durationSeconds: 900,
    key: clientIp,
  });
  const cookieRole = (req: Request) =>
    parse(refreshRequestSchema, req.body ?? {}, "sessionEnded").role ?? "customer";

  // Without a bearer token (it may have expired), the device signs out by its refresh cookie.
  router.post("/logout", async (req, res, next) => {
    if (req.get("authorization") !== undefined) return next();
    const role = cookieRole(req);
    const refreshToken = readRefreshCookie(req, role);
    if (refreshToken === undefined) throw unauthorized();
    requireSameOrigin(req, res, () => undefined);
    await signOutByRefresh(ctx, refreshToken, role);
    clearRefreshCookie(ctx, req, res, role);
    res.json(presentAccountAction("signedOut"));
  });

  // Signs this device out, customer or staff; the token and its refresh cookie stop working at once.
  router.post("/logout", authenticate(ctx, "any"), async (req, res) => {
    const claims = claimsOf(req);
    await signOut(ctx, claims);
    clearRefreshCookie(ctx, req, res, claims.role);
    res.json(presentAccountAction("signedOut"));
  });

  // The refresh cookie for a new access token of the same session, answered like sign-in; the cookie
  // is rotated. Any failure clears it: the device has to sign in again.
  router.post("/refresh", requireSameOrigin, refreshPerIp, async (req, res) => {
    const role = cookieRole(req);
    const refreshToken = readRefreshCookie(req, role);
    try {
      if (refreshToken === undefined) throw unauthorized("sessionEnded");
      sendSignedIn(ctx, req, res, await refreshSignIn(ctx, refreshToken, role));
    } catch (error) {
      if (error instanceof AppError && error.status === 401) clearRefreshCookie(ctx, req, res, role);
      throw error;
    }
  });
  return router;
}
