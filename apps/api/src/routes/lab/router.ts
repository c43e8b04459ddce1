import {
  ANALYSIS_STATES,
  agentInputSchema,
  assignRequestSchema,
  changePasswordRequestSchema,
  enterResultsRequestSchema,
  loginRequestSchema,
  message,
  releaseRequestSchema,
  returnRequestSchema,
  sampleListQuerySchema,
  statusMoveRequestSchema,
  updateLabMeRequestSchema,
  type AnalysisState,
} from "@lab/contracts";
import { Router, type Request } from "express";

import type { DomainContext } from "../../domain/context";
import { getReport } from "../../domain/reports/reports";
import { enterResults, releaseResults, returnResults } from "../../domain/results";
import { getStaffSample, listStaffSamples } from "../../domain/samples/list";
import { moveSample, moveToStatus, type Actor, type Move } from "../../domain/samples/moves";
import { signOutEverywhere } from "../../domain/accounts/accounts";
import {
  addAgent,
  changeStaffPassword,
  listAgents,
  loginStaff,
  setStaffLanguage,
  updateAgent,
} from "../../domain/staff/staff";
import { presentStaff } from "../../presenters/staff";
import { authenticate, claimsOf } from "../../http/authenticate";
import { invalidField } from "../../lib/app-error";
import { parse, parseIdParam } from "../../http/parse";
import { loginLimits, type RateLimits } from "../../http/rate-limit";
import { presentAccountAction } from "../../presenters/account";
import { presentLabSampleDetail, presentLabSamplePage } from "../../presenters/lab-sample";
import { sendSignedIn } from "../auth/refresh-cookie";
import { labPasswordRouter } from "../lab-password/router";
import { presentAgent } from "../../presenters/agent";
import { presentAnalysis } from "../../presenters/analysis";
import { presentReportWithExtras } from "../../presenters/report";
import { presentSample } from "../../presenters/sample";
import { labRevocationsRouter } from "../lab-revocations/router";
import { labSettingsRouter } from "../lab-settings/router";

/** ?analysis=awaiting_review (or another analysis state): the reviewer's queue. */
const analysisFilter = (value: unknown): AnalysisState => {
  const state = ANALYSIS_STATES.find((candidate) => candidate === value);
  if (!state) {
    throw invalidField(message("analysisFilterInvalid", { states: ANALYSIS_STATES.join(", ") }), "analysis");
  }
  return state;
};

const staffActor = (req: Request): Actor => ({ kind: "staff", id: claimsOf(req).subject });

/** /lab: the staff console's calls. Customer tokens are refused (403). */
export function labRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();

  const login = loginLimits(limits, "lab-login");
  router.post("/login", login.perIp, login.perAccount, async (req, res) => {
    const { email, password, remember } = parse(loginRequestSchema, req.body, "invalidCredentials");
    const signedIn = await loginStaff(ctx, email, password, remember);
    await login.succeeded(req);
    sendSignedIn(ctx, req, res, signedIn);
  });
  router.use(labPasswordRouter(ctx, limits, login));

  router.use(authenticate(ctx, "lab"));

  router.put("/me", async (req, res) => {
    const { language } = parse(updateLabMeRequestSchema, req.body, "languageInvalid");
    res.json(presentStaff(await setStaffLanguage(ctx, claimsOf(req).subject, language)));
  });

  router.put("/password", async (req, res) => {
    const input = parse(changePasswordRequestSchema, req.body, "profileInvalid");
    res.json(presentAccountAction("passwordChanged", await changeStaffPassword(ctx, claimsOf(req), input)));
  });

  router.post("/sign-out-all", async (req, res) => {
    res.json(presentAccountAction("signedOutEverywhere", await signOutEverywhere(ctx, claimsOf(req))));
  });

  const sampleId = (req: Request) => parseIdParam(req.params["id"], "sampleNotFound");

  // Every customer's samples; unassigned=true lists the PENDING queue oldest first (flagged in the console).
  router.get("/samples", async (req, res) => {
    const query = parse(sampleListQuerySchema, req.query, "sampleInvalid");
    const unassigned = req.query["unassigned"] === "true";
    const analysis = req.query["analysis"] === undefined ? undefined : analysisFilter(req.query["analysis"]);
    res.json(presentLabSamplePage(await listStaffSamples(ctx, { ...query, unassigned, analysis })));
  });

  // One sample with its customer, timeline and report, for the console's detail view.
  router.get("/samples/:id", async (req, res) => {
    res.json(presentLabSampleDetail(await getStaffSample(ctx, sampleId(req))));
  });

  router.get("/agents", async (_req, res) => {
    res.json((await listAgents(ctx)).map(presentAgent));
  });
  router.post("/agents", async (req, res) => {
    const input = parse(agentInputSchema, req.body, "profileInvalid");
    res.status(201).json(presentAgent(await addAgent(ctx, input)));
  });
  router.put("/agents/:agentId", async (req, res) => {
    const id = parseIdParam(req.params["agentId"], "agentNotFound");
    const input = parse(agentInputSchema, req.body, "profileInvalid");
    res.json(presentAgent(await updateAgent(ctx, id, input)));
  });

  // Only issuing a report completes a sample, so a moved sample has no report yet.
  const move = async (req: Request, movement: Move, note?: string) =>
    presentSample(await moveSample(ctx, sampleId(req), movement, staffActor(req), note), null);

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
    res.json(presentSample(await moveToStatus(ctx, sampleId(req), target, staffActor(req)), null));
  });
  // Two people behind every report: an analyst enters results, a different reviewer releases them
  // (or returns them).
  router.post("/samples/:id/results", async (req, res) => {
    const id = sampleId(req);
    const input = parse(enterResultsRequestSchema, req.body, "resultsRequired");
    res.json(presentAnalysis(await enterResults(ctx, id, input, staffActor(req))));
  });
  router.post("/samples/:id/release", async (req, res) => {
    const id = sampleId(req);
    const input = parse(releaseRequestSchema, req.body, "profileInvalid");
    const report = await releaseResults(ctx, id, input, staffActor(req));
    res.status(201).json(presentReportWithExtras(await getReport(ctx, undefined, report.id)));
  });
  router.post("/samples/:id/return", async (req, res) => {
    const id = sampleId(req);
    const { note } = parse(returnRequestSchema, req.body, "returnNoteRequired");
    res.json(presentAnalysis(await returnResults(ctx, id, note, staffActor(req))));
  });
  // Revoking (two people by default) and the lab's settings that govern it.
  router.use(labRevocationsRouter(ctx, limits));
  router.use("/settings", labSettingsRouter(ctx));

  return router;
}
