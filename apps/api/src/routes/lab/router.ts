import {
  agentInputSchema,
  cannotMoveMessage,
  assignRequestSchema,
  changePasswordRequestSchema,
  issueReportRequestSchema,
  loginRequestSchema,
  messages,
  revokeRequestSchema,
  sampleListQuerySchema,
  statusMoveRequestSchema,
} from "@lab/contracts";
import { customers, reports, sampleEvents, samples } from "@lab/db";
import { Router, type Request } from "express";
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";

import type { DomainContext } from "../../domain/context";
import { issueReport, revokeReport } from "../../domain/reports";
import { eventActorNames } from "../../domain/sample-events";
import { statusesOf } from "../../domain/sample-list";
import { moveSample, type Actor, type Move } from "../../domain/sample-moves";
import { searchFold } from "../../lib/search-fold";
import { signOutEverywhere } from "../../domain/accounts";
import { addAgent, changeStaffPassword, listAgents, loginStaff, updateAgent } from "../../domain/staff";
import { AppError } from "../../http/app-error";
import { authenticate, claimsOf } from "../../http/authenticate";
import { parse, parseIdParam } from "../../http/parse";
import { loginLimits, type RateLimits } from "../../http/rate-limit";
import { presentAccountAction } from "../../presenters/account";
import { sendSignedIn } from "../auth/refresh-cookie";
import { presentAgent, presentReport } from "../../presenters/report";
import { presentSample, presentSampleEvent } from "../../presenters/sample";

const staffActor = (req: Request): Actor => ({ kind: "staff", id: claimsOf(req).subject });

/** /lab: the staff console's calls. Customer tokens are refused (403). */
export function labRouter(ctx: DomainContext, limits: RateLimits): Router {
  const router = Router();

  const login = loginLimits(limits, "lab-login");
  router.post("/login", login.perIp, login.perAccount, async (req, res) => {
    const { email, password, remember } = parse(loginRequestSchema, req.body, messages.invalidCredentials);
    const signedIn = await loginStaff(ctx, email, password, remember);
    await login.succeeded(req);
    sendSignedIn(ctx, req, res, signedIn);
  });

  router.use(authenticate(ctx, "lab"));

  router.put("/password", async (req, res) => {
    const input = parse(changePasswordRequestSchema, req.body, messages.profileInvalid);
    res.json(
      presentAccountAction(messages.passwordChanged, await changeStaffPassword(ctx, claimsOf(req), input)),
    );
  });

  router.post("/sign-out-all", async (req, res) => {
    res.json(presentAccountAction(messages.signedOutEverywhere, await signOutEverywhere(ctx, claimsOf(req))));
  });

  const sampleId = (req: Request) => parseIdParam(req.params["id"], messages.sampleNotFound);

  // Every customer's samples; unassigned=true lists the PENDING queue oldest first (flagged in the console).
  router.get("/samples", async (req, res) => {
    const query = parse(sampleListQuerySchema, req.query, messages.sampleInvalid);
    const unassigned = req.query["unassigned"] === "true";
    const pattern = `%${searchFold(query.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = and(
      statusesOf(query.status) ? inArray(samples.status, [...(statusesOf(query.status) ?? [])]) : undefined,
      unassigned ? and(eq(samples.status, "PENDING"), isNull(samples.agentId)) : undefined,
      query.q
        ? or(
            sql`${samples.searchText} like ${pattern}`,
            /^\d{1,9}$/.test(query.q) ? eq(samples.id, Number(query.q)) : undefined,
          )
        : undefined,
    );
    const [rows, [totals]] = await Promise.all([
      ctx.db
        .select({
          sample: samples,
          customerName: customers.fullName,
          company: customers.company,
          reportId: reports.id,
        })
        .from(samples)
        .innerJoin(customers, eq(customers.id, samples.customerId))
        .leftJoin(reports, eq(reports.sampleId, samples.id))
        .where(where)
        .orderBy(
          ...(unassigned ? [samples.createdAt, samples.id] : [desc(samples.updatedAt), desc(samples.id)]),
        )
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      ctx.db.select({ total: count() }).from(samples).where(where),
    ]);
    res.json({
      items: rows.map((row) => ({
        ...presentSample(row.sample, row.reportId),
        // Staff see which agent holds a sample; customers see only the "name-phone" text.
        agentId: row.sample.agentId,
        customerName: row.customerName,
        company: row.company,
      })),
      total: totals?.total ?? 0,
      page: query.page,
      size: query.size,
    });
  });

  // One sample with its customer, timeline and report, for the console's detail view.
  router.get("/samples/:id", async (req, res) => {
    const id = sampleId(req);
    const [row] = await ctx.db
      .select({
        sample: samples,
        customerName: customers.fullName,
        company: customers.company,
        email: customers.email,
      })
      .from(samples)
      .innerJoin(customers, eq(customers.id, samples.customerId))
      .where(eq(samples.id, id));
    if (!row) throw new AppError(404, "not_found", messages.sampleNotFound);
    const [events, [report]] = await Promise.all([
      ctx.db
        .select()
        .from(sampleEvents)
        .where(eq(sampleEvents.sampleId, id))
        .orderBy(asc(sampleEvents.at), asc(sampleEvents.id)),
      ctx.db.select().from(reports).where(eq(reports.sampleId, id)),
    ]);
    const names = await eventActorNames(ctx.db, events);
    res.json({
      sample: {
        ...presentSample(row.sample, report ? report.id : null),
        agentId: row.sample.agentId,
        customerName: row.customerName,
        company: row.company,
        customerEmail: row.email,
      },
      events: events.map((event) => presentSampleEvent(event, names)),
      report: report ? presentReport(report) : null,
    });
  });

  router.get("/agents", async (_req, res) => {
    res.json((await listAgents(ctx)).map(presentAgent));
  });
  router.post("/agents", async (req, res) => {
    const input = parse(agentInputSchema, req.body, messages.profileInvalid);
    res.status(201).json(presentAgent(await addAgent(ctx, input)));
  });
  router.put("/agents/:agentId", async (req, res) => {
    const id = parseIdParam(req.params["agentId"], messages.agentNotFound);
    const input = parse(agentInputSchema, req.body, messages.profileInvalid);
    res.json(presentAgent(await updateAgent(ctx, id, input)));
  });

  // Only issuing a report completes a sample, so a moved sample has no report yet.
  const move = async (req: Request, movement: Move, note?: string) =>
    presentSample(await moveSample(ctx, sampleId(req), movement, staffActor(req), note), null);

  router.post("/samples/:id/assign", async (req, res) => {
    const { agentId } = parse(assignRequestSchema, req.body, messages.agentRequired);
    res.json(await move(req, { type: "assign", agentId }));
  });
  router.post("/samples/:id/unassign", async (req, res) => {
    res.json(await move(req, { type: "unassign" }));
  });
  router.post("/samples/:id/status", async (req, res) => {
    const input = parse(statusMoveRequestSchema, req.body, messages.statusFilterInvalid);
    const movement: Move | undefined =
      input.status === "COLLECTED"
        ? { type: "collected" }
        : input.status === "TESTING"
          ? { type: "start-testing", testingEta: input.testingEta ? new Date(input.testingEta) : undefined }
          : undefined;
    if (!movement) {
      // Assignment and reports have their own calls; naming their target here is an illegal move.
      const [current] = await ctx.db
        .select({ status: samples.status })
        .from(samples)
        .where(eq(samples.id, sampleId(req)));
      if (!current) throw new AppError(404, "not_found", messages.sampleNotFound);
      throw new AppError(409, "conflict", cannotMoveMessage(current.status, input.status));
    }
    res.json(await move(req, movement, input.note));
  });
  router.post("/samples/:id/report", async (req, res) => {
    const input = parse(issueReportRequestSchema, req.body, messages.reportTestsRequired);
    res.status(201).json(presentReport(await issueReport(ctx, sampleId(req), input, staffActor(req))));
  });
  router.post("/reports/:id/revoke", async (req, res) => {
    const id = parseIdParam(req.params["id"], messages.reportNotFound);
    const { reason } = parse(revokeRequestSchema, req.body, messages.revokeReasonRequired);
    res.json(presentReport(await revokeReport(ctx, id, reason, staffActor(req))));
  });

  return router;
}
