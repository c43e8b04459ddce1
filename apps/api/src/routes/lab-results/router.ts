import { enterResultsRequestSchema, releaseRequestSchema, returnRequestSchema } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { getReport } from "../../domain/reports/reports";
import { releaseResults } from "../../domain/reports/release";
import { enterResults, returnResults } from "../../domain/results";
import { parse } from "../../http/parse";
import { presentAnalysis } from "../../presenters/analysis";
import { presentReportWithExtras } from "../../presenters/report";
import { labSampleId, staffActor } from "../lab-samples/staff-request";

/**
 * /lab/samples/{id}/results, /release, /return. Two people behind every report: an analyst enters
 * results, a different reviewer releases them (or returns them).
 */
export function labResultsRouter(ctx: DomainContext): Router {
  const router = Router();

  router.post("/samples/:id/results", async (req, res) => {
    const id = labSampleId(req);
    const input = parse(enterResultsRequestSchema, req.body, "resultsRequired");
    res.json(presentAnalysis(await enterResults(ctx, id, input, staffActor(req))));
  });
  router.post("/samples/:id/release", async (req, res) => {
    const id = labSampleId(req);
    const input = parse(releaseRequestSchema, req.body, "profileInvalid");
    const report = await releaseResults(ctx, id, input, staffActor(req));
    res.status(201).json(presentReportWithExtras(await getReport(ctx, undefined, report.id)));
  });
  router.post("/samples/:id/return", async (req, res) => {
    const id = labSampleId(req);
    const { note } = parse(returnRequestSchema, req.body, "returnNoteRequired");
    res.json(presentAnalysis(await returnResults(ctx, id, note, staffActor(req))));
  });

  return router;
}
