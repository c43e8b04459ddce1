import { randomUUID } from "node:crypto";

import { messages, sampleSubmissionSchema } from "@lab/contracts";
import { idempotencyKeys, sampleProviders, samples } from "@lab/db";
import { and, eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../domain/context";
import { submitSample } from "../domain/samples/samples";
import type { DomainEvent } from "../domain/domain-events";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../test/harness";
import { memberById } from "../test/organisations";
import { samplePayload } from "../test/samples";
import { requestHashOf, runIdempotent } from "./idempotency";

let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInCustomer>>;
let owner: Who;
let stranger: Who;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInCustomer(t, "Ravi Kumar");
  stranger = await signedInCustomer(t, "Other Farm");
});
afterAll(async () => {
  await t.close();
});

const submit = (who: Who, body: object, key?: string) => {
  const req = request(t.app).post("/api/sample-submissions").auth(who.token, { type: "bearer" });
  return (key === undefined ? req : req.set("Idempotency-Key", key)).send(body);
};
const createProvider = (who: Who, body: object, key?: string) => {
  const req = request(t.app)
    .post(`/api/customers/${who.id}/sample-providers`)
    .auth(who.token, { type: "bearer" });
  return (key === undefined ? req : req.set("Idempotency-Key", key)).send(body);
};
const samplesNamed = async (who: Who, samplerName: string) =>
  t.database.db
    .select()
    .from(samples)
    .where(and(eq(samples.customerId, who.id), eq(samples.samplerName, samplerName)));
const providersNamed = async (who: Who, samplerName: string) =>
  t.database.db
    .select()
    .from(sampleProviders)
    .where(and(eq(sampleProviders.customerId, who.id), eq(sampleProviders.samplerName, samplerName)));
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

describe("Idempotency-Key on POST /api/sample-submissions", () => {
  it("replays the first answer (status and body) for the same key and body, and writes one sample", async () => {
    const name = unique("Retry pond");
    const key = randomUUID();
    const first = await submit(owner, samplePayload(owner.id, { samplerName: name }), key);
    expect(first.status).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await submit(owner, samplePayload(owner.id, { samplerName: name }), key);
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await samplesNamed(owner, name)).toHaveLength(1);
  });

  it("treats the same values in another key order as the same body", async () => {
    const name = unique("Order pond");
    const key = randomUUID();
    const body = samplePayload(owner.id, { samplerName: name });
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    const first = await submit(owner, body, key);
    const again = await submit(owner, reversed, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await samplesNamed(owner, name)).toHaveLength(1);
  });

  it("answers 422 idempotency_key_reused for the same key with a different body and writes nothing", async () => {
    const name = unique("First pond");
    const other = unique("Other pond");
    const key = randomUUID();
    await submit(owner, samplePayload(owner.id, { samplerName: name }), key).expect(201);
    const res = await submit(owner, samplePayload(owner.id, { samplerName: other }), key);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: "idempotency_key_reused",
      error: messages.idempotencyKeyReused,
    });
    expect(await samplesNamed(owner, other)).toHaveLength(0);
  });

  it("lets concurrent requests with one key write one sample and all answer the same sample", async () => {
    const name = unique("Race pond");
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => submit(owner, samplePayload(owner.id, { samplerName: name }), key)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(201));
    const ids = new Set(answers.map((res) => (res.body as { id: number }).id));
    expect(ids.size).toBe(1);
    expect(await samplesNamed(owner, name)).toHaveLength(1);
  });

  it("counts a key older than 24 hours as new: a second sample, and the old row is cleaned up", async () => {
    const name = unique("Old pond");
    const key = randomUUID();
    const first = await submit(owner, samplePayload(owner.id, { samplerName: name }), key).expect(201);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '24 hours 1 second'` })
      .where(and(eq(idempotencyKeys.customerId, owner.id), eq(idempotencyKeys.key, key)));
    const again = await submit(owner, samplePayload(owner.id, { samplerName: name }), key).expect(201);
    expect((again.body as { id: number }).id).not.toBe((first.body as { id: number }).id);
    expect(await samplesNamed(owner, name)).toHaveLength(2);
    const rows = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.customerId, owner.id), eq(idempotencyKeys.key, key)));
    expect(rows).toHaveLength(1);
  });

  it("keeps a key within 24 hours: 23 h 59 min later the answer is still replayed", async () => {
    const name = unique("Day pond");
    const key = randomUUID();
    await submit(owner, samplePayload(owner.id, { samplerName: name }), key).expect(201);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '23 hours 59 minutes'` })
      .where(and(eq(idempotencyKeys.customerId, owner.id), eq(idempotencyKeys.key, key)));
    const again = await submit(owner, samplePayload(owner.id, { samplerName: name }), key).expect(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await samplesNamed(owner, name)).toHaveLength(1);
  });

  it.each([
    ["empty", ""],
    ["201 characters long", "k".repeat(201)],
    ["not ASCII", "clé-1"],
  ])("answers 400 idempotency_key_invalid for a key that is %s and writes nothing", async (_, key) => {
    const name = unique("Bad key pond");
    const res = await submit(owner, samplePayload(owner.id, { samplerName: name }), key);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "idempotency_key_invalid",
      error: messages.idempotencyKeyInvalid,
    });
    expect(await samplesNamed(owner, name)).toHaveLength(0);
  });

  it("accepts a 200-character key", async () => {
    await submit(owner, samplePayload(owner.id, { samplerName: unique("Long key") }), "k".repeat(200)).expect(
      201,
    );
  });

  it("keeps another customer's same key independent: each gets its own sample", async () => {
    const key = randomUUID();
    const name = unique("Shared key pond");
    const mine = await submit(owner, samplePayload(owner.id, { samplerName: name }), key).expect(201);
    const theirs = await submit(stranger, samplePayload(stranger.id, { samplerName: name }), key).expect(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect((theirs.body as { consumerId: number }).consumerId).toBe(stranger.id);
    expect((theirs.body as { id: number }).id).not.toBe((mine.body as { id: number }).id);
  });

  it("stores no key when the create fails, so a corrected retry with the key succeeds", async () => {
    const key = randomUUID();
    const name = unique("Fixed pond");
    await submit(owner, samplePayload(owner.id, { samplerName: name, testTypes: [] }), key).expect(400);
    await submit(owner, samplePayload(owner.id, { samplerName: name }), key).expect(201);
    expect(await samplesNamed(owner, name)).toHaveLength(1);
  });

  it("still creates a sample per request without a key", async () => {
    const name = unique("No key pond");
    await submit(owner, samplePayload(owner.id, { samplerName: name })).expect(201);
    await submit(owner, samplePayload(owner.id, { samplerName: name })).expect(201);
    expect(await samplesNamed(owner, name)).toHaveLength(2);
  });
});

describe("Idempotency-Key on POST /api/customers/:id/sample-providers", () => {
  const provider = (samplerName: string, phoneNumber = "9848022338") => ({ samplerName, phoneNumber });

  it("replays the first answer for the same key and body and writes one provider", async () => {
    const name = unique("Srinu Farms");
    const key = randomUUID();
    const first = await createProvider(owner, provider(name), key).expect(201);
    const again = await createProvider(owner, provider(name), key).expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await providersNamed(owner, name)).toHaveLength(1);
  });

  it("answers 422 for the same key with a different body", async () => {
    const name = unique("Ganga Farms");
    const key = randomUUID();
    await createProvider(owner, provider(name), key).expect(201);
    const res = await createProvider(owner, provider(name, "9848022339"), key);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "idempotency_key_reused" });
    expect(await providersNamed(owner, name)).toHaveLength(1);
  });

  it("lets concurrent requests with one key write one provider", async () => {
    const name = unique("Race Farms");
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => createProvider(owner, provider(name), key)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(5).fill(201));
    expect(new Set(answers.map((res) => (res.body as { id: number }).id)).size).toBe(1);
    expect(await providersNamed(owner, name)).toHaveLength(1);
  });

  it("keeps keys per endpoint: a sample's key does not replay on provider creation", async () => {
    const key = randomUUID();
    await submit(owner, samplePayload(owner.id, { samplerName: unique("Pond") }), key).expect(201);
    const res = await createProvider(owner, provider(unique("Endpoint Farms")), key);
    expect(res.status).toBe(201);
    expect(res.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("answers 400 for a bad key and another customer's same key is independent", async () => {
    const name = unique("Bad Key Farms");
    await createProvider(owner, provider(name), "k".repeat(201)).expect(400);
    expect(await providersNamed(owner, name)).toHaveLength(0);
    const key = randomUUID();
    await createProvider(owner, provider(name), key).expect(201);
    const theirs = await createProvider(stranger, provider(name), key).expect(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(await providersNamed(stranger, name)).toHaveLength(1);
  });
});

describe("requestHashOf", () => {
  it("is the same for objects whose keys differ only in order, and differs for another value", () => {
    expect(requestHashOf({ a: 1, b: { c: [1, 2], d: "x" } })).toBe(
      requestHashOf({ b: { d: "x", c: [1, 2] }, a: 1 }),
    );
    expect(requestHashOf({ a: 1 })).not.toBe(requestHashOf({ a: 2 }));
    expect(requestHashOf({ a: [1, 2] })).not.toBe(requestHashOf({ a: [2, 1] }));
  });
});

describe("runIdempotent", () => {
  it("passes the create's real-time events on once, after the commit (another connection sees the sample), and none for a replay", async () => {
    const name = unique("Published pond");
    const seenAtPublish: Promise<unknown[]>[] = [];
    const published: DomainEvent[][] = [];
    const ctx = createDomainContext({
      db: t.database.db,
      jwtSecret: TEST_JWT_SECRET,
      publish: (events) => {
        published.push(events);
        // On Postgres this query runs on another pooled connection: it sees only committed rows.
        seenAtPublish.push(samplesNamed(owner, name));
      },
    });
    const input = sampleSubmissionSchema.parse(samplePayload(owner.id, { samplerName: name }));
    const request = { customerId: owner.id, endpoint: "sample-submissions", key: randomUUID(), input };
    const member = await memberById(t.database.db, owner.id);
    const run = async (tx: typeof ctx) => ({ status: 201, body: await submitSample(tx, member, input) });
    const first = await runIdempotent(ctx, request, run);
    expect(first.replayed).toBe(false);
    expect(published).toHaveLength(1);
    expect(await Promise.all(seenAtPublish)).toEqual([[expect.objectContaining({ samplerName: name })]]);
    const again = await runIdempotent(ctx, request, run);
    expect(again).toEqual({ ...first, replayed: true });
    expect(published).toHaveLength(1);
  });
});
