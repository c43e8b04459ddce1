import { providerInputSchema } from "@lab/contracts";
import { Router, type Request, type Response } from "express";

import type { DomainContext } from "../../domain/context";
import {
  createProvider,
  deleteProvider,
  listProviders,
  updateProvider,
} from "../../domain/customers/providers";
import { requireSelf } from "../../http/authenticate";
import { idempotencyKeyOf, runIdempotent, sendIdempotent } from "../../http/idempotency";
import { parse, parseIdParam } from "../../http/parse";
import { presentProvider } from "../../presenters/provider";

/** Mounted under /customers/:id, behind customer authentication. */
export function sampleProvidersRouter(ctx: DomainContext): Router {
  const router = Router({ mergeParams: true });
  const customerId = (req: Request): number => {
    const id = parseIdParam(req.params["id"], "customerNotFound");
    requireSelf(req, id);
    return id;
  };
  const providerId = (req: Request) => parseIdParam(req.params["providerId"], "providerNotFound");

  router.get("/sample-providers", async (req, res) => {
    res.json((await listProviders(ctx, customerId(req))).map(presentProvider));
  });

  router.post("/sample-providers", async (req, res) => {
    const id = customerId(req);
    const key = idempotencyKeyOf(req);
    const input = parse(providerInputSchema, req.body, "profileInvalid");
    const request = { customerId: id, endpoint: "sample-providers", key, input };
    const answer = await runIdempotent(ctx, request, async (tx) => ({
      status: 201,
      body: presentProvider(await createProvider(tx, id, input)),
    }));
    sendIdempotent(res, answer);
  });

  // The spec's client uses two paths for each of update and delete.
  const update = async (req: Request, res: Response) => {
    const id = customerId(req);
    const input = parse(providerInputSchema, req.body, "profileInvalid");
    res.json(presentProvider(await updateProvider(ctx, id, providerId(req), input)));
  };
  router.put("/sample-providers-simple/:providerId", update);
  router.put("/sample-providers/id/:providerId", update);

  const remove = async (req: Request, res: Response) => {
    await deleteProvider(ctx, customerId(req), providerId(req));
    res.status(204).end();
  };
  router.delete("/sample-providers/id/:providerId", remove);
  router.delete("/sample-providers/:providerId", remove);

  return router;
}
