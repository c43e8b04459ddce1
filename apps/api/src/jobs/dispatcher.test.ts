import { agents, notifications, sampleEvents, samples } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { eq, inArray } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../domain/context";
import { addAgent } from "../domain/staff";
import { testEnv } from "../env";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../test/harness";
import { submitSample } from "../test/samples";
import { createDispatcher, dispatchOnce, distanceKm } from "./dispatcher";

let t: TestApp;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;
let ctx: ReturnType<typeof createDomainContext>;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t);
  ctx = createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET, bcryptCost: 10 });
});
afterAll(async () => {
  await t.close();
});

const submitAt = (lat: number, lng: number) => submitSample(t.app, customer, { coordinate: { lat, lng } });
const sampleRow = async (id: number) =>
  (await t.database.db.select().from(samples).where(eq(samples.id, id)))[0];

describe("dispatcher", () => {
  it("measures great-circle distances", () => {
    // Bhimavaram to Chennai is about 390 km as the crow flies.
    expect(distanceKm({ lat: 16.544, lng: 81.521 }, { lat: 13.083, lng: 80.27 })).toBeGreaterThan(380);
    expect(distanceKm({ lat: 16.544, lng: 81.521 }, { lat: 13.083, lng: 80.27 })).toBeLessThan(410);
  });

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
    expect(await sampleRow(nearSouth.id)).toMatchObject({ status: "COLLECTING", agentId: south.id });
    const events = await t.database.db
      .select()
      .from(sampleEvents)
      .where(eq(sampleEvents.sampleId, nearSouth.id));
    expect(events.map((e) => e.actor)).toContain("system");
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.sampleId, nearSouth.id));
    expect(notes.map((n) => n.type)).toContain("sample_assigned");
  });

  it("assigns a new sample well within 30 s of submission when running", async () => {
    const dispatcher = createDispatcher(ctx, logger, 250);
    dispatcher.start();
    try {
      const started = Date.now();
      const sample = await submitAt(16.5, 81.5);
      let row = await sampleRow(sample.id);
      while (row?.status === "PENDING" && Date.now() - started < 30_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        row = await sampleRow(sample.id);
      }
      expect(row?.status).toBe("COLLECTING");
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await dispatcher.stop();
    }
  });
});

// Two instances sharing one Postgres: only meaningful on a server (PGlite is one process's database).
describe.skipIf(!testEnv.databaseUrl)("dispatcher on several instances", () => {
  it("never assigns a sample twice when two dispatchers run at once", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    try {
      const a = createDomainContext({ db: database.db, jwtSecret: TEST_JWT_SECRET });
      const b = createDomainContext({ db: database.db, jwtSecret: TEST_JWT_SECRET });
      await database.db.insert(agents).values({ name: "Only", phone: "+919000000031", lat: 16.5, lng: 81.5 });
      const { customers } = await import("@lab/db");
      const [owner] = await database.db
        .insert(customers)
        .values({ email: "x@gmail.com", fullName: "X", passwordHash: "x" })
        .returning();
      const rows = await database.db
        .insert(samples)
        .values(
          Array.from({ length: 60 }, (_, i) => ({
            customerId: owner?.id ?? 0,
            samplerName: `S${i}`,
            samplerLocation: "",
            lat: 16.5,
            lng: 81.5,
            shrimpCategory: "Tiger Shrimp",
            testTypes: ["Allergen Testing"],
            shrimpSubCategory: "Allergen Testing",
            phoneNumber: "+919848022338",
          })),
        )
        .returning({ id: samples.id });
      for (let round = 0; round < 4; round += 1)
        await Promise.all([dispatchOnce(a), dispatchOnce(b), dispatchOnce(a)]);
      const ids = rows.map((row) => row.id);
      const moves = await database.db.select().from(sampleEvents).where(inArray(sampleEvents.sampleId, ids));
      expect(moves.filter((e) => e.toStatus === "COLLECTING")).toHaveLength(60);
    } finally {
      await database.close();
    }
  }, 60_000);
});
