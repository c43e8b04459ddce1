import { createHash, randomUUID } from "node:crypto";

import {
  CLOCK_SKEW_REFUSE_MS,
  COLLECTION_RADIUS_M,
  PHOTO_MAX_BYTES,
  collectionSchema,
  messageCodeOfKey,
  type Collection,
  type MessageKey,
} from "@lab/contracts";
import {
  collectionPhotos,
  custodyEvents,
  labSettings,
  notifications,
  sampleCollections,
  sampleEvents,
  sampleLabels,
  samples,
} from "@lab/db";
import exifr from "exifr";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { correctedTimes, requireDistanceReason } from "../../domain/field/collections";
import { imageFormatOf, reencodePhoto } from "../../domain/field/photos";
import { AppError } from "../../lib/app-error";
import { POND, collectingJob, collectionBody, northOf, phoneJpeg } from "../../test/collections";
import { createSignedInAgent, type SignedInAgent } from "../../test/field-agent";
import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";

// An agent's collection from the field app: checked against the job, the clock, the pond and the
// photos, written once whatever the retries.

let t: TestApp;
let customer: { id: number; token: string };
let agent: SignedInAgent;
let otherAgent: SignedInAgent;
const RADIUS = COLLECTION_RADIUS_M.default;

beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Ravi Kumar");
  agent = await createSignedInAgent(t, { name: "Suresh Reddy" });
  otherAgent = await createSignedInAgent(t, { name: "Other Agent" });
});
afterAll(async () => {
  await t.close();
});

const send = (body: unknown, options: { key?: string | null; who?: { token: string } } = {}) => {
  const call = request(t.app)
    .post("/api/field/collections")
    .auth((options.who ?? agent).token, { type: "bearer" });
  if (options.key !== null) call.set("Idempotency-Key", options.key ?? randomUUID());
  return call.send(body as object);
};

const job = (place?: Parameters<typeof collectingJob>[3]) => collectingJob(t, customer, agent.agentId, place);

/** What a collection writes, for one sample: each must stay 0 after a refusal. */
async function written(sampleId: number) {
  const { db } = t.database;
  const [collections] = await db
    .select({ n: count() })
    .from(sampleCollections)
    .where(eq(sampleCollections.sampleId, sampleId));
  const [photos] = await db
    .select({ n: count() })
    .from(collectionPhotos)
    .innerJoin(sampleCollections, eq(sampleCollections.id, collectionPhotos.collectionId))
    .where(eq(sampleCollections.sampleId, sampleId));
  const [custody] = await db
    .select({ n: count() })
    .from(custodyEvents)
    .where(eq(custodyEvents.sampleId, sampleId));
  const [moves] = await db
    .select({ n: count() })
    .from(sampleEvents)
    .where(and(eq(sampleEvents.sampleId, sampleId), eq(sampleEvents.toStatus, "COLLECTED")));
  const [sample] = await db.select({ status: samples.status }).from(samples).where(eq(samples.id, sampleId));
  return {
    collections: collections?.n ?? -1,
    photos: photos?.n ?? -1,
    custody: custody?.n ?? -1,
    moves: moves?.n ?? -1,
    status: sample?.status,
  };
}

const nothingWritten = { collections: 0, photos: 0, custody: 0, moves: 0, status: "COLLECTING" };

function expectRefusal(res: request.Response, status: number, key: MessageKey, field?: string) {
  expect(res.status).toBe(status);
  expect((res.body as { messageCode?: string }).messageCode).toBe(messageCodeOfKey(key));
  if (field !== undefined) expect((res.body as { field?: string }).field).toBe(field);
}

/** The AppError a domain rule throws, to read its message key and field. */
function thrown(run: () => unknown): AppError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return undefined;
}

describe("distance rule (unit)", () => {
  it("requires a reason just beyond the radius, not at it or inside it", () => {
    expect(thrown(() => requireDistanceReason(RADIUS - 0.5, RADIUS, null))).toBeUndefined();
    expect(thrown(() => requireDistanceReason(RADIUS, RADIUS, null))).toBeUndefined();
    const beyond = thrown(() => requireDistanceReason(RADIUS + 0.5, RADIUS, null));
    expect(beyond?.key).toBe("distanceReasonRequired");
    expect(beyond?.field).toBe("distanceReason");
    expect(beyond?.params).toEqual({ distance: RADIUS + 1, radius: RADIUS });
    expect(
      thrown(() => requireDistanceReason(RADIUS + 0.5, RADIUS, "Pond flooded, taken at the gate")),
    ).toBeUndefined();
    expect(thrown(() => requireDistanceReason(null, RADIUS, null))).toBeUndefined();
  });
});

describe("clock rule (unit)", () => {
  const now = new Date("2026-11-28T06:00:00Z");
  const created = new Date("2026-11-27T06:00:00Z");
  it("moves the collection time back by the phone's skew and records it", () => {
    const hourAhead = 3_600_000;
    const times = correctedTimes(
      {
        collectedAt: new Date(now.getTime() + hourAhead - 10 * 60_000),
        sentAt: new Date(now.getTime() + hourAhead),
      },
      now,
      created,
    );
    expect(times.skewMs).toBe(hourAhead);
    expect(times.collectedAt.toISOString()).toBe("2026-11-28T05:50:00.000Z");
  });
  it("refuses a skew beyond the limit, a time in the future and one before the submission", () => {
    const skewed = new Date(now.getTime() + CLOCK_SKEW_REFUSE_MS + 1000);
    expect(thrown(() => correctedTimes({ collectedAt: skewed, sentAt: skewed }, now, created))?.key).toBe(
      "clockSkewTooLarge",
    );
    const later = new Date(now.getTime() + 2 * 60_000);
    expect(thrown(() => correctedTimes({ collectedAt: later, sentAt: now }, now, created))?.key).toBe(
      "collectedAtInFuture",
    );
    const before = new Date(created.getTime() - 2 * 60_000);
    expect(thrown(() => correctedTimes({ collectedAt: before, sentAt: now }, now, created))?.key).toBe(
      "collectedAtTooEarly",
    );
  });
});

describe("photo re-encoding (unit)", () => {
  it("tells images by their first bytes", async () => {
    expect(imageFormatOf(await phoneJpeg())).toBe("jpeg");
    expect(imageFormatOf(Buffer.from("%PDF-1.7\n"))).toBeUndefined();
    expect(imageFormatOf(Buffer.from("hello"))).toBeUndefined();
  });
  it("steps the quality down until the JPEG fits", async () => {
    // Noise compresses badly: its size at the first quality is well above what lower ones give.
    const pixels = Buffer.from(
      Array.from({ length: 400 * 300 * 3 }, (_, i) => (i * 7919 + (i >> 3) * 104729) % 256),
    );
    const noise = await sharp(pixels, { raw: { width: 400, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    const first = await reencodePhoto(noise, Number.MAX_SAFE_INTEGER);
    if (!first) throw new Error("no encoding");
    const smaller = await reencodePhoto(noise, first.content.length - 1);
    expect(smaller).toBeDefined();
    expect(smaller?.content.length).toBeLessThan(first.content.length);
    expect(smaller?.width).toBe(400);
    // Nothing fits in 100 bytes: no photo rather than a broken one.
    expect(await reencodePhoto(noise, 100)).toBeUndefined();
  });
});

describe("POST /api/field/collections", () => {
  it("records the collection: 201, the sample COLLECTED, a custody event from farmer to agent, the customer told", async () => {
    const sample = await job();
    const res = await send(collectionBody(t, sample.id)).expect(201);
    const collection = collectionSchema.parse(res.body);
    expect(collection.agent).toEqual({ id: agent.agentId, name: "Suresh Reddy" });
    expect(collection.distanceFrom).toBe("pond");
    expect(collection.distanceM).toBeCloseTo(40, 3);
    expect(collection.radiusM).toBe(RADIUS);
    expect(collection.seals).toEqual(["S-1001", "S-1002"]);
    expect(collection.quantity).toBe(30);
    expect(collection.sampleTempC).toBe(4.2);
    expect(await written(sample.id)).toEqual({
      collections: 1,
      photos: 0,
      custody: 1,
      moves: 1,
      status: "COLLECTED",
    });
    const [event] = await t.database.db
      .select()
      .from(custodyEvents)
      .where(eq(custodyEvents.sampleId, sample.id));
    expect(event).toMatchObject({
      kind: "collected",
      relinquishedBy: "Ravi Kumar (farmer)",
      receivedBy: "Suresh Reddy (agent)",
      sealIntact: true,
      temperatureC: "4.2",
      actor: `agent:${agent.agentId}`,
    });
    const [move] = await t.database.db
      .select()
      .from(sampleEvents)
      .where(and(eq(sampleEvents.sampleId, sample.id), eq(sampleEvents.toStatus, "COLLECTED")));
    expect(move?.actor).toBe(`agent:${agent.agentId}`);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.sampleId, sample.id));
    expect(told.map((row) => row.data["notice"])).toContain("sampleCollected");
  });

  it("writes a collection sent twice with the same key once: the retry (with a new sentAt) answers the stored one with 200", async () => {
    const sample = await job();
    const key = randomUUID();
    const body = collectionBody(t, sample.id);
    const first = await send(body, { key }).expect(201);
    const retry = await send(
      { ...body, sentAt: new Date(t.clock.now().getTime() + 5000).toISOString() },
      { key },
    );
    expect(retry.status).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect((retry.body as Collection).id).toBe((first.body as Collection).id);
    expect(await written(sample.id)).toEqual({
      collections: 1,
      photos: 0,
      custody: 1,
      moves: 1,
      status: "COLLECTED",
    });
  });

  it("writes one collection when the same send arrives twice at once", async () => {
    const sample = await job();
    const key = randomUUID();
    const photos = [{ kind: "seal", data: (await phoneJpeg()).toString("base64") }];
    const body = collectionBody(t, sample.id, { photos });
    const answers = await Promise.all([send(body, { key }), send(body, { key })]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 201]);
    expect(await written(sample.id)).toEqual({
      collections: 1,
      photos: 1,
      custody: 1,
      moves: 1,
      status: "COLLECTED",
    });
  });

  it("refuses another body under a used key (422 collectionKeyReused) and a second collection under a new key (409)", async () => {
    const sample = await job();
    const key = randomUUID();
    await send(collectionBody(t, sample.id), { key }).expect(201);
    const reused = await send(collectionBody(t, sample.id, { seals: ["OTHER"] }), { key });
    expectRefusal(reused, 422, "collectionKeyReused");
    const again = await send(collectionBody(t, sample.id));
    expectRefusal(again, 409, "sampleAlreadyCollected");
    expect((await written(sample.id)).collections).toBe(1);
  });

  it("needs a reason beyond the lab's radius, at its boundary: radius + 0.5 m refused, radius − 0.5 m taken", async () => {
    const beyond = await job();
    const far = { ...northOf(POND, RADIUS + 0.5), accuracyM: 5 };
    const refused = await send(collectionBody(t, beyond.id, { position: far }));
    expectRefusal(refused, 422, "distanceReasonRequired", "distanceReason");
    expect((refused.body as { params?: unknown }).params).toEqual({ distance: RADIUS + 1, radius: RADIUS });
    expect(await written(beyond.id)).toEqual(nothingWritten);
    const withReason = await send(
      collectionBody(t, beyond.id, { position: far, distanceReason: "The pond road was flooded" }),
    ).expect(201);
    expect((withReason.body as Collection).distanceReason).toBe("The pond road was flooded");

    const inside = await job();
    const near = { ...northOf(POND, RADIUS - 0.5), accuracyM: 5 };
    const taken = await send(collectionBody(t, inside.id, { position: near })).expect(201);
    expect((taken.body as Collection).distanceM).toBeCloseTo(RADIUS - 0.5, 3);
  });

  it("measures from the farm when the pond has no point, and not at all when neither has one", async () => {
    const farm = northOf(POND, 1000);
    const fromFarm = await job({ pond: null, farm });
    const res = await send(
      collectionBody(t, fromFarm.id, { position: { ...northOf(farm, 10), accuracyM: 5 } }),
    );
    expect(res.status).toBe(201);
    expect((res.body as Collection).distanceFrom).toBe("farm");
    expect((res.body as Collection).distanceM).toBeCloseTo(10, 3);

    const nowhere = await job({ pond: null, farm: null });
    const unmeasured = await send(collectionBody(t, nowhere.id)).expect(201);
    expect((unmeasured.body as Collection).distanceM).toBeNull();
    expect((unmeasured.body as Collection).distanceFrom).toBeNull();
  });

  it("follows the lab's radius setting", async () => {
    await t.database.db
      .insert(labSettings)
      .values({ id: 1, collectionRadiusM: 30 })
      .onConflictDoUpdate({ target: labSettings.id, set: { collectionRadiusM: 30 } });
    try {
      const sample = await job();
      const res = await send(collectionBody(t, sample.id));
      expectRefusal(res, 422, "distanceReasonRequired", "distanceReason");
      expect((res.body as { params?: unknown }).params).toEqual({ distance: 41, radius: 30 });
    } finally {
      await t.database.db.update(labSettings).set({ collectionRadiusM: RADIUS }).where(eq(labSettings.id, 1));
    }
  });

  it("corrects the time by the phone's clock skew and records the skew; refuses a skew over 7 days", async () => {
    const sample = await job();
    const now = t.clock.now().getTime();
    const ahead = 2 * 3_600_000;
    const res = await send(
      collectionBody(t, sample.id, {
        collectedAt: new Date(now + ahead - 30_000).toISOString(),
        sentAt: new Date(now + ahead).toISOString(),
      }),
    ).expect(201);
    const collection = res.body as Collection;
    expect(collection.clockSkewMs).toBe(ahead);
    expect(collection.collectedAt).toBe(new Date(now - 30_000).toISOString());
    const [event] = await t.database.db
      .select()
      .from(custodyEvents)
      .where(eq(custodyEvents.sampleId, sample.id));
    expect(event?.at.toISOString()).toBe(new Date(now - 30_000).toISOString());

    const skewed = await job();
    const farOff = new Date(now + CLOCK_SKEW_REFUSE_MS + 60_000).toISOString();
    const refused = await send(collectionBody(t, skewed.id, { collectedAt: farOff, sentAt: farOff }));
    expectRefusal(refused, 422, "clockSkewTooLarge", "sentAt");
    expect(await written(skewed.id)).toEqual(nothingWritten);
  });

  it("refuses a collection time in the future or before the sample was submitted", async () => {
    const sample = await job();
    const now = t.clock.now().getTime();
    const future = await send(
      collectionBody(t, sample.id, { collectedAt: new Date(now + 5 * 60_000).toISOString() }),
    );
    expectRefusal(future, 422, "collectedAtInFuture", "collectedAt");
    const early = await send(
      collectionBody(t, sample.id, { collectedAt: new Date(now - 3_600_000).toISOString() }),
    );
    expectRefusal(early, 422, "collectedAtTooEarly", "collectedAt");
    expect(await written(sample.id)).toEqual(nothingWritten);
  });

  it("refuses a photo over 200 KB (422 photoTooLarge at its index) before writing anything", async () => {
    const sample = await job();
    const small = (await phoneJpeg()).toString("base64");
    const big = Buffer.alloc(201 * 1024, 7).toString("base64");
    const res = await send(
      collectionBody(t, sample.id, {
        photos: [
          { kind: "seal", data: small },
          { kind: "pond", data: big },
        ],
      }),
    );
    expectRefusal(res, 422, "photoTooLarge", "photos.1.data");
    // One byte over the limit once decoded, whatever the base64 length allows.
    const justOver = Buffer.concat([await phoneJpeg(), Buffer.alloc(PHOTO_MAX_BYTES, 0)]).subarray(
      0,
      PHOTO_MAX_BYTES + 1,
    );
    const over = await send(
      collectionBody(t, sample.id, { photos: [{ kind: "seal", data: justOver.toString("base64") }] }),
    );
    expectRefusal(over, 422, "photoTooLarge", "photos.0.data");
    expect(await written(sample.id)).toEqual(nothingWritten);
  });

  it("refuses a 'photo' that is a PDF, text, or a truncated JPEG (422 photoInvalid at its index)", async () => {
    const sample = await job();
    const pdf = Buffer.from(
      "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    const text = Buffer.from("just some words, not an image at all");
    const truncated = (await phoneJpeg()).subarray(0, 200);
    const good = (await phoneJpeg()).toString("base64");
    for (const [index, bad] of [pdf, text, truncated].entries()) {
      const photos = [
        { kind: "seal", data: good },
        { kind: "other", data: bad.toString("base64") },
      ];
      const res = await send(collectionBody(t, sample.id, { photos }));
      expectRefusal(res, 422, "photoInvalid", "photos.1.data");
      expect(index).toBeGreaterThanOrEqual(0);
    }
    expect(await written(sample.id)).toEqual(nothingWritten);
  });

  it("re-encodes a phone's JPEG: upright, no EXIF left in the stored bytes, its GPS kept in columns, its SHA-256 of the stored bytes", async () => {
    const sample = await job();
    const taken = { lat: 16.5449, lng: 81.5212 };
    const photo = await phoneJpeg({ width: 320, height: 240, gps: taken, orientation: 6 });
    expect(await exifr.gps(photo)).toMatchObject({ latitude: expect.closeTo(taken.lat, 3) as number });
    const res = await send(
      collectionBody(t, sample.id, { photos: [{ kind: "seal", data: photo.toString("base64") }] }),
    ).expect(201);
    const [described] = (res.body as Collection).photos;
    // Orientation 6 (rotate 90°): the stored image is upright, so taller than wide.
    expect(described).toMatchObject({ kind: "seal", width: 240, height: 320 });
    const [stored] = await t.database.db
      .select()
      .from(collectionPhotos)
      .where(eq(collectionPhotos.id, described?.id ?? 0));
    if (!stored) throw new Error("photo not stored");
    expect(stored.exifLat).toBeCloseTo(taken.lat, 3);
    expect(stored.exifLng).toBeCloseTo(taken.lng, 3);
    expect(await exifr.parse(stored.content)).toBeUndefined();
    expect(await exifr.gps(stored.content)).toBeUndefined();
    expect(stored.sha256).toBe(createHash("sha256").update(stored.content).digest("hex"));
    expect(described?.sha256).toBe(stored.sha256);
    expect(described?.bytes).toBe(stored.content.length);
    expect((await sharp(stored.content).metadata()).format).toBe("jpeg");
    expect((await written(sample.id)).photos).toBe(1);
  });

  it("links scanned pre-printed labels to containers in order; an unknown label 422, one on another sample 409", async () => {
    const { db } = t.database;
    const codes = ["A1B2C3D4E5F6", "A1B2C3D4E5F7"];
    await db.insert(sampleLabels).values(codes.map((code) => ({ code })));
    const other = await job();
    await db.insert(sampleLabels).values({ code: "Z9Y8X7W6V5T4", sampleId: other.id, container: 1 });

    const sample = await job();
    const unknown = await send(collectionBody(t, sample.id, { labels: ["A1B2C3D4E5F6", "0000000000AA"] }));
    expectRefusal(unknown, 422, "labelUnknown", "labels.1");
    const inUse = await send(collectionBody(t, sample.id, { labels: ["Z9Y8X7W6V5T4"] }));
    expectRefusal(inUse, 409, "labelInUse", "labels.0");
    expect(await written(sample.id)).toEqual(nothingWritten);

    const res = await send(collectionBody(t, sample.id, { labels: codes })).expect(201);
    expect((res.body as Collection).labels).toEqual(codes);
    const linked = await db.select().from(sampleLabels).where(eq(sampleLabels.sampleId, sample.id));
    expect(linked.map((label) => [label.code, label.container]).sort()).toEqual([
      [codes[0], 1],
      [codes[1], 2],
    ]);
  });

  it("answers 404 jobNotFound for another agent's job or an unknown sample, writing nothing", async () => {
    const theirs = await collectingJob(t, customer, otherAgent.agentId);
    expectRefusal(await send(collectionBody(t, theirs.id)), 404, "jobNotFound");
    expect(await written(theirs.id)).toEqual(nothingWritten);
    expectRefusal(await send(collectionBody(t, 2_000_000_000)), 404, "jobNotFound");
  });

  it("needs an agent's token and an Idempotency-Key", async () => {
    const sample = await job();
    await request(t.app).post("/api/field/collections").send(collectionBody(t, sample.id)).expect(401);
    await send(collectionBody(t, sample.id), { who: customer }).expect(403);
    expectRefusal(await send(collectionBody(t, sample.id), { key: null }), 400, "collectionKeyRequired");
    expect(await written(sample.id)).toEqual(nothingWritten);
  });

  it("answers hostile input with a 4xx and writes nothing", async () => {
    const sample = await job();
    const base = collectionBody(t, sample.id);
    const hostile: { body: unknown; raw?: string }[] = [
      { body: { ...base, farmerName: "Ravi\u0000Kumar" } },
      { body: { ...base, seals: ["S\u0000"] } },
      { body: null, raw: JSON.stringify(base).replace('"quantity":30', '"quantity":1e309') },
      { body: null, raw: JSON.stringify(base).replace('"lat":', '"lat":1e309,"x":') },
      { body: { ...base, seals: Array.from({ length: 5000 }, (_, i) => `S${i}`) } },
      { body: { ...base, labels: Array.from({ length: 5000 }, () => "A1B2C3D4E5F6") } },
      { body: { ...base, photos: Array.from({ length: 50 }, () => ({ kind: "seal", data: "AAAA" })) } },
      { body: { ...base, containers: 2.5 } },
      { body: { ...base, position: "here" } },
      { body: { ...base, collectedAt: "yesterday" } },
      { body: { ...base, sampleId: "1 OR 1=1" } },
      { body: { ...base, quantityUnit: "kg" } },
      { body: { ...base, photos: [{ kind: "seal", data: "not base64!" }] } },
      { body: [base] },
      { body: null, raw: "{not json" },
    ];
    for (const { body, raw } of hostile) {
      const call = request(t.app)
        .post("/api/field/collections")
        .auth(agent.token, { type: "bearer" })
        .set("Idempotency-Key", randomUUID())
        .set("Content-Type", "application/json");
      const res = await call.send(raw ?? JSON.stringify(body));
      expect(res.status, raw ?? JSON.stringify(body).slice(0, 120)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    // Past the route's own limit: refused while reading (413), not buffered whole.
    const huge = await request(t.app)
      .post("/api/field/collections")
      .auth(agent.token, { type: "bearer" })
      .set("Idempotency-Key", randomUUID())
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ ...base, note: "x".repeat(1400 * 1024) }));
    expect(huge.status).toBe(413);
    expect(await written(sample.id)).toEqual(nothingWritten);
  });

  it("raises the body limit for this route only: another route still refuses a 200 KB body (413)", async () => {
    const res = await request(t.app)
      .post("/api/sample-submissions")
      .auth(customer.token, { type: "bearer" })
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ samplerName: "x".repeat(200 * 1024) }));
    expect(res.status).toBe(413);
  });

  it("takes four photos of nearly 200 KB each in one body (the route's own limit)", async () => {
    const sample = await job();
    // Incompressible bytes after a real JPEG: libvips reads the image and ignores the trailing data.
    const jpeg = await phoneJpeg();
    const padded = Buffer.concat([
      jpeg,
      Buffer.from(Array.from({ length: PHOTO_MAX_BYTES - jpeg.length - 16 }, (_, i) => (i * 7919) % 256)),
    ]);
    const photos = Array.from({ length: 4 }, () => ({ kind: "pond", data: padded.toString("base64") }));
    const res = await send(collectionBody(t, sample.id, { photos }));
    expect(res.status).toBe(201);
    expect((res.body as Collection).photos).toHaveLength(4);
  });
});
