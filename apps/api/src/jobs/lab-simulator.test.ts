import { reports, sampleAnalyses, sampleEvents, samples, staff } from "@lab/db";
import { and, eq, inArray } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../domain/context";
import { enterResults } from "../domain/results";
import { createSignedInAgent } from "../test/field-agent";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../test/harness";
import { signedInStaff } from "../test/lab";
import { submitSample } from "../test/samples";
import { dispatchOnce } from "./dispatcher";
import { createLabSimulator, DEMO_ANALYST, DEMO_REVIEWER } from "./lab-simulator";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const quiet = pino({ level: "silent" });
const now = { collectMs: 0, deliverMs: 0, testMs: 0 };
const context = () =>
  createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET, mailQueued: () => t.outbox.nudge() });
const status = async (id: number) =>
  (await t.database.db.select().from(samples).where(eq(samples.id, id)))[0]?.status;
const reportsOf = (id: number) => t.database.db.select().from(reports).where(eq(reports.sampleId, id));
// Each step's due time is "updated before now": let the clock move past the last move.
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("lab simulator", () => {
  it("adds demo agents, then collects, delivers and tests a sample; the demo analyst enters, the demo reviewer releases", async () => {
    const customer = await signedInCustomer(t);
    const ctx = context();
    const simulator = createLabSimulator(ctx, quiet, { pace: now, random: () => 0.1 });
    const { id } = await submitSample(t.app, customer, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Pathogen Detection", "Heavy Metal Analysis"],
    });
    // Judged for two export markets (set here so the test does not lean on the submission form).
    await t.database.db
      .update(samples)
      .set({ markets: ["EU", "US"] })
      .where(eq(samples.id, id));

    await simulator.step();
    await dispatchOnce(ctx);
    expect(await status(id)).toBe("COLLECTING");
    // On a slower clock nothing is due yet.
    const patient = createLabSimulator(ctx, quiet, {
      pace: { collectMs: 60_000, deliverMs: 60_000, testMs: 60_000 },
    });
    expect(await patient.step()).toBe(0);
    expect(await status(id)).toBe("COLLECTING");
    // With every step due at once, one pass takes the sample through collection, delivery and testing.
    await tick();
    expect(await simulator.step()).toBe(3);
    expect(await status(id)).toBe("COMPLETED");

    const people = await t.database.db
      .select()
      .from(staff)
      .where(inArray(staff.email, [DEMO_ANALYST.email, DEMO_REVIEWER.email]));
    const analyst = people.find((member) => member.email === DEMO_ANALYST.email);
    const reviewer = people.find((member) => member.email === DEMO_REVIEWER.email);
    expect(analyst).toMatchObject({ name: "Dr. Kavya Rao", roles: ["analyst"] });
    expect(reviewer).toMatchObject({ name: "Dr. Arjun Menon", roles: ["reviewer"] });

    const [report] = await reportsOf(id);
    // Two people: the analyst's id on the results, the reviewer's on the release.
    expect(report?.analystId).toBe(analyst?.id);
    expect(report?.issuedBy).toBe(reviewer?.id);
    expect(report?.analystId).not.toBe(report?.issuedBy);
    // A clean sample (random 0.1 < 70 %): every market passes, and the certificate is numbered.
    expect(report).toMatchObject({ result: "success", certification: expect.stringMatching(/^NSP-CERT-/) });
    expect(report?.markets.map((market) => [market.code, market.verdict])).toEqual([
      ["EU", "pass"],
      ["US", "pass"],
    ]);
    const codes = report?.parameters.map((line) => line.code) ?? [];
    expect(codes).toEqual(expect.arrayContaining(["WSSV", "EHP", "PB", "CD", "HG"]));
    expect(report?.parameters.every((line) => line.result !== null)).toBe(true);

    // The next pass finds the same two people: no second account.
    await simulator.step();
    const again = await t.database.db
      .select()
      .from(staff)
      .where(inArray(staff.email, [DEMO_ANALYST.email, DEMO_REVIEWER.email]));
    expect(again).toHaveLength(2);
  });

  it("a screening positive waits in testing with 'Confirmation testing' for the customer, then the confirmation and the report follow", async () => {
    const customer = await signedInCustomer(t);
    const ctx = context();
    // 0.01: screens positive (< 1/8); the confirmation does not confirm it (< 0.5).
    const simulator = createLabSimulator(ctx, quiet, { pace: now, random: () => 0.01 });
    const { id } = await submitSample(t.app, customer, {
      shrimpCategory: "Tiger Shrimp",
      testTypes: ["Chemical Residue Analysis"],
    });
    await simulator.step();
    await dispatchOnce(ctx);
    await tick();
    // Collected, delivered, and the screening results entered: one of them is positive.
    expect(await simulator.step()).toBe(3);
    expect(await status(id)).toBe("TESTING");
    const [analysis] = await t.database.db
      .select()
      .from(sampleAnalyses)
      .where(eq(sampleAnalyses.sampleId, id));
    expect(analysis?.state).toBe("confirmation");
    expect(await reportsOf(id)).toHaveLength(0);
    const confirmation = await t.database.db
      .select()
      .from(sampleEvents)
      .where(and(eq(sampleEvents.sampleId, id), eq(sampleEvents.kind, "confirmation")));
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]?.note).toMatch(/^Confirmation testing: /);

    // A later pass enters the confirmatory result and the reviewer releases.
    await tick();
    await simulator.step();
    expect(await status(id)).toBe("COMPLETED");
    const [report] = await reportsOf(id);
    expect(report?.analystId).not.toBe(report?.issuedBy);
    const screening = report?.parameters.find((line) => line.confirmedBy !== null);
    expect(screening?.result).not.toBeNull();
    const confirmatory = report?.parameters.find((line) => line.code === screening?.confirmedBy);
    expect(confirmatory?.methodRole).toBe("confirmatory");
    expect(confirmatory?.result).not.toBeNull();
    // Not confirmed: the lab's default limits pass.
    expect(report?.markets.map((market) => [market.code, market.verdict])).toEqual([["LAB", "pass"]]);
    expect(report?.result).toBe("success");
  });

  it("leaves the samples of agents who sign in to the field app for them to collect and hand over", async () => {
    const customer = await signedInCustomer(t);
    const ctx = context();
    const simulator = createLabSimulator(ctx, quiet, { pace: now, random: () => 0.1 });
    await simulator.step();
    const real = await createSignedInAgent(t, { name: "Field Agent" });
    const { id } = await submitSample(t.app, customer, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
    });
    await t.database.db
      .update(samples)
      .set({ status: "COLLECTING", agentId: real.agentId })
      .where(eq(samples.id, id));
    await tick();
    await simulator.step();
    expect(await status(id)).toBe("COLLECTING");
    // Collected in the app, it waits for reception rather than the simulator's delivery.
    await t.database.db.update(samples).set({ status: "COLLECTED" }).where(eq(samples.id, id));
    await tick();
    await simulator.step();
    expect(await status(id)).toBe("COLLECTED");
  });

  it("leaves a round a person started to people", async () => {
    const customer = await signedInCustomer(t);
    const ctx = context();
    const simulator = createLabSimulator(ctx, quiet, { pace: now, random: () => 0.1 });
    const { id } = await submitSample(t.app, customer, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
    });
    await simulator.step();
    await dispatchOnce(ctx);
    // Collected and delivered, but a staff member has already entered a result.
    await t.database.db.update(samples).set({ status: "TESTING" }).where(eq(samples.id, id));
    const person = await signedInStaff(t);
    await enterResults(ctx, id, { results: [{ code: "PB", value: 0.05 }] }, { kind: "staff", id: person.id });
    await tick();
    expect(await simulator.step()).toBe(0);
    expect(await status(id)).toBe("TESTING");
    expect(await reportsOf(id)).toHaveLength(0);
  });
});
