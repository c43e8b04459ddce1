import { emailCheckRequestSchema } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { parse } from "../../http/parse";
import { clientIp, type RateLimits } from "../../http/rate-limit";
import { presentEmailCheck } from "../../presenters/email-check";

export function emailRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  router.post(
    "/verify-email",
    limits.middleware({ name: "email-check", points: 60, durationSeconds: 60, key: clientIp }),
    async (req, res) => {
      const { email } = parse(emailCheckRequestSchema, req.body, "invalidEmailAddress");
      res.json(presentEmailCheck(await ctx.checkEmail(email)));
    },
  );
  return router;
}
