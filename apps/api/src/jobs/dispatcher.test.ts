import { agents, notifications, sampleEvents, samples, type Database } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { translatorFor } from "@lab/i18n/node";
import { eq, inArray } from "drizzle-orm";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { chooseAgents, NEAR_BAND_KM, type AgentLoad } from "../domain/samples/assignment";
import { distanceKm } from "../lib/distance";
import { createDomainContext } from "../domain/context";
import { addAgent } from "../domain/staff/staff";
import { testEnv } from "../env";
import type { DomainEvent } from "../domain/domain-events";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../test/harness";
import { insertCustomerWithOrganisation } from "../test/organisations";
import { samplePayload, submitSample } from "../test/samples";
import { createDispatcher, dispatchOnce, type Dispatcher } from "./dispatcher";
import { presentNotification } from "../presenters/notification";

let t: TestApp;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;
let ctx: ReturnType<typeof createDomainContext>;
// The app's in-process nudge reaches whichever dispatcher a test installs here.
let onSubmitted: () => void = () => undefined;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  t = await startTestApp({ samplesSubmitted: () => onSubmitted() });
  customer = await signedInCustomer(t);
  ctx = createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET, bcryptCost: 10 });
});
afterAll(async () => {
  await t.close();
});

const submitAt = (lat: number, lng: number) => submitSample(t.app, customer, { coordinate: { lat, lng } });
const sampleRow = async (id: number) =>
  (await t.database.db.select().from(samples).where(eq(samples.id, id)))[0];

/** Milliseconds from the call until the sample leaves PENDING (fails after 10 s). */
async function msUntilAssigned(submit: () => Promise<{ id: number }>): Promise<number> {
  const started = performance.now();
  const sample = await submit();
  for (;;) {
    const row = await sampleRow(sample.id);
    if (row?.status === "COLLECTING") return performance.now() - started;
    if (performance.now() - started > 10_000) throw new Error("not assigned within 10 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Unassigned PENDING samples written directly (as a burst of submissions would leave them). */
async function insertPending(database: Database, spots: { lat: number; lng: number }[]) {
  const owner = await insertCustomerWithOrganisation(database.db, {
    email: `x${Math.random()}@gmail.com`,
    fullName: "X",
    passwordHash: "x",
  });
  return database.db
    .insert(samples)
    .values(
      spots.map((spot, i) => ({
        organisationId: owner.organisationId,
        customerId: owner.id,
        samplerName: `S${i}`,
        samplerLocation: "",
        lat: spot.lat,
        lng: spot.lng,
        shrimpCategory: "Tiger Shrimp",
        testTypes: ["Allergen Testing"],
        shrimpSubCategory: "Allergen Testing",
        phoneNumber: "+919848022338",
        // Distinct creation times: oldest first is then one order.
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      })),
    )
    .returning({ id: samples.id, lat: samples.lat, lng: samples.lng });
}

const agent = (id: number, lat: number | null, lng: number | null, load = 0): AgentLoad => ({
  id,
  name: `A${id}`,
  phone: `+9190000000${id}`,
  lat,
  lng,
  load,
});

describe("chooseAgents", () => {
  it("measures great-circle distances", () => {
    // Bhimavaram to Chennai is about 390 km as the crow flies.
    expect(distanceKm({ lat: 16.544, lng: 81.521 }, { lat: 13.083, lng: 80.27 })).toBeGreaterThan(380);
    expect(distanceKm({ lat: 16.544, lng: 81.521 }, { lat: 13.083, lng: 80.27 })).toBeLessThan(410);
  });

  it("with equal loads, gives a sample to its nearest agent", () => {
    const choices = chooseAgents(
      [{ id: 1, lat: 16.5, lng: 81.5 }],
      [agent(1, 13.08, 80.27), agent(2, 16.54, 81.52)],
    );
    expect(choices.map((c) => c.agent.id)).toEqual([2]);
  });

  it("rotates a burst among the agents within the near band, each pick counting toward the next", () => {
    // Three agents a few km apart, a fourth 390 km away.
    const roster = [
      agent(1, 16.5, 81.5),
      agent(2, 16.52, 81.52),
      agent(3, 16.48, 81.55),
      agent(4, 13.08, 80.27),
    ];
    const queue = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, lat: 16.5, lng: 81.5 }));
    const counts = new Map<number, number>();
    for (const choice of chooseAgents(queue, roster))
      counts.set(choice.agent.id, (counts.get(choice.agent.id) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ 1: 10, 2: 10, 3: 10 });
  });

  it("prefers a less-loaded agent inside the band over a busier nearer one", () => {
    const choices = chooseAgents(
      [{ id: 1, lat: 16.5, lng: 81.5 }],
      [agent(1, 16.5, 81.5, 3), agent(2, 16.6, 81.5, 1)],
    );
    expect(distanceKm({ lat: 16.5, lng: 81.5 }, { lat: 16.6, lng: 81.5 })).toBeLessThan(NEAR_BAND_KM);
    expect(choices[0]?.agent.id).toBe(2);
  });

  it("never sends a sample past the band, however busy its nearest agent is", () => {
    const choices = chooseAgents(
      [{ id: 1, lat: 16.5, lng: 81.5 }],
      [agent(1, 16.5, 81.5, 500), agent(2, 16.9, 81.5)],
    );
    expect(distanceKm({ lat: 16.5, lng: 81.5 }, { lat: 16.9, lng: 81.5 })).toBeGreaterThan(NEAR_BAND_KM);
    expect(choices[0]?.agent.id).toBe(1);
  });

  it("uses agents without a position only when none has one, least loaded first", () => {
    const sample = { id: 1, lat: 16.5, lng: 81.5 };
    expect(chooseAgents([sample], [agent(1, null, null), agent(2, 20, 70, 9)])[0]?.agent.id).toBe(2);
    expect(chooseAgents([sample], [agent(1, null, null, 2), agent(2, null, null, 1)])[0]?.agent.id).toBe(2);
    expect(chooseAgents([sample], [])).toEqual([]);
  });

  it("never gives a sample to an agent who handed it back, even its nearest; with nobody else it waits", () => {
    const sample = { id: 7, lat: 16.5, lng: 81.5 };
    const roster = [agent(1, 16.5, 81.5), agent(2, 16.9, 81.5, 4)];
    expect(chooseAgents([sample], roster, new Map([[7, new Set([1])]]))[0]?.agent.id).toBe(2);
    // Another sample is not affected by this one's decline.
    expect(chooseAgents([{ ...sample, id: 8 }], roster, new Map([[7, new Set([1])]]))[0]?.agent.id).toBe(1);
    expect(chooseAgents([sample], roster, new Map([[7, new Set([1, 2])]]))).toEqual([]);
    expect(chooseAgents([sample], [agent(1, null, null)], new Map([[7, new Set([1])]]))).toEqual([]);
  });
});

describe("dispatcher", () => {
  it("leaves samples PENDING while no agent is active", async () => {
    const sample = await submitAt(16.5, 81.5);
    expect(await dispatchOnce(ctx)).toBe(0);
    expect((await sampleRow(sample.id))?.status).toBe("PENDING");
  });

  it("assigns each pending sample to the nearest active agent, as the system, with the customer's notification", async () => {
    const east = await addAgent(ctx, {
      name: "East",
      phone: "9000000021",
      active: true,
      coordinates: { lat: 16.54, lng: 81.52 },
    });
    const south = await addAgent(ctx, {
      name: "South",
      phone: "9000000022",
      active: true,
      coordinates: { lat: 10.79, lng: 79.14 },
    });
    await addAgent(ctx, {
      name: "Nearest but off",
      phone: "9000000023",
      active: false,
      coordinates: { lat: 10.8, lng: 79.15 },
    });
    const nearEast = await submitAt(16.6, 81.4);
    const nearSouth = await submitAt(10.8, 79.15);
    await dispatchOnce(ctx);
    expect(await sampleRow(nearEast.id)).toMatchObject({ status: "COLLECTING", agentId: east.id });
    expect(await sampleRow(nearSouth.id)).toMatchObject({
      status: "COLLECTING",
      agentId: south.id,
      assigned: "South-+919000000022",
    });
    const events = await t.database.db
      .select()
      .from(sampleEvents)
      .where(eq(sampleEvents.sampleId, nearSouth.id));
    expect(events.find((e) => e.toStatus === "COLLECTING")).toMatchObject({
      fromStatus: "PENDING",
      actor: "system",
      note: "Agent assigned: South (+91 90000 00022)",
    });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.sampleId, nearSouth.id));
    const assignedNote = notes.find((n) => n.type === "sample_assigned");
    expect(assignedNote).toMatchObject({
      data: { notice: "agentAssigned", stage: "agent-assigned", agent: "South" },
    });
    // Stored as a kind with parameters; worded for the reader, in their language, when read.
    expect(assignedNote && presentNotification(assignedNote, translatorFor("en"))).toMatchObject({
      title: "Agent Assigned",
      message: `South will collect sample #${nearSouth.id}.`,
    });
  });

  // Both wake-ups are tested with a 60 s poll, so only the wake-up can explain a quick assignment.
  it("assigns a new sample well under 2 s after submission when woken in-process, without waiting for the poll", async () => {
    await addAgent(ctx, {
      name: "Woken",
      phone: "9000000061",
      active: true,
      coordinates: { lat: 16.5, lng: 81.5 },
    });
    const dispatcher = createDispatcher(ctx, logger, { intervalMs: 60_000 });
    onSubmitted = () => dispatcher.wake();
    await dispatcher.start();
    try {
      await dispatcher.runNow();
      const ms = await msUntilAssigned(() => submitAt(16.5, 81.5));
      expect(ms).toBeLessThan(1000);
    } finally {
      onSubmitted = () => undefined;
      await dispatcher.stop();
    }
  });

  it("nudges once per keyed submission, after its commit, and not on a replay", async () => {
    let nudges = 0;
    onSubmitted = () => (nudges += 1);
    try {
      const payload = samplePayload(customer.id);
      const send = () =>
        request(t.app)
          .post("/api/sample-submissions")
          .auth(customer.token, { type: "bearer" })
          .set("Idempotency-Key", "dispatch-nudge-1")
          .send(payload);
      const first = await send().expect(201);
      expect(nudges).toBe(1);
      const replay = await send().expect(201);
      expect(replay.body).toEqual(first.body);
      expect(nudges).toBe(1);
    } finally {
      onSubmitted = () => undefined;
    }
  });

  it("assigns a new sample well under 2 s after submission when woken by the submission's NOTIFY", async () => {
    await addAgent(ctx, {
      name: "Notified",
      phone: "9000000062",
      active: true,
      coordinates: { lat: 16.5, lng: 81.5 },
    });
    const dispatcher: Dispatcher = createDispatcher(ctx, logger, {
      intervalMs: 60_000,
      database: t.database,
    });
    await dispatcher.start();
    try {
      await dispatcher.runNow();
      const ms = await msUntilAssigned(() => submitAt(16.5, 81.5));
      expect(ms).toBeLessThan(1000);
      expect(dispatcher.stats().assignedTotal).toBeGreaterThanOrEqual(1);
    } finally {
      await dispatcher.stop();
    }
  });

  it("assigns 200 samples in one batch, spread over the agents near them, publishing every change", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    try {
      const published: DomainEvent[] = [];
      const own = createDomainContext({
        db: database.db,
        jwtSecret: TEST_JWT_SECRET,
        publish: (events) => published.push(...events),
      });
      const near = await database.db
        .insert(agents)
        .values([
          { name: "N1", phone: "+919000000041", lat: 16.5, lng: 81.5 },
          { name: "N2", phone: "+919000000042", lat: 16.52, lng: 81.53 },
          { name: "N3", phone: "+919000000043", lat: 16.47, lng: 81.49 },
        ])
        .returning({ id: agents.id });
      const [far] = await database.db
        .insert(agents)
        .values({ name: "Chennai", phone: "+919000000044", lat: 13.08, lng: 80.27 })
        .returning({ id: agents.id });
      const rows = await insertPending(database, [
        ...Array.from({ length: 150 }, () => ({ lat: 16.5, lng: 81.5 })),
        ...Array.from({ length: 50 }, () => ({ lat: 13.1, lng: 80.28 })),
      ]);
      expect(await dispatchOnce(own, 200)).toBe(200);
      const ids = rows.map((row) => row.id);
      const after = await database.db.select().from(samples).where(inArray(samples.id, ids));
      expect(after.every((row) => row.status === "COLLECTING")).toBe(true);
      const perAgent = (id: number | undefined) => after.filter((row) => row.agentId === id).length;
      expect(near.map((a) => perAgent(a.id))).toEqual([50, 50, 50]);
      expect(perAgent(far?.id)).toBe(50);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const row of after.filter((r) => r.agentId === far?.id)) expect(byId.get(row.id)?.lat).toBe(13.1);
      const events = await database.db.select().from(sampleEvents).where(inArray(sampleEvents.sampleId, ids));
      expect(events.filter((e) => e.toStatus === "COLLECTING" && e.actor === "system")).toHaveLength(200);
      const notes = await database.db
        .select()
        .from(notifications)
        .where(inArray(notifications.sampleId, ids));
      expect(notes.filter((n) => n.type === "sample_assigned")).toHaveLength(200);
      expect(published.filter((e) => e.kind === "sample")).toHaveLength(200);
      expect(published.filter((e) => e.kind === "notification")).toHaveLength(200);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("takes batch after batch in one pass while the queue is longer than a batch", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    try {
      const own = createDomainContext({ db: database.db, jwtSecret: TEST_JWT_SECRET });
      await database.db.insert(agents).values({ name: "Only", phone: "+919000000051", lat: 16.5, lng: 81.5 });
      await insertPending(
        database,
        Array.from({ length: 25 }, () => ({ lat: 16.5, lng: 81.5 })),
      );
      const dispatcher = createDispatcher(own, logger, { batchSize: 10 });
      expect(await dispatcher.runNow()).toBe(25);
      // The oldest was created in 2026-01-01: the lag reports its age at the start of the pass.
      expect(dispatcher.stats()).toMatchObject({ assignedTotal: 25 });
      expect(dispatcher.stats().lagSeconds).toBeGreaterThan(0);
      expect(await dispatcher.runNow()).toBe(0);
      expect(dispatcher.stats().lagSeconds).toBe(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});

// Two instances sharing one Postgres: only meaningful on a server (PGlite is one process's database).
describe.skipIf(!testEnv.databaseUrl)("dispatcher on several instances", () => {
  it("never assigns a sample twice when two dispatchers run at once", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    try {
      const a = createDomainContext({ db: database.db, jwtSecret: TEST_JWT_SECRET });
      const b = createDomainContext({ db: database.db, jwtSecret: TEST_JWT_SECRET });
      await database.db.insert(agents).values({ name: "Only", phone: "+919000000031", lat: 16.5, lng: 81.5 });
      const rows = await insertPending(
        database,
        Array.from({ length: 60 }, () => ({ lat: 16.5, lng: 81.5 })),
      );
      for (let round = 0; round < 4; round += 1)
        await Promise.all([dispatchOnce(a, 20), dispatchOnce(b, 20), dispatchOnce(a, 20)]);
      const ids = rows.map((row) => row.id);
      const moves = await database.db.select().from(sampleEvents).where(inArray(sampleEvents.sampleId, ids));
      expect(moves.filter((e) => e.toStatus === "COLLECTING")).toHaveLength(60);
    } finally {
      await database.close();
    }
  }, 60_000);
});
