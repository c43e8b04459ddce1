import { fieldJobSchema, fieldJobsSchema, messages } from "@lab/contracts";
import { agents, jobDeclines, labSettings, sampleCollections, sampleEvents, samples } from "@lab/db";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../../domain/context";
import { dispatchOnce } from "../../jobs/dispatcher";
import { createSignedInAgent, type SignedInAgent } from "../../test/field-agent";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";
import { submitSample } from "../../test/samples";

let t: TestApp;
type Who = { id: number; token: string };
let customer: Who & { email: string };
let staff: Who;
let agentA: SignedInAgent;
let agentB: SignedInAgent;
let lot: { id: number; code: string; pondId: number };
const POND = { lat: 16.5449, lng: 81.5212 };
const FARM = { lat: 16.52, lng: 81.43 };

const as = (token: string, method: "get" | "post", path: string) =>
  request(t.app)[method](`/api${path}`).auth(token, { type: "bearer" });
const jobsOf = async (who: SignedInAgent) =>
  fieldJobsSchema.parse((await as(who.token, "get", "/field/jobs").expect(200)).body);
const sampleRow = async (id: number) =>
  (await t.database.db.select().from(samples).where(eq(samples.id, id)))[0];

beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Ravi Kumar");
  staff = await signedInStaff(t);
  // Both agents are far from every sample: the dispatcher, if it runs, gives nothing to them unasked.
  agentA = await createSignedInAgent(t, { name: "Suresh Reddy", lat: 16.5, lng: 81.5 });
  agentB = await createSignedInAgent(t, { name: "Lakshmi Devi", lat: 16.51, lng: 81.51 });
  const farm = (
    await as(customer.token, "post", "/farms")
      .send({ name: "Sri Venkateswara Aqua Farm", ...FARM })
      .expect(201)
  ).body as { id: number };
  const pond = (
    await as(customer.token, "post", `/farms/${farm.id}/ponds`)
      .send({ code: "P7", ...POND })
      .expect(201)
  ).body as { id: number };
  const crop = (
    await as(customer.token, "post", `/ponds/${pond.id}/crops`)
      .send({ species: "Pacific White Shrimp", stockedOn: "2026-01-15", noTreatments: true })
      .expect(201)
  ).body as { id: number };
  lot = (
    await as(customer.token, "post", `/crops/${crop.id}/lots`).send({ expectedOn: "2026-05-01" }).expect(201)
  ).body as { id: number; code: string; pondId: number };
});
afterAll(async () => {
  await t.close();
});

/** A sample of the customer's lot, assigned by staff to the agent. */
async function assignedSample(agent: SignedInAgent, overrides: object = {}): Promise<number> {
  const { id } = await submitSample(t.app, customer, {
    samplerName: "Ravi Kumar",
    phoneNumber: "9848022338",
    samplerLocation: "Kalla, West Godavari",
    testTypes: ["Heavy Metal Analysis"],
    lotId: lot.id,
    purpose: "pre_harvest",
    ...overrides,
  });
  await as(staff.token, "post", `/lab/samples/${id}/assign`).send({ agentId: agent.agentId }).expect(200);
  return id;
}

describe("GET /field/jobs", () => {
  it("lists the agent's collections with the farm, pond, lot, farmer and tests, and nothing else of the customer", async () => {
    const first = await assignedSample(agentA);
    const second = await assignedSample(agentA, { purpose: null, lotId: null, pondId: lot.pondId });
    const list = await jobsOf(agentA);
    expect(list.radiusM).toBe(300);
    expect(Math.abs(Date.parse(list.serverTime) - t.clock.now().getTime())).toBeLessThan(1000);
    // Oldest assignment first.
    expect(list.jobs.map((job) => job.sampleId)).toEqual([first, second]);
    expect(list.jobs[0]).toEqual({
      sampleId: first,
      status: "COLLECTING",
      assignedAt: expect.any(String),
      acceptedAt: null,
      farmer: { name: "Ravi Kumar", phone: "+919848022338" },
      address: "Kalla, West Godavari",
      location: POND,
      farm: { name: "Sri Venkateswara Aqua Farm", location: FARM },
      pond: { code: "P7", location: POND },
      lotCode: lot.code,
      purpose: "pre_harvest",
      category: "Tiger Shrimp",
      tests: ["Heavy Metal Analysis"],
      markets: expect.any(Array),
      notes: null,
      collectedAt: null,
      handedOver: null,
    });
    expect(list.jobs[1]).toMatchObject({ lotCode: null, purpose: null, pond: { code: "P7" } });
    const text = JSON.stringify(list);
    expect(text).not.toContain(customer.email);
    expect(text).not.toContain("organisation");

    // The lab's radius is the one the agent's app uses.
    await t.database.db
      .insert(labSettings)
      .values({ id: 1, collectionRadiusM: 150 })
      .onConflictDoUpdate({ target: labSettings.id, set: { collectionRadiusM: 150 } });
    expect((await jobsOf(agentA)).radiusM).toBe(150);
  });

  it("shows the customer's notes for the collector to the agent the job is given to, and to no other agent", async () => {
    const notes = "Call before coming;\npond 3 is behind the shed";
    const id = await assignedSample(agentA, { collectorNotes: notes });
    expect((await jobsOf(agentA)).jobs.find((job) => job.sampleId === id)?.notes).toBe(notes);
    const accepted = fieldJobSchema.parse(
      (await as(agentA.token, "post", `/field/jobs/${id}/accept`).expect(200)).body,
    );
    expect(accepted.notes).toBe(notes);
    expect(JSON.stringify(await jobsOf(agentB))).not.toContain("pond 3 is behind the shed");
    expect((await as(agentB.token, "post", `/field/jobs/${id}/accept`)).status).toBe(404);
    expect((await as(agentB.token, "get", `/samples/${id}/custody`)).status).toBe(404);
  });

  it("shows an agent none of another agent's jobs, and a job sent in the last 24 h as sent", async () => {
    const mine = await assignedSample(agentB);
    const theirs = (await jobsOf(agentA)).jobs.map((job) => job.sampleId);
    expect(theirs).not.toContain(mine);
    expect((await jobsOf(agentB)).jobs.map((job) => job.sampleId)).toEqual([mine]);

    // Collected through the app (as the collections call records it): still listed, with its time.
    const collectedAt = new Date(t.clock.now().getTime() - 60_000);
    await t.database.db.insert(sampleCollections).values({
      sampleId: mine,
      agentId: agentB.agentId,
      idempotencyKey: "k-1",
      requestHash: "h",
      collectedAt,
      receivedAt: t.clock.now(),
      lat: POND.lat,
      lng: POND.lng,
      accuracyM: 5,
      seals: ["S1"],
      containers: 1,
      quantity: "10",
      quantityUnit: "count",
      coldChain: "ice",
      farmerName: "Ravi",
    });
    await t.database.db.update(samples).set({ status: "COLLECTED" }).where(eq(samples.id, mine));
    const [sent] = (await jobsOf(agentB)).jobs;
    expect(sent).toMatchObject({
      sampleId: mine,
      status: "COLLECTED",
      collectedAt: collectedAt.toISOString(),
    });
    t.clock.advance(25 * 3600);
    try {
      expect((await jobsOf(agentB)).jobs).toEqual([]);
    } finally {
      t.clock.advance(-25 * 3600);
    }
  });

  it("refuses customers and staff (403), and nobody signed in (401)", async () => {
    for (const token of [customer.token, staff.token]) {
      expect((await as(token, "get", "/field/jobs")).status).toBe(403);
      expect((await as(token, "post", "/field/jobs/1/accept")).status).toBe(403);
      expect((await as(token, "post", "/field/jobs/1/decline")).status).toBe(403);
    }
    expect((await request(t.app).get("/api/field/jobs")).status).toBe(401);
    // An agent's token opens nothing of customers' or the lab's.
    for (const path of ["/sample-submissions", "/farms", "/lab/samples", "/lab/agents", "/notifications"]) {
      expect((await as(agentA.token, "get", path)).status).toBe(403);
    }
  });
});

describe("POST /field/jobs/{id}/accept", () => {
  it("records when the agent took the job on, once; another agent's job or an unknown id is 404", async () => {
    const id = await assignedSample(agentA);
    const accepted = fieldJobSchema.parse(
      (await as(agentA.token, "post", `/field/jobs/${id}/accept`).expect(200)).body,
    );
    expect(accepted.acceptedAt).toBe(t.clock.now().toISOString());
    t.clock.advance(60);
    const again = fieldJobSchema.parse(
      (await as(agentA.token, "post", `/field/jobs/${id}/accept`).expect(200)).body,
    );
    expect(again.acceptedAt).toBe(accepted.acceptedAt);

    const other = await as(agentB.token, "post", `/field/jobs/${id}/accept`);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(messages.jobNotFound);
    for (const bad of ["99999999", "0", "2147483648", "abc", "1e3"]) {
      expect((await as(agentA.token, "post", `/field/jobs/${bad}/accept`)).status).toBe(404);
    }
    expect((await sampleRow(id))?.agentAcceptedAt?.toISOString()).toBe(accepted.acceptedAt);
  });
});

describe("POST /field/jobs/{id}/decline", () => {
  it("hands the job back: PENDING as the agent's move, recorded, and the dispatcher gives it to another agent", async () => {
    const id = await assignedSample(agentA);
    await as(agentA.token, "post", `/field/jobs/${id}/accept`).expect(200);
    await as(agentA.token, "post", `/field/jobs/${id}/decline`)
      .send({ reason: "Bike broke down" })
      .expect(204);
    expect(await sampleRow(id)).toMatchObject({ status: "PENDING", agentId: null, agentAcceptedAt: null });
    const [decline] = await t.database.db.select().from(jobDeclines).where(eq(jobDeclines.sampleId, id));
    expect(decline).toMatchObject({ agentId: agentA.agentId, reason: "Bike broke down" });
    const events = await t.database.db
      .select()
      .from(sampleEvents)
      .where(and(eq(sampleEvents.sampleId, id), eq(sampleEvents.toStatus, "PENDING")));
    expect(events.map((event) => event.actor)).toContain(`agent:${agentA.agentId}`);
    // The customer's timeline names the agent, never their id.
    const timeline = await as(customer.token, "get", `/sample-submissions/${id}/events`).expect(200);
    const handedBack = (timeline.body as { to: string; by: string; actor: string }[]).find(
      (event) => event.to === "PENDING" && event.actor.startsWith("agent:"),
    );
    expect(handedBack?.by).toBe("Suresh Reddy");
    expect((await jobsOf(agentA)).jobs.map((job) => job.sampleId)).not.toContain(id);

    // Agent A is the sample's nearest; the only other active agent is far beyond the near band, so
    // without A's decline A would take it again.
    await t.database.db.update(agents).set({ active: false }).where(eq(agents.id, agentB.agentId));
    const far = await createSignedInAgent(t, { name: "Chennai Agent", lat: 13.08, lng: 80.27 });
    try {
      const ctx = createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET, now: t.clock.now });
      for (let pass = 0; pass < 3; pass += 1) await dispatchOnce(ctx);
      expect(await sampleRow(id)).toMatchObject({ status: "COLLECTING", agentId: far.agentId });
    } finally {
      await t.database.db.update(agents).set({ active: true }).where(eq(agents.id, agentB.agentId));
      await t.database.db.update(agents).set({ active: false }).where(eq(agents.id, far.agentId));
    }
  });

  it("refuses another agent's job, a job not waiting, hostile bodies and ids, writing nothing", async () => {
    const id = await assignedSample(agentB);
    const declinesBefore = (await t.database.db.select().from(jobDeclines)).length;
    expect((await as(agentA.token, "post", `/field/jobs/${id}/decline`).send({})).status).toBe(404);
    const nul = await as(agentB.token, "post", `/field/jobs/${id}/decline`).send({ reason: "a\u0000b" });
    expect(nul.status).toBe(400);
    const long = await as(agentB.token, "post", `/field/jobs/${id}/decline`).send({
      reason: "x".repeat(5000),
    });
    expect(long.status).toBe(400);
    expect((await as(agentB.token, "post", `/field/jobs/${id}/decline`).send({ reason: 42 })).status).toBe(
      400,
    );
    const huge = await as(agentB.token, "post", `/field/jobs/${id}/decline`)
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ reason: "y".repeat(300_000) }));
    expect(huge.status).toBe(413);
    for (const bad of ["99999999", "-1", "2147483648", "%00"]) {
      expect((await as(agentB.token, "post", `/field/jobs/${bad}/decline`)).status).toBe(404);
    }
    expect(await sampleRow(id)).toMatchObject({ status: "COLLECTING", agentId: agentB.agentId });
    expect(await t.database.db.select().from(jobDeclines)).toHaveLength(declinesBefore);

    // Handed back once, it is no longer this agent's to hand back.
    await as(agentB.token, "post", `/field/jobs/${id}/decline`).expect(204);
    expect((await as(agentB.token, "post", `/field/jobs/${id}/decline`)).status).toBe(404);
  });
});
