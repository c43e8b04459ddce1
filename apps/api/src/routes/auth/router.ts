import {
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_RESEND_AFTER_S,
  emailOnlyRequestSchema,
  messages,
  verifyEmailRequestSchema,
  type VerificationSentResponse,
  type VerifyEmailResponse,
} from "@lab/contracts";
import { Router, type Request, type Response } from "express";

import type { DomainContext } from "../../domain/context";
import { sendVerification, verifyEmail } from "../../domain/verification-codes";
import { parse } from "../../http/parse";
import { bodyEmail, clientIp, type RateLimits } from "../../http/rate-limit";

export function authRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  const perIp = limits.middleware({
    name: "verification-ip",
    points: 30,
    durationSeconds: 900,
    key: clientIp,
  });

  // Unknown and verified addresses get the same answer as a sent code: the call reveals no accounts.
  const send = async (req: Request, res: Response) => {
    const { email } = parse(emailOnlyRequestSchema, req.body, messages.invalidEmailAddress);
    const outcome = await sendVerification(ctx, email);
    const body: VerificationSentResponse = {
      success: true,
      message: outcome === "already-verified" ? messages.alreadyVerified : messages.codeSent,
      expiresIn: VERIFICATION_CODE_TTL_S,
      resendAfter: VERIFICATION_RESEND_AFTER_S,
    };
    res.json(body);
  };
  router.post("/send-verification", perIp, send);
  router.post("/resend-verification", perIp, send);

  router.post(
    "/verify-email",
    perIp,
    limits.middleware({ name: "verify-account", points: 10, durationSeconds: 900, key: bodyEmail }),
    async (req, res) => {
      const { email, code } = parse(verifyEmailRequestSchema, req.body, messages.invalidCode);
      const outcome = await verifyEmail(ctx, email, code);
      const body: VerifyEmailResponse = {
        success: true,
        verified: true,
        message: outcome === "already-verified" ? messages.alreadyVerified : messages.verifiedOk,
      };
      res.json(body);
    },
  );
  return router;
}
