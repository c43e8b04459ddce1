import { reports, samples } from "@lab/db";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../domain/context";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../test/harness";
import { submitSample } from "../test/samples";
import { dispatchOnce } from "./dispatcher";
import { createLabSimulator, simulatedResults } from "./lab-simulator";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("lab simulator", () => {
  it("adds demo agents, then collects, delivers, tests and reports a sample when each step falls due", async () => {
    const customer = await signedInCustomer(t);
    const ctx = createDomainContext({
      db: t.database.db,
      jwtSecret: TEST_JWT_SECRET,
      mailQueued: () => t.outbox.nudge(),
    });
    const simulator = createLabSimulator(ctx, pino({ level: "silent" }), {
      pace: { collectMs: 0, deliverMs: 0, testMs: 0 },
      random: () => 0.1,
    });
    const { id } = await submitSample(t.app, customer, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Pathogen Detection", "Freshness Assessment"],
    });
    const status = async () =>
      (await t.database.db.select().from(samples).where(eq(samples.id, id)))[0]?.status;

    await simulator.step();
    await dispatchOnce(ctx);
    expect(await status()).toBe("COLLECTING");
    // On a slower clock nothing is due yet.
    const patient = createLabSimulator(ctx, pino({ level: "silent" }), {
      pace: { collectMs: 60_000, deliverMs: 60_000, testMs: 60_000 },
    });
    expect(await patient.step()).toBe(0);
    expect(await status()).toBe("COLLECTING");
    // With every step due at once, one pass takes the sample through collection, delivery and testing.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await simulator.step()).toBe(3);
    expect(await status()).toBe("COMPLETED");
    const [report] = await t.database.db.select().from(reports).where(eq(reports.sampleId, id));
    expect(report).toMatchObject({ result: "success", certification: expect.stringMatching(/^NSP-CERT-/) });
    expect(report?.tests.map((test) => test.testType)).toEqual([
      "Pathogen Detection",
      "Freshness Assessment",
    ]);
  });

  it("writes one line per test type and fails exactly one line of a failed report", () => {
    const types = ["Pathogen Detection", "Freshness Assessment", "Heavy Metal Analysis"];
    const passed = simulatedResults(types, true, () => 0.5);
    expect(passed.tests.map((test) => test.verdict)).toEqual(["pass", "pass", "pass"]);
    const failed = simulatedResults(types, false, () => 0.5);
    expect(failed.tests.filter((test) => test.verdict === "fail")).toHaveLength(1);
    expect(failed.tests[0]).toMatchObject({ value: "Not detected", limit: "Not detected" });
  });

  it("describes only the tests ordered: no viral screening or parasite check on a report that asked for neither", () => {
    const report = simulatedResults(["Heavy Metal Analysis", "Nutritional Analysis"], true, () => 0.5);
    expect(Object.values(report.labResults)).toEqual(Array(5).fill("Not requested."));
    const viral = simulatedResults(["Pathogen Detection", "Microbiological Testing"], true, () => 0.5);
    expect(viral.labResults.viralScreening).toContain("PCR");
    expect(viral.labResults.bacterialAnalysis).toContain("culture");
    expect(viral.labResults.parasiteCheck).toBe("Not requested.");
    expect(viral.tests.map((test) => test.method)).toEqual(["PCR", "Culture (ISO 4833-1)"]);
  });

  it("names the failing test in the final review", () => {
    const failed = simulatedResults(["Pathogen Detection", "Freshness Assessment"], false, () => 0.6);
    expect(failed.finalReview).toBe(
      "Outside limits: Freshness Assessment. The other requested tests are within limits.",
    );
  });
});
