import {
  canReadSamples,
  changePasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
} from "@lab/contracts";
import { Router } from "express";

import {
  changePassword,
  getCustomer,
  loginCustomer,
  registerCustomer,
  signOutEverywhere,
  updateProfile,
} from "../../domain/accounts/accounts";
import type { DomainContext } from "../../domain/context";
import { authenticate, claimsOf, memberOf, requireSelf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import { clientIp, loginLimits, type RateLimits } from "../../http/rate-limit";
import { listProviders } from "../../domain/customers/providers";
import { presentAccountAction } from "../../presenters/account";
import { presentCustomer, presentCustomerWithProviders } from "../../presenters/customer";
import { sampleProvidersRouter } from "../sample-providers/router";
import { sendSignedIn } from "../auth/refresh-cookie";

/** Accounts one client address may register in an hour. */
export const REGISTRATIONS_PER_IP = { points: 5, durationSeconds: 3600 };

export function customersRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();
  const customerAuth = authenticate(ctx, "customer");

  router.post(
    "/register",
    // Each account has its own mail quotas: a handful of accounts an hour from one address, not dozens.
    limits.middleware({ name: "register", ...REGISTRATIONS_PER_IP, key: clientIp }),
    async (req, res) => {
      const input = parse(registerRequestSchema, req.body, "registrationInvalid");
      const customer = await registerCustomer(ctx, input);
      res.status(201).json(presentCustomer(customer));
    },
  );

  const login = loginLimits(limits, "login");
  router.post("/login", login.perIp, login.perAccount, async (req, res) => {
    const input = parse(loginRequestSchema, req.body, "invalidCredentials");
    const signedIn = await loginCustomer(ctx, input);
    // A signed-in account starts afresh: its owner's own mistakes do not pile up towards a lock.
    await login.succeeded(req);
    sendSignedIn(ctx, req, res, signedIn);
  });

  router.get("/:id", customerAuth, async (req, res) => {
    const id = parseIdParam(req.params["id"], "customerNotFound");
    requireSelf(req, id);
    const member = memberOf(req);
    // A billing member sees no samples, and so none of the providers samples come from.
    const [customer, providers] = await Promise.all([
      getCustomer(ctx, id),
      canReadSamples(member.role) ? listProviders(ctx, member.organisationId) : [],
    ]);
    res.json(presentCustomerWithProviders(customer, providers));
  });

  // PUT /customers/{id} is the same call, under the resource's own path; /profile stays for its users.
  router.put(["/:id", "/:id/profile"], customerAuth, async (req, res) => {
    const id = parseIdParam(req.params["id"], "customerNotFound");
    requireSelf(req, id);
    const input = parse(updateProfileRequestSchema, req.body, "profileInvalid");
    res.json(presentCustomer(await updateProfile(ctx, memberOf(req), input)));
  });

  router.put("/:id/password", customerAuth, async (req, res) => {
    const id = parseIdParam(req.params["id"], "customerNotFound");
    requireSelf(req, id);
    const input = parse(changePasswordRequestSchema, req.body, "profileInvalid");
    res.json(presentAccountAction("passwordChanged", await changePassword(ctx, claimsOf(req), input)));
  });

  router.post("/:id/sign-out-all", customerAuth, async (req, res) => {
    const id = parseIdParam(req.params["id"], "customerNotFound");
    requireSelf(req, id);
    res.json(presentAccountAction("signedOutEverywhere", await signOutEverywhere(ctx, claimsOf(req))));
  });

  router.use("/:id", customerAuth, sampleProvidersRouter(ctx));

  return router;
}
