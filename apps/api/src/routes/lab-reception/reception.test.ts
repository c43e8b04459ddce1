import { LABEL_CODE_PATTERN, messages, type ReceptionLookup, type Sample } from "@lab/contracts";
import {
  custodyEvents,
  customers,
  notifications,
  outboxMail,
  sampleCollections,
  sampleEvents,
  sampleLabels,
  sampleReceptions,
  samples,
} from "@lab/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import jsQR from "jsqr";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../../domain/context";
import type { DomainEvent } from "../../domain/domain-events";
import { receiveSample } from "../../domain/field/reception";
import { pushEventOf } from "../../realtime/change-events";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";
import { hasPdftoppm, pdfPages, renderPages, rgba } from "../../test/pdf-text";
import { submitSample, until } from "../../test/samples";

let t: TestApp;
type Who = { id: number; token: string; email: string };
let customer: Who;
let staff: Who;
let agentId: number;

beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Ravi Kumar");
  staff = await signedInStaff(t, { name: "Anita Das" });
  const agent = await lab("post", "/agents").send({ name: "Suresh Reddy", phone: "9000000031" }).expect(201);
  agentId = (agent.body as { id: number }).id;
});
afterAll(async () => {
  await t.close();
});

function lab(method: "get" | "post", path: string) {
  return request(t.app)[method](`/api/lab${path}`).auth(staff.token, { type: "bearer" });
}
const binary = (res: request.Test) =>
  res.buffer(true).parse((stream, done) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => done(null, Buffer.concat(chunks)));
  });

/** A sample the agent has collected: assigned, moved to COLLECTED and its collection recorded. */
async function collectedSample(options: { seals?: string[]; containers?: number; record?: boolean } = {}) {
  const sample: Sample = await submitSample(t.app, customer);
  await lab("post", `/samples/${sample.id}/assign`).send({ agentId }).expect(200);
  await lab("post", `/samples/${sample.id}/status`).send({ status: "COLLECTED" }).expect(200);
  if (options.record !== false) {
    const now = new Date();
    await t.database.db.insert(sampleCollections).values({
      sampleId: sample.id,
      agentId,
      idempotencyKey: `key-${sample.id}`,
      requestHash: "0".repeat(64),
      collectedAt: now,
      receivedAt: now,
      lat: 16.5,
      lng: 81.5,
      accuracyM: 8,
      distanceM: 40,
      distanceFrom: "pond",
      seals: options.seals ?? ["S-1001", "S-1002"],
      containers: options.containers ?? 3,
      quantity: "12",
      quantityUnit: "count",
      sampleTempC: "4.0",
      coldChain: "ice",
      farmerName: "Ravi",
    });
  }
  return sample;
}

const statusOf = async (id: number) =>
  (await t.database.db.select({ status: samples.status }).from(samples).where(eq(samples.id, id)))[0]?.status;
const receptionRows = (id: number) =>
  t.database.db.select().from(sampleReceptions).where(eq(sampleReceptions.sampleId, id));
const custodyRows = (id: number) =>
  t.database.db.select().from(custodyEvents).where(eq(custodyEvents.sampleId, id));

/** The page size of each page of a PDF, as its MediaBox says. */
const mediaBoxes = (pdf: Buffer) =>
  [...pdf.toString("latin1").matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((match) => ({
    width: Number(match[1]),
    height: Number(match[2]),
  }));

describe("container labels", () => {
  it("thermal labels: one 50 × 25 mm page per container of the collection, each QR code holding a code reception finds", async () => {
    const sample = await collectedSample({ containers: 3 });
    const res = await binary(lab("get", `/samples/${sample.id}/labels.pdf?format=thermal`)).expect(200);
    expect(res.headers["content-type"]).toContain("application/pdf");
    const pdf = res.body as Buffer;
    const boxes = mediaBoxes(pdf);
    expect(boxes).toHaveLength(3);
    for (const box of boxes) {
      expect(box.width).toBeCloseTo(141.7, 0);
      expect(box.height).toBeCloseTo(70.9, 0);
    }
    const stored = await t.database.db
      .select()
      .from(sampleLabels)
      .where(eq(sampleLabels.sampleId, sample.id))
      .orderBy(sampleLabels.container);
    expect(stored.map((label) => label.container)).toEqual([1, 2, 3]);
    for (const label of stored) expect(label.code).toMatch(LABEL_CODE_PATTERN);
    expect(new Set(stored.map((label) => label.code)).size).toBe(3);

    if (hasPdftoppm()) {
      const pages = renderPages(pdf, 300);
      expect(pages).toHaveLength(3);
      const decoded = pages.map((page) => jsQR(rgba(page), page.width, page.height)?.data);
      expect(decoded).toEqual(stored.map((label) => label.code));
      const found = await lab("get", `/reception/${decoded[1] ?? ""}`).expect(200);
      expect(found.body).toMatchObject({ sampleId: sample.id, container: 2, status: "COLLECTED" });
    }
  });

  it("printing again keeps the codes; containers=N prints N; A4 is one sheet; a bad format or count is 400", async () => {
    const sample = await collectedSample({ containers: 2 });
    await binary(lab("get", `/samples/${sample.id}/labels.pdf`)).expect(200);
    const first = await t.database.db.select().from(sampleLabels).where(eq(sampleLabels.sampleId, sample.id));
    const four = await binary(lab("get", `/samples/${sample.id}/labels.pdf?containers=4`)).expect(200);
    expect(mediaBoxes(four.body as Buffer)).toHaveLength(4);
    const after = await t.database.db.select().from(sampleLabels).where(eq(sampleLabels.sampleId, sample.id));
    expect(after).toHaveLength(4);
    for (const label of first) expect(after.map((row) => row.code)).toContain(label.code);

    const a4 = await binary(lab("get", `/samples/${sample.id}/labels.pdf?format=a4&containers=4`)).expect(
      200,
    );
    const [sheet, ...more] = mediaBoxes(a4.body as Buffer);
    expect(more).toEqual([]);
    expect(sheet?.width).toBeCloseTo(595.28, 1);

    const badFormat = await lab("get", `/samples/${sample.id}/labels.pdf?format=zebra`).expect(400);
    expect(badFormat.body.error).toBe(messages.labelFormatInvalid);
    for (const containers of ["0", "21", "two", "1e1"]) {
      const bad = await lab("get", `/samples/${sample.id}/labels.pdf?containers=${containers}`).expect(400);
      expect(bad.body.error).toBe(messages.containersInvalid);
    }
    await lab("get", "/samples/999999/labels.pdf").expect(404);
    const unchanged = await t.database.db
      .select()
      .from(sampleLabels)
      .where(eq(sampleLabels.sampleId, sample.id));
    expect(unchanged).toHaveLength(4);
  });

  it("blank labels: count fresh unlinked codes, 1 to 100, that reception does not take as a sample", async () => {
    const before = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sampleLabels)
      .where(isNull(sampleLabels.sampleId));
    const res = await binary(lab("get", "/labels/blank.pdf?count=5&format=thermal")).expect(200);
    expect(mediaBoxes(res.body as Buffer)).toHaveLength(5);
    const blank = await t.database.db.select().from(sampleLabels).where(isNull(sampleLabels.sampleId));
    expect(blank.length - (before[0]?.n ?? 0)).toBe(5);
    const [one] = blank;
    const unknown = await lab("get", `/reception/${one?.code ?? ""}`).expect(404);
    expect(unknown.body.error).toBe(messages.labelUnknown);
    for (const count of ["0", "101", "x"]) {
      const bad = await lab("get", `/labels/blank.pdf?count=${count}`).expect(400);
      expect(bad.body.error).toBe(messages.labelCountInvalid);
    }
    const after = await t.database.db.select().from(sampleLabels).where(isNull(sampleLabels.sampleId));
    expect(after).toHaveLength(blank.length);
  });

  it("labels and reception are staff's: a customer's token is refused", async () => {
    const sample = await collectedSample();
    await request(t.app)
      .get(`/api/lab/samples/${sample.id}/labels.pdf`)
      .auth(customer.token, { type: "bearer" })
      .expect(403);
    await request(t.app)
      .post(`/api/lab/reception/${sample.id}`)
      .auth(customer.token, { type: "bearer" })
      .send({ decision: "accept" })
      .expect(403);
    await request(t.app).get(`/api/lab/reception/${sample.id}`).expect(401);
    expect(await statusOf(sample.id)).toBe("COLLECTED");
  });
});

describe("reception", () => {
  it("an unknown code, a malformed one or an id that names no sample is 404 labelUnknown", async () => {
    for (const code of ["ZZZZZZZZZZZZ", "not-a-code", "99999999", "0"]) {
      const res = await lab("get", `/reception/${code}`).expect(404);
      expect(res.body.error).toBe(messages.labelUnknown);
    }
    const posted = await lab("post", "/reception/ZZZZZZZZZZZZ").send({ decision: "accept" }).expect(404);
    expect(posted.body.error).toBe(messages.labelUnknown);
  });

  it("a sample typed by its id opens with its collection; a code typed in lower case with spaces finds its label", async () => {
    const sample = await collectedSample({ seals: ["S-7"] });
    const byId = await lab("get", `/reception/${sample.id}`).expect(200);
    const body = byId.body as ReceptionLookup;
    expect(body).toMatchObject({
      sampleId: sample.id,
      container: null,
      customer: "Ravi Kumar",
      reception: null,
    });
    expect(body.collection).toMatchObject({ seals: ["S-7"], containers: 3, agent: { name: "Suresh Reddy" } });
    await binary(lab("get", `/samples/${sample.id}/labels.pdf`)).expect(200);
    const [label] = await t.database.db
      .select()
      .from(sampleLabels)
      .where(and(eq(sampleLabels.sampleId, sample.id), eq(sampleLabels.container, 1)));
    const typed = `${label?.code.slice(0, 4).toLowerCase()} ${label?.code.slice(4) ?? ""}`;
    const byCode = await lab("get", `/reception/${encodeURIComponent(typed)}`).expect(200);
    expect(byCode.body).toMatchObject({ sampleId: sample.id, container: 1 });
  });

  it("a sample not yet collected is 409 sampleNotAtReception and nothing is written", async () => {
    const sample = await submitSample(t.app, customer);
    const pending = await lab("post", `/reception/${sample.id}`).send({ decision: "accept" }).expect(409);
    expect(pending.body.error).toBe(messages.sampleNotAtReception);
    await lab("post", `/samples/${sample.id}/assign`).send({ agentId }).expect(200);
    const collecting = await lab("post", `/reception/${sample.id}`)
      .send({ decision: "reject", reasons: ["seal_broken"] })
      .expect(409);
    expect(collecting.body.error).toBe(messages.sampleNotAtReception);
    expect(await receptionRows(sample.id)).toEqual([]);
    expect(await custodyRows(sample.id)).toEqual([]);
    expect(await statusOf(sample.id)).toBe("COLLECTING");
  });

  it("accept: the seals are compared, a received custody event is written and testing starts; a second scan is 409", async () => {
    const sample = await collectedSample({ seals: ["S-1001", "S-1002"] });
    const res = await lab("post", `/reception/${sample.id}`)
      .send({ decision: "accept", seals: ["s-1002", "S-1001"], temperatureC: 3.5 })
      .expect(200);
    expect(res.body).toMatchObject({
      sampleId: sample.id,
      status: "TESTING",
      reception: {
        decision: "accepted",
        reasons: [],
        sealsMatch: true,
        temperatureC: 3.5,
        seals: ["s-1002", "S-1001"],
      },
    });
    expect(await statusOf(sample.id)).toBe("TESTING");
    const [event] = await custodyRows(sample.id);
    expect(event).toMatchObject({
      kind: "received",
      relinquishedBy: "Suresh Reddy (agent)",
      receivedBy: "Reception: Anita Das",
      sealIntact: true,
      temperatureC: "3.5",
      actor: `staff:${staff.id}`,
    });
    const moves = await t.database.db.select().from(sampleEvents).where(eq(sampleEvents.sampleId, sample.id));
    expect(moves.at(-1)).toMatchObject({ fromStatus: "COLLECTED", toStatus: "TESTING" });

    const again = await lab("post", `/reception/${sample.id}`).send({ decision: "accept" }).expect(409);
    expect(again.body.error).toBe(messages.sampleAlreadyReceived);
    expect(await custodyRows(sample.id)).toHaveLength(1);
  });

  it("seals that differ from the collection's are recorded as not matching", async () => {
    const sample = await collectedSample({ seals: ["S-1"] });
    const res = await lab("post", `/reception/${sample.id}`)
      .send({ decision: "accept", seals: ["S-2"] })
      .expect(200);
    expect(res.body.reception).toMatchObject({ sealsMatch: false });
  });

  it("consent needs a note saying the customer's consent; with it testing starts and the deviations are kept", async () => {
    const sample = await collectedSample();
    const bare = await lab("post", `/reception/${sample.id}`)
      .send({ decision: "consent", reasons: ["temperature_out_of_range"] })
      .expect(400);
    expect(bare.body.error).toBe(messages.consentNoteRequired);
    expect(await receptionRows(sample.id)).toEqual([]);
    const note = "Ravi Kumar agreed by phone at 10:15";
    const res = await lab("post", `/reception/${sample.id}`)
      .send({ decision: "consent", reasons: ["temperature_out_of_range"], note, temperatureC: 14 })
      .expect(200);
    expect(res.body).toMatchObject({
      status: "TESTING",
      reception: { decision: "consent", reasons: ["temperature_out_of_range"], note },
    });
    const [event] = await custodyRows(sample.id);
    expect(event?.kind).toBe("received");
    expect(event?.note).toContain(note);
  });

  it("refuses reasons outside the list, a reject without reasons and Other without a note, writing nothing", async () => {
    const sample = await collectedSample();
    const cases: [object, string][] = [
      [{ decision: "reject", reasons: ["smelled_odd"] }, messages.rejectionReasonInvalid],
      [{ decision: "reject", reasons: [] }, messages.rejectionReasonRequired],
      [{ decision: "reject" }, messages.rejectionReasonRequired],
      [{ decision: "reject", reasons: ["other"] }, messages.rejectionNoteRequired],
      [{ decision: "maybe" }, messages.receptionDecisionInvalid],
      [{ decision: "accept", temperatureC: 99 }, messages.temperatureInvalid],
      [{ decision: "accept", seals: "S-1" }, messages.receptionInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await lab("post", `/reception/${sample.id}`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(message);
    }
    for (const hostile of ["[1,2]", '"accept"', "null", '{"decision":{"$ne":1}}', "{"]) {
      const res = await lab("post", `/reception/${sample.id}`)
        .set("Content-Type", "application/json")
        .send(hostile);
      expect(res.status, hostile).toBeGreaterThanOrEqual(400);
      expect(res.status, hostile).toBeLessThan(500);
    }
    const long = await lab("post", `/reception/${sample.id}`).send({
      decision: "reject",
      reasons: ["other"],
      note: "x".repeat(5000),
    });
    expect(long.status).toBe(400);
    expect(await receptionRows(sample.id)).toEqual([]);
    expect(await custodyRows(sample.id)).toEqual([]);
    expect(await statusOf(sample.id)).toBe("COLLECTED");
  });

  it("reject: REJECTED, a rejected custody event, the customer's notice and a mail in their language", async () => {
    await t.database.db.update(customers).set({ language: "te" }).where(eq(customers.id, customer.id));
    try {
      const sample = await collectedSample();
      const res = await lab("post", `/reception/${sample.id}`)
        .send({ decision: "reject", reasons: ["seal_broken", "other"], note: "Bag torn at the corner" })
        .expect(200);
      expect(res.body).toMatchObject({
        status: "REJECTED",
        reception: {
          decision: "rejected",
          reasons: ["seal_broken", "other"],
          note: "Bag torn at the corner",
        },
      });
      expect(await statusOf(sample.id)).toBe("REJECTED");
      const [event] = await custodyRows(sample.id);
      expect(event).toMatchObject({ kind: "rejected", receivedBy: "Reception: Anita Das" });

      const [notice] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.sampleId, sample.id), eq(notifications.type, "sample_rejected")));
      expect(notice).toMatchObject({
        customerId: customer.id,
        data: { notice: "sampleRejected", reasons: ["seal_broken", "other"] },
      });
      const bell = await request(t.app)
        .get("/api/notifications")
        .auth(customer.token, { type: "bearer" })
        .expect(200);
      const shown = (bell.body as { sampleId: number; title: string; message: string }[]).find(
        (item) => item.sampleId === sample.id && item.title === "నమూనా తిరస్కరించబడింది",
      );
      expect(shown?.message).toContain("సీల్ విరిగింది లేదా లేదు");

      const [queued] = await t.database.db
        .select()
        .from(outboxMail)
        .where(
          sql`${customer.email} = any(${outboxMail.to}) and ${outboxMail.subject} like ${`%#${sample.id} %`}`,
        );
      expect(queued?.subject).toBe(`నమూనా #${sample.id} ప్రయోగశాలలో తిరస్కరించబడింది`);
      expect(queued?.text).toContain("సీల్ విరిగింది లేదా లేదు");
      expect(queued?.text).toContain("Bag torn at the corner");
      expect(queued?.text).toContain(`/submit-sample?copy=${sample.id}`);
      await until(() => t.smtp.mails.some((mail) => mail.subject === queued?.subject));

      const again = await lab("post", `/reception/${sample.id}`).send({ decision: "accept" }).expect(409);
      expect(again.body.error).toBe(messages.sampleAlreadyReceived);
      const own = await request(t.app)
        .get(`/api/sample-submissions/${sample.id}`)
        .auth(customer.token, { type: "bearer" })
        .expect(200);
      expect(own.body.status).toBe("REJECTED");
    } finally {
      await t.database.db.update(customers).set({ language: "en" }).where(eq(customers.id, customer.id));
    }
  });

  it("reject publishes after commit the REJECTED sample and the notice, pushed in the reader's language; a refused call publishes nothing", async () => {
    const published: DomainEvent[] = [];
    const ctx = createDomainContext({
      db: t.database.db,
      jwtSecret: TEST_JWT_SECRET,
      publish: (events) => published.push(...events),
    });
    const pending = await submitSample(t.app, customer);
    await expect(
      receiveSample(ctx, staff.id, String(pending.id), { decision: "reject", reasons: ["seal_broken"] }),
    ).rejects.toMatchObject({ status: 409 });
    expect(published).toEqual([]);

    await t.database.db.update(customers).set({ language: "hi" }).where(eq(customers.id, customer.id));
    try {
      const sample = await collectedSample();
      await receiveSample(ctx, staff.id, String(sample.id), {
        decision: "reject",
        reasons: ["container_leaking"],
      });
      const pushed = published.map(pushEventOf);
      expect(pushed).toEqual([
        expect.objectContaining({
          kind: "sample",
          customerId: customer.id,
          sample: expect.objectContaining({ id: sample.id, status: "REJECTED" }),
        }),
        expect.objectContaining({
          kind: "notification",
          customerId: customer.id,
          notification: expect.objectContaining({
            type: "sample_rejected",
            sampleId: sample.id,
            title: "नमूना अस्वीकृत",
            message: expect.stringContaining("कंटेनर से रिसाव"),
          }),
        }),
      ]);
    } finally {
      await t.database.db.update(customers).set({ language: "en" }).where(eq(customers.id, customer.id));
    }
  });

  it("a sample collected without a recorded collection is received from its assigned agent", async () => {
    const sample = await collectedSample({ record: false });
    const res = await lab("post", `/reception/${sample.id}`)
      .send({ decision: "accept", seals: ["S-1"] })
      .expect(200);
    expect(res.body).toMatchObject({ status: "TESTING", collection: null, reception: { sealsMatch: null } });
    const [event] = await custodyRows(sample.id);
    expect(event?.relinquishedBy).toBe("Suresh Reddy (agent)");
  });
});

const squash = (text: string) => text.normalize("NFD").replace(/\s+/g, "");
/** The characters of `expected` together somewhere in the text, in any order (pdf.js reads Indic glyphs in visual order). */
function holds(text: string, expected: string): boolean {
  const haystack = squash(text);
  const needle = squash(expected);
  if (haystack.includes(needle)) return true;
  const want = [...needle].sort().join("");
  for (let start = 0; start + needle.length <= haystack.length; start += 1)
    if ([...haystack.slice(start, start + needle.length)].sort().join("") === want) return true;
  return false;
}

describe("the rejection notice", () => {
  const notice = (who: Who, id: number) =>
    binary(
      request(t.app)
        .get(`/api/sample-submissions/${id}/rejection-notice.pdf`)
        .auth(who.token, { type: "bearer" }),
    );

  it("the customer downloads one A4 page with the sample, seals, temperature, reasons in Telugu, note and the copy link", async () => {
    const sample = await collectedSample({ seals: ["S-1001", "S-1002"] });
    await lab("post", `/reception/${sample.id}`)
      .send({
        decision: "reject",
        reasons: ["seal_broken", "temperature_out_of_range"],
        note: "Bag torn at the corner",
        seals: ["S-1001"],
        temperatureC: 18.5,
      })
      .expect(200);
    await t.database.db.update(customers).set({ language: "te" }).where(eq(customers.id, customer.id));
    try {
      const res = await notice(customer, sample.id).expect(200);
      expect(res.headers["content-type"]).toContain("application/pdf");
      expect(res.headers["content-disposition"]).toContain(`sample-${sample.id}-rejection-notice.pdf`);
      const pages = await pdfPages(res.body as Buffer);
      expect(pages).toHaveLength(1);
      const text = pages[0] ?? "";
      expect(text).toContain("Sample rejection notice");
      expect(holds(text, "నమూనా తిరస్కరణ నోటీసు")).toBe(true);
      expect(text).toContain(`#${sample.id}`);
      expect(text).toContain("Seal broken or missing");
      expect(holds(text, "సీల్ విరిగింది లేదా లేదు")).toBe(true);
      expect(holds(text, "చేరినప్పుడు ఉష్ణోగ్రత పరిధి దాటింది")).toBe(true);
      expect(holds(text, "కంటైనర్ కారుతోంది")).toBe(false);
      expect(text).toContain("S-1001, S-1002");
      expect(text).toContain("18.5 °C");
      expect(text).toContain("Suresh Reddy");
      expect(text).toContain("Bag torn at the corner");
      expect(text).toContain(`http://localhost:3000/submit-sample?copy=${sample.id}`);
    } finally {
      await t.database.db.update(customers).set({ language: "en" }).where(eq(customers.id, customer.id));
    }
  });

  it("a sample not rejected is 409 sampleNotRejected; another organisation's sample is 404", async () => {
    const accepted = await collectedSample();
    await lab("post", `/reception/${accepted.id}`).send({ decision: "accept" }).expect(200);
    const conflict = await request(t.app)
      .get(`/api/sample-submissions/${accepted.id}/rejection-notice.pdf`)
      .auth(customer.token, { type: "bearer" })
      .expect(409);
    expect(conflict.body.error).toBe(messages.sampleNotRejected);

    const rejected = await collectedSample();
    await lab("post", `/reception/${rejected.id}`)
      .send({ decision: "reject", reasons: ["container_leaking"] })
      .expect(200);
    const stranger = await signedInCustomer(t, "Other Farm");
    const hidden = await request(t.app)
      .get(`/api/sample-submissions/${rejected.id}/rejection-notice.pdf`)
      .auth(stranger.token, { type: "bearer" })
      .expect(404);
    expect(hidden.body.error).toBe(messages.sampleNotFound);
    await request(t.app)
      .get("/api/sample-submissions/abc/rejection-notice.pdf")
      .auth(customer.token, { type: "bearer" })
      .expect(404);
    await request(t.app).get(`/api/sample-submissions/${rejected.id}/rejection-notice.pdf`).expect(401);
  });
});
