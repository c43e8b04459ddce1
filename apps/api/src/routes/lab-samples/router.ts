import {
  ANALYSIS_STATES,
  assignRequestSchema,
  message,
  sampleListQuerySchema,
  statusMoveRequestSchema,
  type AnalysisState,
} from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { getStaffSample, listStaffSamples } from "../../domain/samples/list";
import { moveSample, moveToStatus, type Move } from "../../domain/samples/moves";
import { parse } from "../../http/parse";
import { invalidField } from "../../lib/app-error";
import { presentLabSampleDetail, presentLabSamplePage } from "../../presenters/lab-sample";
import { presentSample } from "../../presenters/sample";
import { labSampleId, staffActor } from "./staff-request";

/** ?analysis=awaiting_review (or another analysis state): the reviewer's queue. */
const analysisFilter = (value: unknown): AnalysisState => {
  const state = ANALYSIS_STATES.find((candidate) => candidate === value);
  if (!state) {
    throw invalidField(message("analysisFilterInvalid", { states: ANALYSIS_STATES.join(", ") }), "analysis");
  }
  return state;
};

/** /lab/samples: every customer's samples, one sample's detail, and the staff moves (assign, status). */
export function labSamplesRouter(ctx: DomainContext): Router {
  const router = Router();

  // Every customer's samples; unassigned=true lists the PENDING queue oldest first (flagged in the console).
  router.get("/samples", async (req, res) => {
    const query = parse(sampleListQuerySchema, req.query, "sampleInvalid");
    const unassigned = req.query["unassigned"] === "true";
    const analysis = req.query["analysis"] === undefined ? undefined : analysisFilter(req.query["analysis"]);
    res.json(presentLabSamplePage(await listStaffSamples(ctx, { ...query, unassigned, analysis })));
  });

  // One sample with its customer, timeline and report, for the console's detail view.
  router.get("/samples/:id", async (req, res) => {
    res.json(presentLabSampleDetail(await getStaffSample(ctx, labSampleId(req))));
  });

  // Only issuing a report completes a sample, so a moved sample has no report yet.
  const move = async (req: Request, movement: Move, note?: string) =>
    presentSample(await moveSample(ctx, labSampleId(req), movement, staffActor(req), note), null);

  router.post("/samples/:id/assign", async (req, res) => {
    const { agentId } = parse(assignRequestSchema, req.body, "agentRequired");
    res.json(await move(req, { type: "assign", agentId }));
  });
  router.post("/samples/:id/unassign", async (req, res) => {
    res.json(await move(req, { type: "unassign" }));
  });
  router.post("/samples/:id/status", async (req, res) => {
    const input = parse(statusMoveRequestSchema, req.body, "statusFilterInvalid");
    const target = {
      status: input.status,
      testingEta: input.testingEta ? new Date(input.testingEta) : undefined,
      note: input.note,
    };
    // Only issuing a report completes a sample, so a moved sample has no report yet.
    res.json(presentSample(await moveToStatus(ctx, labSampleId(req), target, staffActor(req)), null));
  });

  return router;
}
