import { handoverInputSchema, jobDeclineSchema } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { handOverSample } from "../../domain/field/handover";
import { acceptFieldJob, declineFieldJob, listFieldJobs } from "../../domain/field/jobs";
import { claimsOf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import { presentFieldJob, presentFieldJobs } from "../../presenters/field-job";

/** /field/jobs: the signed-in agent's collections (mounted behind the agent's authentication). */
export function fieldJobsRouter(ctx: DomainContext): Router {
  const router = Router();

  router.get("/", async (req, res) => {
    res.json(presentFieldJobs(await listFieldJobs(ctx, claimsOf(req).subject)));
  });

  router.post("/:sampleId/accept", async (req, res) => {
    const sampleId = parseIdParam(req.params["sampleId"], "jobNotFound");
    res.json(presentFieldJob(await acceptFieldJob(ctx, claimsOf(req).subject, sampleId)));
  });

  router.post("/:sampleId/decline", async (req, res) => {
    const sampleId = parseIdParam(req.params["sampleId"], "jobNotFound");
    const { reason } = parse(jobDeclineSchema, req.body, "jobNotFound");
    await declineFieldJob(ctx, claimsOf(req).subject, sampleId, reason);
    res.status(204).end();
  });

  router.post("/:sampleId/handover", async (req, res) => {
    const sampleId = parseIdParam(req.params["sampleId"], "jobNotFound");
    const input = parse(handoverInputSchema, req.body, "handoverInvalid");
    res.status(201).json(presentFieldJob(await handOverSample(ctx, claimsOf(req).subject, sampleId, input)));
  });

  return router;
}
