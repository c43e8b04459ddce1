import {
  loginRequestSchema,
  messages,
  registerRequestSchema,
  updateProfileRequestSchema,
} from "@lab/contracts";
import { Router } from "express";

import { getCustomer, loginCustomer, registerCustomer, updateProfile } from "../../domain/accounts";
import type { DomainContext } from "../../domain/context";
import { authenticate, requireSelf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import { bodyEmail, clientIp, type RateLimits } from "../../http/rate-limit";
import { listProviders } from "../../domain/providers";
import { presentCustomer } from "../../presenters/customer";
import { presentProvider } from "../../presenters/provider";
import { sampleProvidersRouter } from "../sample-providers/router";

export function customersRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  const customerAuth = authenticate(ctx, "customer");

  router.post(
    "/register",
    limits.middleware({ name: "register", points: 10, durationSeconds: 3600, key: clientIp }),
    async (req, res) => {
      const input = parse(registerRequestSchema, req.body, messages.registrationInvalid);
      const customer = await registerCustomer(ctx, input);
      res.status(201).json(presentCustomer(customer));
    },
  );

  router.post(
    "/login",
    limits.middleware({ name: "login-ip", points: 100, durationSeconds: 900, key: clientIp }),
    limits.middleware({
      name: "login-account",
      points: 10,
      durationSeconds: 900,
      key: (req) => `${clientIp(req)}|${bodyEmail(req)}`,
    }),
    async (req, res) => {
      const input = parse(loginRequestSchema, req.body, messages.invalidCredentials);
      res.json(await loginCustomer(ctx, input));
    },
  );

  router.get("/:id", customerAuth, async (req, res) => {
    const id = parseIdParam(req.params["id"], messages.customerNotFound);
    requireSelf(req, id);
    const [customer, providers] = await Promise.all([getCustomer(ctx, id), listProviders(ctx, id)]);
    res.json({ ...presentCustomer(customer), sampleProviders: providers.map(presentProvider) });
  });

  router.put("/:id/profile", customerAuth, async (req, res) => {
    const id = parseIdParam(req.params["id"], messages.customerNotFound);
    requireSelf(req, id);
    const input = parse(updateProfileRequestSchema, req.body, messages.profileInvalid);
    res.json(presentCustomer(await updateProfile(ctx, id, input)));
  });

  router.use("/:id", customerAuth, sampleProvidersRouter(ctx));

  return router;
}
