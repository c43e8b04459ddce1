import { changePasswordRequestSchema, loginRequestSchema, updateLabMeRequestSchema } from "@lab/contracts";
import { Router } from "express";

import { signOutEverywhere } from "../../domain/accounts/accounts";
import type { DomainContext } from "../../domain/context";
import { changeStaffPassword, loginStaff, setStaffLanguage } from "../../domain/staff/staff";
import { claimsOf } from "../../http/authenticate";
import { parse } from "../../http/parse";
import { loginLimits, type RateLimits } from "../../http/rate-limit";
import { presentAccountAction } from "../../presenters/account";
import { presentStaff } from "../../presenters/staff";
import { sendSignedIn } from "../auth/refresh-cookie";
import { labPasswordRouter } from "../lab-password/router";

/** /lab/login and the password reset: the calls a staff member makes before holding a token. */
export function labSignInRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();

  const login = loginLimits(limits, "lab-login");
  router.post("/login", login.perIp, login.perAccount, async (req, res) => {
    const { email, password, remember } = parse(loginRequestSchema, req.body, "invalidCredentials");
    const signedIn = await loginStaff(ctx, email, password, remember);
    await login.succeeded(req);
    sendSignedIn(ctx, req, res, signedIn);
  });
  router.use(labPasswordRouter(ctx, limits, login));

  return router;
}

/** /lab/me, /lab/password, /lab/sign-out-all: the signed-in staff member's own account. */
export function labAccountRouter(ctx: DomainContext): Router {
  const router = Router();

  router.put("/me", async (req, res) => {
    const { language } = parse(updateLabMeRequestSchema, req.body, "languageInvalid");
    res.json(presentStaff(await setStaffLanguage(ctx, claimsOf(req).subject, language)));
  });

  router.put("/password", async (req, res) => {
    const input = parse(changePasswordRequestSchema, req.body, "profileInvalid");
    res.json(presentAccountAction("passwordChanged", await changeStaffPassword(ctx, claimsOf(req), input)));
  });

  router.post("/sign-out-all", async (req, res) => {
    res.json(presentAccountAction("signedOutEverywhere", await signOutEverywhere(ctx, claimsOf(req))));
  });

  return router;
}
