import { emailOnlyRequestSchema, resetPasswordRequestSchema } from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { requestStaffPasswordReset, resetStaffPassword } from "../../domain/staff/staff-password-reset";
import { parse } from "../../http/parse";
import { resetLimits, type RateLimits } from "../../http/rate-limit";
import { presentAccountAction, presentCodeSent } from "../../presenters/account";

/**
 * /lab/forgot-password and /lab/reset-password: a staff member who lost their password gets a code by
 * e-mail, as customers do. Signed out, so mounted before the console's authentication.
 */
export function labPasswordRouter(
  ctx: DomainContext,
  limits: RateLimits,
  signIn: { succeeded(req: Request): Promise<void> },
): Router {
  const router = Router();
  const { perIp, perAccount } = resetLimits(limits, "lab-");

  // Always 202 with the same body: whether the address is staff is not told.
  router.post("/forgot-password", perIp, async (req, res) => {
    const { email } = parse(emailOnlyRequestSchema, req.body, "invalidEmailAddress");
    await requestStaffPasswordReset(ctx, email);
    res.status(202).json(presentCodeSent("forgotPasswordSent"));
  });

  router.post("/reset-password", perIp, perAccount, async (req, res) => {
    const input = parse(resetPasswordRequestSchema, req.body, "invalidCode");
    const ended = await resetStaffPassword(ctx, input);
    // The owner proved the address: failed sign-ins before the reset no longer delay the new password.
    await signIn.succeeded(req);
    res.json(presentAccountAction("passwordResetOk", ended));
  });
  return router;
}
