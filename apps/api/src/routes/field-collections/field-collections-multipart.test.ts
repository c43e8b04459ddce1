import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import {
  COLLECTION_FORM_FIELD,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  type PhotoType,
  collectionSchema,
  messageCodeOfKey,
  type Collection,
  type MessageKey,
} from "@lab/contracts";
import { collectionPhotos, sampleCollections } from "@lab/db";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { collectingJob, collectionBody, phoneJpeg } from "../../test/collections";
import { createSignedInAgent, type SignedInAgent } from "../../test/field-agent";
import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { COLLECTION_FIELDS_MAX_BYTES, COLLECTION_FORM_LIMIT } from "./multipart";

// The field app sends its collections as multipart/form-data: the fields as JSON in one part, the
// photos as binary file parts named by their kind. The same rules, messages and replay as JSON.

let t: TestApp;
let customer: { id: number; token: string };
let agent: SignedInAgent;

beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Ravi Kumar");
  agent = await createSignedInAgent(t, { name: "Suresh Reddy" });
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = "----field-form-7d1f0c";
const CRLF = "\r\n";

interface Part {
  name: string;
  /** A file part when given (a browser's FormData gives Blobs the name "blob"). */
  filename?: string;
  type?: string;
  body: string | Buffer;
}

const partHead = (part: Part) =>
  `--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="${part.name}"` +
  (part.filename === undefined ? "" : `; filename="${part.filename}"`) +
  CRLF +
  (part.type === undefined ? "" : `Content-Type: ${part.type}${CRLF}`) +
  CRLF;

/** A multipart/form-data body, byte for byte. */
function form(parts: Part[]): Buffer {
  return Buffer.concat([
    ...parts.flatMap((part) => [Buffer.from(partHead(part)), Buffer.from(part.body), Buffer.from(CRLF)]),
    Buffer.from(`--${BOUNDARY}--${CRLF}`),
  ]);
}

const fieldsPart = (fields: unknown): Part => ({
  name: COLLECTION_FORM_FIELD,
  type: "application/json",
  body: JSON.stringify(fields),
});
const photoPart = (kind: string, bytes: Buffer, type = "image/jpeg"): Part => ({
  name: kind,
  filename: "blob",
  type,
  body: bytes,
});

const sendForm = (body: Buffer, options: { key?: string | null; contentType?: string } = {}) => {
  const call = request(t.app)
    .post("/api/field/collections")
    .auth(agent.token, { type: "bearer" })
    .set("Content-Type", options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`);
  if (options.key !== null) call.set("Idempotency-Key", options.key ?? randomUUID());
  return call.send(body);
};

const sendJson = (body: unknown, key = randomUUID()) =>
  request(t.app)
    .post("/api/field/collections")
    .auth(agent.token, { type: "bearer" })
    .set("Idempotency-Key", key)
    .send(body as object);

const job = () => collectingJob(t, customer, agent.agentId);

/** The collection's fields as a form sends them: the JSON body without its photos. */
function fieldsOf(sampleId: number, overrides: Record<string, unknown> = {}) {
  const { photos: _photos, ...fields } = collectionBody(t, sampleId, overrides) as Record<string, unknown>;
  return fields;
}

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
  return { collections: collections?.n ?? -1, photos: photos?.n ?? -1 };
}

function expectRefusal(res: request.Response, status: number, key: MessageKey, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect((res.body as { messageCode?: string }).messageCode).toBe(messageCodeOfKey(key));
  if (field !== undefined) expect((res.body as { field?: string }).field).toBe(field);
}

/** A WebP as the phone's compressor makes it. */
const phoneWebp = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 120, b: 60 } } })
    .webp({ quality: 60 })
    .toBuffer();

/** A real JPEG padded with incompressible bytes to exactly `size` (libvips ignores the trailing data). */
async function jpegOfSize(size: number): Promise<Buffer> {
  const jpeg = await phoneJpeg();
  const padding = Buffer.from(Array.from({ length: size - jpeg.length }, (_, i) => (i * 7919) % 256));
  return Buffer.concat([jpeg, padding]);
}

/** The app listening on a port, for requests whose body is written by hand over time. */
async function listening(): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = t.app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function jsonOf(res: IncomingMessage): Promise<{ messageCode?: string; field?: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as { messageCode?: string; field?: string };
}

describe("POST /api/field/collections as multipart/form-data", () => {
  it("records a collection with a WebP and a JPEG photo once: 201, both stored as JPEGs the server made", async () => {
    const sample = await job();
    const webp = await phoneWebp();
    const res = await sendForm(
      form([
        fieldsPart(fieldsOf(sample.id)),
        photoPart("seal", webp, "image/webp"),
        photoPart("pond", await phoneJpeg()),
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const collection = collectionSchema.parse(res.body);
    expect(collection.seals).toEqual(["S-1001", "S-1002"]);
    expect(collection.photos.map((photo) => [photo.kind, photo.width, photo.height])).toEqual([
      ["seal", 640, 480],
      ["pond", 320, 240],
    ]);
    const stored = await t.database.db
      .select({ content: collectionPhotos.content })
      .from(collectionPhotos)
      .where(eq(collectionPhotos.id, collection.photos[0]?.id ?? 0));
    expect((await sharp(stored[0]?.content).metadata()).format).toBe("jpeg");
    expect(await written(sample.id)).toEqual({ collections: 1, photos: 2 });
  });

  it("replays: the same form again (a new sentAt) is 200; JSON and form spellings of one collection are one request under a key", async () => {
    const photo = await phoneWebp();
    // Form, then the same form again.
    const first = await job();
    const key = randomUUID();
    const body = (sampleId: number, sentAt?: string) =>
      form([
        fieldsPart(fieldsOf(sampleId, sentAt === undefined ? {} : { sentAt })),
        photoPart("seal", photo, "image/webp"),
      ]);
    const created = await sendForm(body(first.id), { key }).expect(201);
    const again = await sendForm(body(first.id, new Date(t.clock.now().getTime() + 4000).toISOString()), {
      key,
    });
    expect(again.status).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((again.body as Collection).id).toBe((created.body as Collection).id);
    expect(await written(first.id)).toEqual({ collections: 1, photos: 1 });

    // JSON (an older app's queue), then its retry as a form: the same collection.
    const second = await job();
    const jsonKey = randomUUID();
    await sendJson(
      collectionBody(t, second.id, { photos: [{ kind: "seal", data: photo.toString("base64") }] }),
      jsonKey,
    ).expect(201);
    const asForm = await sendForm(body(second.id), { key: jsonKey });
    expect(asForm.status).toBe(200);
    expect(asForm.headers["idempotent-replayed"]).toBe("true");
    expect(await written(second.id)).toEqual({ collections: 1, photos: 1 });

    // A form, then JSON under its key with another photo: another request, refused.
    const third = await job();
    const formKey = randomUUID();
    await sendForm(body(third.id), { key: formKey }).expect(201);
    const other = await sendJson(
      collectionBody(t, third.id, {
        photos: [{ kind: "seal", data: (await phoneJpeg()).toString("base64") }],
      }),
      formKey,
    );
    expectRefusal(other, 422, "collectionKeyReused");
    expect(await written(third.id)).toEqual({ collections: 1, photos: 1 });
  });

  it("says what the JSON body says for the same bad collection (one schema, one set of messages)", async () => {
    const sample = await job();
    const cases: Record<string, unknown>[] = [
      { seals: [] },
      { containers: 2.5 },
      { collectedAt: "yesterday" },
      { position: { lat: 91, lng: 81.5, accuracyM: 5 } },
      { farmerName: "Ravi\u0000Kumar" },
    ];
    for (const overrides of cases) {
      const asJson = await sendJson(collectionBody(t, sample.id, overrides));
      const asForm = await sendForm(form([fieldsPart(fieldsOf(sample.id, overrides))]));
      expect(asJson.status).toBeGreaterThanOrEqual(400);
      expect(asJson.status).toBeLessThan(500);
      expect([asForm.status, asForm.body]).toEqual([asJson.status, asJson.body]);
    }
    // A photo's kind is its part's name: an unknown one is refused as the JSON body's would be.
    const badKind = await sendForm(
      form([fieldsPart(fieldsOf(sample.id)), photoPart("selfie", await phoneJpeg())]),
    );
    const badKindJson = await sendJson(
      collectionBody(t, sample.id, {
        photos: [{ kind: "selfie", data: (await phoneJpeg()).toString("base64") }],
      }),
    );
    expect([badKind.status, badKind.body]).toEqual([badKindJson.status, badKindJson.body]);
    expect(await written(sample.id)).toEqual({ collections: 0, photos: 0 });
  });

  it("takes four photos of exactly 200 KB each (the limit is inclusive, the form's own limit holds them)", async () => {
    const sample = await job();
    const photo = await jpegOfSize(PHOTO_MAX_BYTES);
    const body = form([
      fieldsPart(fieldsOf(sample.id)),
      ...Array.from({ length: 4 }, () => photoPart("pond", photo)),
    ]);
    expect(body.length).toBeLessThan(COLLECTION_FORM_LIMIT);
    const res = await sendForm(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((res.body as Collection).photos).toHaveLength(4);
  });

  it("refuses a 201 KB photo (422 photoTooLarge at its index) while the client is still sending, and writes nothing", async () => {
    const sample = await job();
    const server = await listening();
    try {
      const head = Buffer.concat([
        form([fieldsPart(fieldsOf(sample.id)), photoPart("seal", await phoneJpeg())]).subarray(
          0,
          -Buffer.byteLength(`--${BOUNDARY}--${CRLF}`),
        ),
        Buffer.from(partHead(photoPart("pond", Buffer.alloc(0)))),
      ]);
      const tail = Buffer.from(`${CRLF}--${BOUNDARY}--${CRLF}`);
      const photo = await jpegOfSize(201 * 1024);
      const call = httpRequest({
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: "/api/field/collections",
        headers: {
          Authorization: `Bearer ${agent.token}`,
          "Idempotency-Key": randomUUID(),
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
          "Content-Length": String(head.length + photo.length + tail.length),
        },
      });
      call.on("error", () => undefined);
      const answered = once(call, "response") as Promise<[IncomingMessage]>;
      // The photo's bytes, but not the end of the form: the server answers without waiting for it.
      call.write(head);
      call.write(photo);
      const [res] = await answered;
      expect(res.statusCode).toBe(422);
      const body = await jsonOf(res);
      expect(body.messageCode).toBe(messageCodeOfKey("photoTooLarge"));
      expect(body.field).toBe("photos.1.data");
      call.destroy();
    } finally {
      await server.close();
    }
    expect(await written(sample.id)).toEqual({ collections: 0, photos: 0 });
  });

  it("refuses a body declared larger than the form's limit at once (413), before reading it", async () => {
    const sample = await job();
    const server = await listening();
    try {
      const call = httpRequest({
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: "/api/field/collections",
        headers: {
          Authorization: `Bearer ${agent.token}`,
          "Idempotency-Key": randomUUID(),
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
          "Content-Length": String(50 * 1024 * 1024),
        },
      });
      call.on("error", () => undefined);
      const answered = once(call, "response") as Promise<[IncomingMessage]>;
      call.write(form([fieldsPart(fieldsOf(sample.id))]).subarray(0, 100));
      const [res] = await answered;
      expect(res.statusCode).toBe(413);
      expect(res.headers.connection).toBe("close");
      expect((await jsonOf(res)).messageCode).toBe(messageCodeOfKey("bodyTooLarge"));
      call.destroy();
    } finally {
      await server.close();
    }
    expect(await written(sample.id)).toEqual({ collections: 0, photos: 0 });
  });

  it("refuses a fifth photo (400 photosTooMany) and a non-image (422 photoInvalid at its index)", async () => {
    const sample = await job();
    const jpeg = await phoneJpeg();
    const five = await sendForm(
      form([fieldsPart(fieldsOf(sample.id)), ...Array.from({ length: 5 }, () => photoPart("pond", jpeg))]),
    );
    expectRefusal(five, 400, "photosTooMany", "photos");
    const pdf = Buffer.from(
      "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    );
    for (const bad of [pdf, Buffer.from("just words"), jpeg.subarray(0, 200)]) {
      const res = await sendForm(
        form([
          fieldsPart(fieldsOf(sample.id)),
          photoPart("seal", jpeg),
          photoPart("other", bad, "image/jpeg"),
        ]),
      );
      expectRefusal(res, 422, "photoInvalid", "photos.1.data");
    }
    expect(await written(sample.id)).toEqual({ collections: 0, photos: 0 });
  });

  it("takes exactly the server's allow-list, PHOTO_TYPES (JPEG, PNG, WebP), whatever a part declares: GIF, TIFF and HEIF are refused though sharp reads them", async () => {
    const scene = () =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 180, b: 40 } } });
    const accepted: Record<PhotoType, Buffer> = {
      "image/jpeg": await scene().jpeg().toBuffer(),
      "image/png": await scene().png().toBuffer(),
      "image/webp": await scene().webp().toBuffer(),
    };
    expect(Object.keys(accepted).sort()).toEqual([...PHOTO_TYPES].sort());
    const sample = await job();
    const taken = await sendForm(
      form([
        fieldsPart(fieldsOf(sample.id)),
        ...PHOTO_TYPES.map((type) => photoPart("other", accepted[type], "application/octet-stream")),
      ]),
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    const others = [
      await scene().gif().toBuffer(),
      await scene().tiff().toBuffer(),
      await scene()
        .heif({ compression: "hevc" })
        .toBuffer()
        .catch(() => scene().heif({ compression: "av1" }).toBuffer()),
    ];
    const refusedSample = await job();
    for (const bytes of others) {
      const res = await sendForm(
        form([fieldsPart(fieldsOf(refusedSample.id)), photoPart("seal", bytes, "image/jpeg")]),
      );
      expectRefusal(res, 422, "photoInvalid", "photos.0.data");
    }
    expect(await written(refusedSample.id)).toEqual({ collections: 0, photos: 0 });
  });

  it("answers a malformed or foreign form with a 4xx, never a 500, and writes nothing", async () => {
    const sample = await job();
    const fields = fieldsOf(sample.id);
    const jpeg = await phoneJpeg();
    const whole = form([fieldsPart(fields), photoPart("seal", jpeg)]);
    const cases: { name: string; body: Buffer; contentType?: string; status: number; key?: MessageKey }[] = [
      {
        name: "no boundary",
        body: whole,
        contentType: "multipart/form-data",
        status: 400,
        key: "collectionInvalid",
      },
      {
        name: "another boundary than the body's",
        body: whole,
        contentType: "multipart/form-data; boundary=elsewhere",
        status: 400,
        key: "collectionInvalid",
      },
      { name: "cut off mid-photo", body: whole.subarray(0, whole.length - 300), status: 400 },
      { name: "cut off before the end boundary", body: whole.subarray(0, whole.length - 10), status: 400 },
      {
        name: "a part header that never ends",
        body: Buffer.from(
          `--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="collection"${"x".repeat(20000)}`,
        ),
        status: 400,
      },
      {
        name: "no collection part",
        body: form([photoPart("seal", jpeg)]),
        status: 400,
        key: "collectionInvalid",
      },
      {
        name: "the collection's JSON broken",
        body: form([{ name: COLLECTION_FORM_FIELD, body: '{"sampleId":' }, photoPart("seal", jpeg)]),
        status: 400,
        key: "malformedJson",
      },
      {
        name: "the collection twice",
        body: form([fieldsPart(fields), fieldsPart(fields)]),
        status: 400,
        key: "collectionInvalid",
      },
      {
        name: "an unknown text part",
        body: form([fieldsPart(fields), { name: "extra", body: "1" }]),
        status: 400,
        key: "collectionInvalid",
      },
      {
        name: "the collection as a file",
        body: form([{ ...fieldsPart(fields), filename: "c.json" }]),
        status: 400,
        key: "collectionInvalid",
      },
      {
        name: "base64 photos beside the file parts",
        body: form([fieldsPart({ ...fields, photos: [{ kind: "seal", data: "AAAA" }] })]),
        status: 400,
        key: "collectionInvalid",
      },
      { name: "the collection's JSON an array", body: form([fieldsPart([fields])]), status: 400 },
      {
        name: "the collection part over its limit",
        body: form([fieldsPart({ ...fields, note: "x".repeat(COLLECTION_FIELDS_MAX_BYTES) })]),
        status: 413,
        key: "bodyTooLarge",
      },
      { name: "an empty body", body: Buffer.alloc(0), status: 400 },
      { name: "garbage", body: Buffer.from("\u0000\u00ff".repeat(500), "latin1"), status: 400 },
    ];
    for (const bad of cases) {
      const res = await sendForm(bad.body, { contentType: bad.contentType });
      expect(res.status, bad.name).toBe(bad.status);
      if (bad.key)
        expect((res.body as { messageCode?: string }).messageCode, bad.name).toBe(messageCodeOfKey(bad.key));
    }
    const gzipped = await request(t.app)
      .post("/api/field/collections")
      .auth(agent.token, { type: "bearer" })
      .set("Idempotency-Key", randomUUID())
      .set("Content-Type", `multipart/form-data; boundary=${BOUNDARY}`)
      .set("Content-Encoding", "gzip")
      .send(whole);
    expect(gzipped.status).toBe(415);
    expect(await written(sample.id)).toEqual({ collections: 0, photos: 0 });
    // Nothing above broke the app: the same form, sound, is taken.
    await sendForm(whole).expect(201);
  });

  it("needs the Idempotency-Key before the form is read (400 collectionKeyRequired), and an agent's token", async () => {
    const sample = await job();
    const body = form([fieldsPart(fieldsOf(sample.id)), photoPart("seal", await phoneJpeg())]);
    expectRefusal(await sendForm(body, { key: null }), 400, "collectionKeyRequired");
    await request(t.app)
      .post("/api/field/collections")
      .set("Content-Type", `multipart/form-data; boundary=${BOUNDARY}`)
      .set("Idempotency-Key", randomUUID())
      .send(body)
      .expect(401);
    expect(await written(sample.id)).toEqual({ collections: 0, photos: 0 });
  });
});
