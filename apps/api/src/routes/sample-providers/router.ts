import { providerInputSchema } from "@lab/contracts";
import { Router, type Request, type Response } from "express";

import type { DomainContext } from "../../domain/context";
import {
  createProvider,
  deleteProvider,
  listProviders,
  updateProvider,
} from "../../domain/customers/providers";
import { SAMPLE_READER_ROLES, SAMPLE_WRITER_ROLES } from "@lab/contracts";

import { memberOf, requireSelf } from "../../http/authenticate";
import { idempotencyKeyOf, runIdempotent, sendIdempotent } from "../../http/idempotency";
import { parse, parseIdParam } from "../../http/parse";
import { presentProvider } from "../../presenters/provider";

/** Mounted under /customers/:id, behind customer authentication. */
export function sampleProvidersRouter(ctx: DomainContext): Router {
  const router = Router({ mergeParams: true });
  // The path's {id} is the caller; the providers are their organisation's.
  const reader = (req: Request) => {
    requireSelf(req, parseIdParam(req.params["id"], "customerNotFound"));
    return memberOf(req, SAMPLE_READER_ROLES);
  };
  const writer = (req: Request) => {
    requireSelf(req, parseIdParam(req.params["id"], "customerNotFound"));
    return memberOf(req, SAMPLE_WRITER_ROLES);
  };
  const providerId = (req: Request) => parseIdParam(req.params["providerId"], "providerNotFound");

  router.get("/sample-providers", async (req, res) => {
    res.json((await listProviders(ctx, reader(req).organisationId)).map(presentProvider));
  });

  router.post("/sample-providers", async (req, res) => {
    const member = writer(req);
    const key = idempotencyKeyOf(req);
    const input = parse(providerInputSchema, req.body, "profileInvalid");
    const request = { customerId: member.id, endpoint: "sample-providers", key, input };
    const answer = await runIdempotent(ctx, request, async (tx) => ({
      status: 201,
      body: presentProvider(await createProvider(tx, member, input)),
    }));
    sendIdempotent(res, answer);
  });

  // The spec's client uses two paths for each of update and delete.
  const update = async (req: Request, res: Response) => {
    const member = writer(req);
    const input = parse(providerInputSchema, req.body, "profileInvalid");
    res.json(presentProvider(await updateProvider(ctx, member.organisationId, providerId(req), input)));
  };
  router.put("/sample-providers-simple/:providerId", update);
  router.put("/sample-providers/id/:providerId", update);

  const remove = async (req: Request, res: Response) => {
    await deleteProvider(ctx, writer(req).organisationId, providerId(req));
    res.status(204).end();
  };
  router.delete("/sample-providers/id/:providerId", remove);
  router.delete("/sample-providers/:providerId", remove);

  return router;
}
