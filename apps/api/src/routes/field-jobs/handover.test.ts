import { randomUUID } from "node:crypto";

import {
  CLOCK_SKEW_REFUSE_MS,
  custodySchema,
  fieldJobSchema,
  fieldJobsSchema,
  messageCodeOfKey,
  type MessageKey,
} from "@lab/contracts";
import { custodyEvents, samples } from "@lab/db";
import { and, asc, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../../domain/context";
import type { DomainEvent } from "../../domain/domain-events";
import { handOverSample } from "../../domain/field/handover";
import { collectingJob, collectionBody } from "../../test/collections";
import { createSignedInAgent, type SignedInAgent } from "../../test/field-agent";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";

// The agent's hand-off of a collected sample to a courier: one custody event, checked against the
// job, the collection and the phone's clock.

let t: TestApp;
let customer: { id: number; token: string };
let staff: { id: number; token: string };
let agent: SignedInAgent;
let otherAgent: SignedInAgent;

beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Ravi Kumar");
  staff = await signedInStaff(t, { name: "Anita Das" });
  agent = await createSignedInAgent(t, { name: "Suresh Reddy" });
  otherAgent = await createSignedInAgent(t, { name: "Lakshmi Devi" });
});
afterAll(async () => {
  await t.close();
});

const as = (token: string, method: "get" | "post", path: string) =>
  request(t.app)[method](`/api${path}`).auth(token, { type: "bearer" });

const handOver = (sampleId: number | string, body: unknown, who: { token: string } = agent) =>
  as(who.token, "post", `/field/jobs/${sampleId}/handover`).send(body as object);

/** A sample the agent collected through the app (its collection sent now, by the server's clock). */
async function collected(by: SignedInAgent = agent): Promise<number> {
  const sample = await collectingJob(t, customer, by.agentId);
  await request(t.app)
    .post("/api/field/collections")
    .auth(by.token, { type: "bearer" })
    .set("Idempotency-Key", randomUUID())
    .send(collectionBody(t, sample.id))
    .expect(201);
  return sample.id;
}

/** A whole hand-over as the phone sends it now, by the server's clock. */
function handoverBody(overrides: Record<string, unknown> = {}) {
  const now = t.clock.now().toISOString();
  return {
    courier: "Blue Dart",
    reference: "AWB 5521 0093",
    handedAt: now,
    sentAt: now,
    sealIntact: true,
    temperatureC: 5.5,
    position: { lat: 16.5301, lng: 81.5208, accuracyM: 12 },
    ...overrides,
  };
}

const handoffs = (sampleId: number) =>
  t.database.db
    .select()
    .from(custodyEvents)
    .where(and(eq(custodyEvents.sampleId, sampleId), eq(custodyEvents.kind, "handed_over")));

function expectRefusal(res: request.Response, status: number, key: MessageKey, field?: string) {
  expect(res.status).toBe(status);
  expect((res.body as { messageCode?: string }).messageCode).toBe(messageCodeOfKey(key));
  if (field !== undefined) expect((res.body as { field?: string }).field).toBe(field);
}

describe("POST /api/field/jobs/{sampleId}/handover", () => {
  it("records the hand-off: 201 with the job handed over, one custody event agent → courier with seal, temperature and place", async () => {
    const id = await collected();
    t.clock.advance(600);
    const res = await handOver(id, handoverBody()).expect(201);
    const job = fieldJobSchema.parse(res.body);
    expect(job).toMatchObject({
      sampleId: id,
      status: "COLLECTED",
      handedOver: { to: "Blue Dart (AWB 5521 0093)", at: t.clock.now().toISOString() },
    });

    const [event, ...more] = await handoffs(id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      relinquishedBy: "Suresh Reddy (agent)",
      receivedBy: "Blue Dart (AWB 5521 0093)",
      at: t.clock.now(),
      lat: 16.5301,
      lng: 81.5208,
      sealIntact: true,
      temperatureC: "5.5",
      actor: `agent:${agent.agentId}`,
    });

    // The customer's chain reads collected, then handed over; the job list says so too.
    const chain = custodySchema.parse(
      (await as(customer.token, "get", `/samples/${id}/custody`).expect(200)).body,
    );
    expect(chain.events.map((e) => [e.kind, e.relinquishedBy, e.receivedBy])).toEqual([
      ["collected", "Ravi Kumar (farmer)", "Suresh Reddy (agent)"],
      ["handed_over", "Suresh Reddy (agent)", "Blue Dart (AWB 5521 0093)"],
    ]);
    expect(chain.events[1]).toMatchObject({
      sealIntact: true,
      temperatureC: 5.5,
      location: { lat: 16.5301 },
    });
    const list = fieldJobsSchema.parse((await as(agent.token, "get", "/field/jobs").expect(200)).body);
    expect(list.jobs.find((listed) => listed.sampleId === id)?.handedOver).toEqual(job.handedOver);

    // Reception names the courier as the one who brought it.
    await as(staff.token, "post", `/lab/reception/${id}`).send({ decision: "accept" }).expect(200);
    const [received] = await t.database.db
      .select()
      .from(custodyEvents)
      .where(and(eq(custodyEvents.sampleId, id), eq(custodyEvents.kind, "received")));
    expect(received?.relinquishedBy).toBe("Blue Dart (AWB 5521 0093)");
  });

  it("names the courier alone without a reference, and keeps no temperature or place it was not given", async () => {
    const id = await collected();
    const res = await handOver(
      id,
      handoverBody({
        courier: "  Ramesh (lab driver) ",
        reference: "",
        temperatureC: null,
        position: null,
        sealIntact: false,
      }),
    ).expect(201);
    expect(fieldJobSchema.parse(res.body).handedOver?.to).toBe("Ramesh (lab driver)");
    const [event] = await handoffs(id);
    expect(event).toMatchObject({
      receivedBy: "Ramesh (lab driver)",
      sealIntact: false,
      temperatureC: null,
      lat: null,
    });
  });

  it("publishes the sample after commit so the customer's timeline refreshes; a refused hand-over publishes nothing", async () => {
    const published: DomainEvent[] = [];
    const ctx = createDomainContext({
      db: t.database.db,
      jwtSecret: TEST_JWT_SECRET,
      now: t.clock.now,
      publish: (events) => published.push(...events),
    });
    const id = await collected();
    const input = { ...handoverBody(), reference: null, temperatureC: null, position: null };
    await expect(handOverSample(ctx, otherAgent.agentId, id, input)).rejects.toMatchObject({ status: 404 });
    expect(published).toEqual([]);
    await handOverSample(ctx, agent.agentId, id, input);
    expect(published).toEqual([
      expect.objectContaining({
        kind: "sample",
        customerId: customer.id,
        sample: expect.objectContaining({ id, status: "COLLECTED", updatedAt: t.clock.now() }),
      }),
    ]);
  });

  it("refuses another agent's sample and an unknown id (404), and a job whose collection is not sent yet (409)", async () => {
    const theirs = await collected(otherAgent);
    expectRefusal(await handOver(theirs, handoverBody()), 404, "jobNotFound");
    expectRefusal(await handOver(2_000_000_000, handoverBody()), 404, "jobNotFound");
    const waiting = await collectingJob(t, customer, agent.agentId);
    expectRefusal(await handOver(waiting.id, handoverBody()), 409, "sampleNotYetCollected");
    // Another agent's job not yet collected is theirs, not this agent's: not found.
    const othersJob = await collectingJob(t, customer, otherAgent.agentId);
    expectRefusal(await handOver(othersJob.id, handoverBody()), 404, "jobNotFound");
    for (const sampleId of [theirs, waiting.id, othersJob.id]) expect(await handoffs(sampleId)).toEqual([]);
  });

  it("refuses a sample already received at the lab (409), writing nothing", async () => {
    const id = await collected();
    await as(staff.token, "post", `/lab/reception/${id}`).send({ decision: "accept" }).expect(200);
    expectRefusal(await handOver(id, handoverBody()), 409, "sampleNoLongerWithYou");
    expect(await handoffs(id)).toEqual([]);
  });

  it("refuses a second hand-over by the same agent (409): the chain keeps the first", async () => {
    const id = await collected();
    await handOver(id, handoverBody()).expect(201);
    expectRefusal(await handOver(id, handoverBody({ courier: "DTDC" })), 409, "sampleAlreadyHandedOver");
    expect((await handoffs(id)).map((event) => event.receivedBy)).toEqual(["Blue Dart (AWB 5521 0093)"]);
  });

  it("refuses a hand-off time before the collection or in the future, and a clock days off (422), writing nothing", async () => {
    const id = await collected();
    const now = t.clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    expectRefusal(
      await handOver(id, handoverBody({ handedAt: iso(now - 5 * 60_000) })),
      422,
      "handedAtBeforeCollection",
      "handedAt",
    );
    expectRefusal(
      await handOver(id, handoverBody({ handedAt: iso(now + 5 * 60_000) })),
      422,
      "handedAtInFuture",
      "handedAt",
    );
    const skewed = iso(now + CLOCK_SKEW_REFUSE_MS + 60_000);
    expectRefusal(
      await handOver(id, handoverBody({ handedAt: skewed, sentAt: skewed })),
      422,
      "clockSkewTooLarge",
      "sentAt",
    );
    expect(await handoffs(id)).toEqual([]);
  });

  it("corrects the phone's clock: a phone an hour fast has its hand-off moved back by the hour", async () => {
    const id = await collected();
    t.clock.advance(30 * 60);
    const now = t.clock.now().getTime();
    const hourAhead = 3_600_000;
    await handOver(
      id,
      handoverBody({
        handedAt: new Date(now + hourAhead - 10 * 60_000).toISOString(),
        sentAt: new Date(now + hourAhead).toISOString(),
      }),
    ).expect(201);
    const [event] = await handoffs(id);
    expect(event?.at.toISOString()).toBe(new Date(now - 10 * 60_000).toISOString());
    // The chain still reads in order: collected, then handed over.
    const chain = await t.database.db
      .select({ kind: custodyEvents.kind })
      .from(custodyEvents)
      .where(eq(custodyEvents.sampleId, id))
      .orderBy(asc(custodyEvents.at), asc(custodyEvents.id));
    expect(chain.map((row) => row.kind)).toEqual(["collected", "handed_over"]);
  });

  it("refuses hostile bodies, ids and callers with a 4xx, writing nothing", async () => {
    const id = await collected();
    const cases: [unknown, number, MessageKey | undefined][] = [
      [{}, 400, "courierRequired"],
      [handoverBody({ courier: "   " }), 400, "courierRequired"],
      [handoverBody({ courier: "x".repeat(81) }), 400, "courierTooLong"],
      [handoverBody({ courier: 42 }), 400, "courierRequired"],
      [handoverBody({ courier: "Blue\u0000Dart" }), 400, "textInvalid"],
      [handoverBody({ courier: "Blue \ud800" }), 400, "textInvalid"],
      [handoverBody({ reference: "r".repeat(41) }), 400, "courierReferenceTooLong"],
      [handoverBody({ reference: ["a"] }), 400, undefined],
      [handoverBody({ handedAt: "yesterday" }), 400, "collectedAtInvalid"],
      [handoverBody({ sentAt: 1_764_000_000 }), 400, "collectedAtInvalid"],
      [handoverBody({ sealIntact: "yes" }), 400, "sealIntactRequired"],
      [handoverBody({ sealIntact: undefined }), 400, "sealIntactRequired"],
      [handoverBody({ temperatureC: 99 }), 400, "temperatureInvalid"],
      [handoverBody({ temperatureC: "4" }), 400, "temperatureInvalid"],
      [handoverBody({ position: { lat: 100, lng: 81, accuracyM: 5 } }), 400, "coordinatesInvalid"],
      [handoverBody({ position: { lat: 16.5, lng: 81.5 } }), 400, "accuracyInvalid"],
      [handoverBody({ position: "here" }), 400, "positionRequired"],
      [[handoverBody()], 400, undefined],
    ];
    for (const [body, status, key] of cases) {
      const res = await handOver(id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      if (key) expect((res.body as { messageCode?: string }).messageCode).toBe(messageCodeOfKey(key));
    }
    const raw = (text: string) =>
      as(agent.token, "post", `/field/jobs/${id}/handover`)
        .set("Content-Type", "application/json")
        .send(text);
    expect((await raw('{"courier":')).status).toBe(400);
    expect((await raw("null")).status).toBe(400);
    expect((await raw(JSON.stringify({ courier: "y".repeat(300_000) }))).status).toBe(413);
    for (const bad of ["0", "-1", "2147483648", "abc", "1e3", "%00"])
      expect((await handOver(bad, handoverBody())).status).toBe(404);
    for (const token of [customer.token, staff.token])
      expect((await handOver(id, handoverBody(), { token })).status).toBe(403);
    expect((await request(t.app).post(`/api/field/jobs/${id}/handover`).send(handoverBody())).status).toBe(
      401,
    );
    expect(await handoffs(id)).toEqual([]);
    const [sample] = await t.database.db
      .select({ status: samples.status })
      .from(samples)
      .where(eq(samples.id, id));
    expect(sample?.status).toBe("COLLECTED");
  });
});

describe("GET /api/field/jobs hand-off", () => {
  it("a job not handed over says null", async () => {
    const id = await collected();
    const list = fieldJobsSchema.parse((await as(agent.token, "get", "/field/jobs").expect(200)).body);
    expect(list.jobs.find((job) => job.sampleId === id)?.handedOver).toBeNull();
  });
});
