import { agents, samples } from "@lab/db";
import { and, asc, count, eq, lt } from "drizzle-orm";
import type { Logger } from "pino";

import type { DomainContext } from "../domain/context";
import { issueReport, type IssueReportInput } from "../domain/reports";
import { moveSample, type Move } from "../domain/sample-moves";
import { addAgent } from "../domain/staff";
import { errorSummary } from "../lib/db-errors";
import { createJob, type Job } from "./job-runner";

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

const DETECTION =
  /Detection|Screening|Infection|Contamination|Residue|Toxin|Allergen|Bacteria|Microbi|Pathogen|Preservative/;

/** The method a real lab would name for a detection test of this kind. */
function detectionMethod(testType: string): string {
  if (/Viral|Pathogen|Disease|Parasitic/.test(testType)) return "PCR";
  if (/Residue|Preservative|Toxin/.test(testType)) return "LC-MS/MS";
  if (/Allergen/.test(testType)) return "ELISA";
  return "Culture (ISO 4833-1)";
}

// The report's narrative sections, each written only when a test it describes was ordered: a demo
// report never speaks of tests nobody asked for.
const SECTIONS = {
  viralScreening: {
    ordered: /Viral|Pathogen|Disease Resistance/,
    text: "WSSV, IHHNV, EHP and AHPND screened by PCR.",
  },
  bacterialAnalysis: {
    ordered: /Bacteria|Microbio|Microbial|Spoilage|Contamination/,
    text: "Total plate count and Vibrio spp. by culture.",
  },
  parasiteCheck: { ordered: /Parasit/, text: "Tissue examined under microscopy for parasites." },
  geneticMarkers: { ordered: /Genetic/, text: "Species and line markers checked by PCR." },
  waterQuality: { ordered: /Environmental/, text: "Transport water pH and salinity recorded." },
} as const;

/** Plausible result lines for the tests ordered, and only those; a failed report fails one at random. */
export function simulatedResults(
  testTypes: string[],
  pass: boolean,
  random: () => number = Math.random,
): IssueReportInput {
  const failing = pass ? -1 : Math.floor(random() * testTypes.length);
  const tests = testTypes.map((testType, index) => {
    const ok = index !== failing;
    return DETECTION.test(testType)
      ? {
          testType,
          value: ok ? "Not detected" : "Detected",
          unit: "",
          limit: "Not detected",
          method: detectionMethod(testType),
          verdict: ok ? ("pass" as const) : ("fail" as const),
        }
      : {
          testType,
          value: ok ? (7 + random() * 2.5).toFixed(1) : (3 + random() * 2).toFixed(1),
          unit: "score (0-10)",
          limit: "≥ 6.0",
          method: "Lab SOP",
          verdict: ok ? ("pass" as const) : ("fail" as const),
        };
  });
  const section = (key: keyof typeof SECTIONS) =>
    testTypes.some((testType) => SECTIONS[key].ordered.test(testType))
      ? SECTIONS[key].text
      : "Not requested.";
  const failed = tests.find((test) => test.verdict === "fail");
  return {
    initialInspection: "Sample received chilled, sealed and labelled; condition acceptable for testing.",
    labResults: {
      viralScreening: section("viralScreening"),
      bacterialAnalysis: section("bacterialAnalysis"),
      parasiteCheck: section("parasiteCheck"),
      geneticMarkers: section("geneticMarkers"),
      waterQuality: section("waterQuality"),
    },
    finalReview: failed
      ? `Outside limits: ${failed.testType}. The other requested tests are within limits.`
      : "All requested tests are within limits.",
    tests,
  };
}

/**
 * The demo lab (LAB_SIMULATOR=on): agents collect and deliver, the lab tests and reports, each step
 * after its pace; results pass with about 70 % probability. Moves go through the same domain module
 * as staff moves, as the "system" actor.
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

  async function due(status: "COLLECTING" | "COLLECTED" | "TESTING", ageMs: number) {
    return ctx.db
      .select({ id: samples.id, testTypes: samples.testTypes })
      .from(samples)
      .where(and(eq(samples.status, status), lt(samples.updatedAt, new Date(ctx.now().getTime() - ageMs))))
      .orderBy(asc(samples.updatedAt))
      .limit(20);
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
    for (const sample of await due("TESTING", pace.testMs)) {
      const results = simulatedResults(sample.testTypes, random() < passRate, random);
      await tryMove(() => issueReport(ctx, sample.id, results, system));
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
