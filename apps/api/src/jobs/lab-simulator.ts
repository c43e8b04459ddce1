import { randomBytes } from "node:crypto";

import { judge, judgedMarkets, type ResultValue, type StaffRole } from "@lab/contracts";
import { agents, sampleAnalyses, sampleResults, samples, staff } from "@lab/db";
import { and, asc, count, eq, isNotNull, lt, ne, notExists, sql } from "drizzle-orm";
import type { Logger } from "pino";

import type { DomainContext } from "../domain/context";
import { releaseResults } from "../domain/reports/release";
import { currentSpecs, enterResults, parameterCatalogue, samplePanel } from "../domain/results";
import { moveSample, type Actor, type Move } from "../domain/samples/moves";
import { addAgent, addStaff } from "../domain/staff/staff";
import { errorSummary, isUniqueViolation } from "../lib/db-errors";
import { createJob, type Job } from "./job-runner";
import { planSample, simulatedConfirmations, simulatedResults } from "./simulated-results";

/** How long each step takes on the compressed demo clock. */
export interface SimulatorPace {
  collectMs: number;
  deliverMs: number;
  testMs: number;
}
export const DEFAULT_PACE: SimulatorPace = { collectMs: 20_000, deliverMs: 15_000, testMs: 45_000 };

// Demo field agents around the shrimp belts of the east and west coasts.
const DEMO_AGENTS = [
  { name: "Suresh Reddy", phone: "+91 94400 12345", coordinates: { lat: 16.5449, lng: 81.5212 } },
  { name: "Lakshmi Narayanan", phone: "+91 94430 23456", coordinates: { lat: 10.7905, lng: 79.1378 } },
  { name: "Imran Sheikh", phone: "+91 98250 34567", coordinates: { lat: 20.9042, lng: 70.3673 } },
];

// The demo lab's two people: one enters results, the other reviews and releases them (the
// two-person rule holds for the simulator too). Nobody signs in as them: their passwords are random.
type StaffActor = Extract<Actor, { kind: "staff" }>;

interface DemoStaff {
  email: string;
  name: string;
  roles: StaffRole[];
}
export const DEMO_ANALYST: DemoStaff = {
  email: "analyst@demo.aquatest.local",
  name: "Dr. Kavya Rao",
  roles: ["analyst"],
};
export const DEMO_REVIEWER: DemoStaff = {
  email: "reviewer@demo.aquatest.local",
  name: "Dr. Arjun Menon",
  roles: ["reviewer"],
};

/**
 * The demo lab (LAB_SIMULATOR=on): agents collect and deliver, the lab tests and reports, each step
 * after its pace. Moves go through the same domain module as staff moves, as the "system" actor;
 * results go through the results module as the demo analyst, and the demo reviewer releases them.
 * About 70 % of samples pass; one in eight with a screening test screens positive and waits a pace
 * for its confirmation.
 */
export function createLabSimulator(
  ctx: DomainContext,
  logger: Logger,
  options: { pace?: SimulatorPace; intervalMs?: number; passRate?: number; random?: () => number } = {},
): Job<number> & { step(): Promise<number> } {
  const pace = options.pace ?? DEFAULT_PACE;
  const passRate = options.passRate ?? 0.7;
  const random = options.random ?? Math.random;

  async function ensureAgents(): Promise<void> {
    const [row] = await ctx.db.select({ n: count() }).from(agents);
    if ((row?.n ?? 0) > 0) return;
    for (const agent of DEMO_AGENTS) await addAgent(ctx, { ...agent, active: true });
    logger.info({ agents: DEMO_AGENTS.length }, "simulator added demo field agents");
  }

  let crew: { analyst: StaffActor; reviewer: StaffActor } | undefined;
  async function ensureStaffMember(member: DemoStaff): Promise<StaffActor> {
    const find = async () =>
      (
        await ctx.db
          .select({ id: staff.id })
          .from(staff)
          .where(sql`lower(${staff.email}) = ${member.email}`)
      )[0];
    const found = await find();
    if (found) return { kind: "staff", id: found.id };
    try {
      const input = { ...member, password: randomBytes(24).toString("base64url") };
      const row = await addStaff(ctx, input);
      // Roles set here as well: an account made before roles existed has the default pair.
      await ctx.db.update(staff).set({ roles: member.roles }).where(eq(staff.id, row.id));
      logger.info({ email: member.email }, "simulator added a demo staff member");
      return { kind: "staff", id: row.id };
    } catch (error) {
      // Another instance added it first.
      const raced = isUniqueViolation(error) ? await find() : undefined;
      if (!raced) throw error;
      return { kind: "staff", id: raced.id };
    }
  }
  async function ensureStaff(): Promise<{ analyst: StaffActor; reviewer: StaffActor }> {
    crew ??= {
      analyst: await ensureStaffMember(DEMO_ANALYST),
      reviewer: await ensureStaffMember(DEMO_REVIEWER),
    };
    return crew;
  }

  async function due(status: "COLLECTING" | "COLLECTED" | "TESTING", ageMs: number, analystId = 0) {
    // A round someone else entered results in is theirs: left out, so it never holds a place in
    // the twenty oldest while the demo lab waits on people.
    const theirs = ctx.db
      .select({ one: sql`1` })
      .from(sampleResults)
      .where(
        and(
          eq(sampleResults.sampleId, samples.id),
          eq(sampleResults.round, samples.resultRound),
          ne(sampleResults.enteredBy, analystId),
        ),
      );
    // An agent who signs in collects in the field app and hands over at reception: their samples
    // wait for them; only the roster's simulated agents are moved here.
    const realAgent = ctx.db
      .select({ one: sql`1` })
      .from(agents)
      .where(and(eq(agents.id, samples.agentId), isNotNull(agents.passwordHash)));
    return ctx.db
      .select({
        id: samples.id,
        testTypes: samples.testTypes,
        markets: samples.markets,
        round: samples.resultRound,
      })
      .from(samples)
      .where(
        and(
          eq(samples.status, status),
          lt(samples.updatedAt, new Date(ctx.now().getTime() - ageMs)),
          status === "TESTING" ? notExists(theirs) : notExists(realAgent),
        ),
      )
      .orderBy(asc(samples.updatedAt))
      .limit(20);
  }

  /**
   * One pass of the lab on a sample under test: the analyst enters its results (a screening
   * positive stops there), a pace later the confirmations, then the reviewer releases. Only rounds
   * the demo analyst started: results a person entered are left to people.
   */
  async function analyse(sample: { id: number; testTypes: string[]; markets: string[]; round: number }) {
    const { analyst, reviewer } = await ensureStaff();
    const catalogue = await parameterCatalogue(ctx.db);
    const panel = await samplePanel(ctx.db, sample.testTypes, catalogue);
    if (panel.length === 0) return false;
    const specs = await currentSpecs(ctx.db, judgedMarkets(sample.markets), ctx.now());
    const round = and(eq(sampleAnalyses.sampleId, sample.id), eq(sampleAnalyses.round, sample.round));
    const [analysis] = await ctx.db.select().from(sampleAnalyses).where(round);
    const entered = await ctx.db
      .select()
      .from(sampleResults)
      .where(and(eq(sampleResults.sampleId, sample.id), eq(sampleResults.round, sample.round)));
    if (entered.some((result) => result.enteredBy !== analyst.id)) return false;
    const state = analysis?.state ?? "awaiting_results";
    if (state === "awaiting_results" || state === "returned") {
      const plan = planSample(panel, random, passRate);
      const results = simulatedResults(panel, specs, plan, random);
      const view = await enterResults(ctx, sample.id, { results }, analyst);
      if (view.state !== "awaiting_review") return true;
    } else if (state === "confirmation") {
      const since = ctx.now().getTime() - (analysis?.updatedAt.getTime() ?? 0);
      if (since < pace.testMs) return false;
      const readings = new Map<string, ResultValue>(
        entered.map((result) => [result.parameterCode, { value: result.value, qualifier: result.qualifier }]),
      );
      const judgement = judge({ panel, catalogue, results: readings, markets: specs });
      const confirmatory = judgement.confirmationsRequired.flatMap((code) => {
        const confirmWith = catalogue.get(code)?.confirmWith;
        const parameter = confirmWith ? catalogue.get(confirmWith) : undefined;
        return parameter ? [parameter] : [];
      });
      if (confirmatory.length === 0) return false;
      const results = simulatedConfirmations(confirmatory, specs, random);
      const view = await enterResults(ctx, sample.id, { results }, analyst);
      if (view.state !== "awaiting_review") return true;
    } else if (state !== "awaiting_review") {
      return false;
    }
    await releaseResults(ctx, sample.id, {}, reviewer);
    return true;
  }

  async function step(): Promise<number> {
    await ensureAgents();
    let moved = 0;
    const tryMove = async (work: () => Promise<unknown>) => {
      try {
        await work();
        moved += 1;
      } catch (error) {
        // Staff may have moved the sample meanwhile; the next pass looks again.
        logger.debug({ err: error }, "simulator move skipped");
      }
    };
    const system = { kind: "system" } as const;
    for (const sample of await due("COLLECTING", pace.collectMs)) {
      await tryMove(() => moveSample(ctx, sample.id, { type: "collected" } satisfies Move, system));
    }
    for (const sample of await due("COLLECTED", pace.deliverMs)) {
      const eta = new Date(ctx.now().getTime() + pace.testMs);
      await tryMove(() => moveSample(ctx, sample.id, { type: "start-testing", testingEta: eta }, system));
    }
    const { analyst } = await ensureStaff();
    for (const sample of await due("TESTING", pace.testMs, analyst.id)) {
      try {
        if (await analyse(sample)) moved += 1;
      } catch (error) {
        // Staff may have entered results or released meanwhile; the next pass looks again.
        logger.debug({ err: error }, "simulator analysis skipped");
      }
    }
    return moved;
  }

  // Every instance with LAB_SIMULATOR=on runs it: a move another instance made first is skipped.
  const job = createJob({
    name: "lab-simulator",
    intervalMs: options.intervalMs ?? 3000,
    async pass() {
      const moved = await step();
      if (moved > 0) logger.info({ moved }, "simulator moved samples");
      return moved;
    },
    onError: (error) => logger.error({ err: errorSummary(error) }, "simulator pass failed"),
  });
  return { ...job, step };
}
