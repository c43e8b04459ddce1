import { messageCodeOfKey, type LabSampleDetail, type Lot, type LotCheck } from "@lab/contracts";
import { customers, harvestLots, labSettings, organisations, reports, samples } from "@lab/db";
import { count, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { STRONG_PASSWORD, signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { completeWithReport, passingResult, signedInStaff, startTesting } from "../../test/lab";
import { pdfPages, pdfTitle } from "../../test/pdf-text";
import { revokeByTwo } from "../../test/revocations";
import { submitSample } from "../../test/samples";

let t: TestApp;
type Who = { id: number; token: string; email: string };
let admin: Who;
let staff: { token: string };
let cropId: number;

const FARM_NAME = "Lakshmi Narasimha Aqua Farm";
const BUYER = "Godavari Sea Foods";

const as = (who: Who, method: "get" | "post" | "put", path: string) =>
  request(t.app)[method](`/api${path}`).auth(who.token, { type: "bearer" });
const check = async (code: string): Promise<LotCheck> =>
  (
    await request(t.app)
      .get(`/api/lots/${encodeURIComponent(code)}/check`)
      .expect(200)
  ).body as LotCheck;

async function newLot(body: object = {}): Promise<Lot> {
  return (
    await as(admin, "post", `/crops/${cropId}/lots`)
      .send({ expectedOn: "2026-05-01", quantityKg: 1200, buyerName: BUYER, ...body })
      .expect(201)
  ).body as Lot;
}
/** Lots, samples and reports, to show a check wrote nothing. */
async function rowCounts() {
  const db = t.database.db;
  const [lots] = await db.select({ n: count() }).from(harvestLots);
  const [sampleRows] = await db.select({ n: count() }).from(samples);
  const [reportRows] = await db.select({ n: count() }).from(reports);
  return { lots: lots?.n, samples: sampleRows?.n, reports: reportRows?.n };
}

const screen = (lot: Lot, overrides: object = {}) =>
  submitSample(t.app, admin, { lotId: lot.id, purpose: "pre_harvest", ...overrides });

/** Takes a sample through testing to a released report that fails: WSSV detected. */
async function failWithReport(sampleId: number) {
  await startTesting(t, staff.token, sampleId);
  const detail = (
    await request(t.app).get(`/api/lab/samples/${sampleId}`).auth(staff.token, { type: "bearer" }).expect(200)
  ).body as LabSampleDetail;
  const results = detail.panel.map((parameter) =>
    parameter.code === "WSSV" ? { code: "WSSV", qualifier: "detected" } : passingResult(parameter),
  );
  await request(t.app)
    .post(`/api/lab/samples/${sampleId}/results`)
    .auth(staff.token, { type: "bearer" })
    .send({ results })
    .expect(200);
  const reviewer = await signedInStaff(t, { roles: ["reviewer"], name: "Anil Kumar" });
  await request(t.app)
    .post(`/api/lab/samples/${sampleId}/release`)
    .auth(reviewer.token, { type: "bearer" })
    .send({})
    .expect(201);
}

const indiaToday = () => new Date(t.clock.now().getTime() + 330 * 60_000).toISOString().slice(0, 10);
const plusDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInCustomer(t, "Ravi Kumar");
  staff = await signedInStaff(t);
  const farm = (
    await as(admin, "post", "/farms")
      .send({
        name: FARM_NAME,
        mpedaEnrolment: "AP/EG/2024/0042",
        caaRegistration: "CAA-AP-77",
        caaExpiresOn: "2099-12-31",
      })
      .expect(201)
  ).body as { id: number };
  const pond = (await as(admin, "post", `/farms/${farm.id}/ponds`).send({ code: "N-4" }).expect(201))
    .body as {
    id: number;
  };
  cropId = (
    (
      await as(admin, "post", `/ponds/${pond.id}/crops`)
        .send({ species: "Tiger Shrimp", stockedOn: "2026-01-05", noTreatments: true })
        .expect(201)
    ).body as { id: number }
  ).id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function cardText(code: string): Promise<string> {
  const res = await as(admin, "get", `/lots/${code}/card.pdf`)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  const [page] = await pdfPages(res.body as Buffer);
  return page ?? "";
}

describe("a lot's buyer in the portal", () => {
  const BUYER_ORGANISATION = "Coastal Exports Pvt Ltd";
  let buyer: Who;
  let buyerOrganisationId: number;

  beforeAll(async () => {
    buyer = await signedInCustomer(t, "Suresh Processor");
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, buyer.id));
    buyerOrganisationId = row?.organisationId ?? 0;
    await t.database.db
      .update(organisations)
      .set({ name: BUYER_ORGANISATION })
      .where(eq(organisations.id, buyerOrganisationId));
  });

  it("sets the buyer's organisation from a member's e-mail (any case), shows its name on the lot and prints it on the card without a buyer name", async () => {
    const lot = await newLot({ buyerName: null, buyerEmail: ` ${buyer.email.toUpperCase()} ` });
    expect(lot.buyerOrganisation).toEqual({ id: buyerOrganisationId, name: BUYER_ORGANISATION });
    const read = (await as(admin, "get", `/lots/${lot.id}`).expect(200)).body as Lot;
    expect(read.buyerOrganisation).toEqual({ id: buyerOrganisationId, name: BUYER_ORGANISATION });
    expect(JSON.stringify(read)).not.toContain(buyer.email);
    const listed = (await as(admin, "get", `/crops/${cropId}/lots`).expect(200)).body as { items: Lot[] };
    expect(listed.items.find((item) => item.id === lot.id)?.buyerOrganisation?.name).toBe(BUYER_ORGANISATION);
    expect(await cardText(lot.code)).toContain(BUYER_ORGANISATION);
    // A buyer named by hand is what the card prints.
    await as(admin, "put", `/lots/${lot.id}`).send({ buyerName: BUYER }).expect(200);
    const card = await cardText(lot.code);
    expect(card).toContain(BUYER);
    expect(card).not.toContain(BUYER_ORGANISATION);
  });

  it("sets it on an existing lot, keeps it when PUT leaves buyerEmail out, and clears it with null or an empty text", async () => {
    const lot = await newLot();
    expect(lot.buyerOrganisation).toBeNull();
    const set = (await as(admin, "put", `/lots/${lot.id}`).send({ buyerEmail: buyer.email }).expect(200))
      .body as Lot;
    expect(set.buyerOrganisation?.id).toBe(buyerOrganisationId);
    const kept = (await as(admin, "put", `/lots/${lot.id}`).send({ countPerKg: 40 }).expect(200)).body as Lot;
    expect(kept.buyerOrganisation?.id).toBe(buyerOrganisationId);
    const cleared = (await as(admin, "put", `/lots/${lot.id}`).send({ buyerEmail: null }).expect(200))
      .body as Lot;
    expect(cleared.buyerOrganisation).toBeNull();
    await as(admin, "put", `/lots/${lot.id}`).send({ buyerEmail: buyer.email }).expect(200);
    const emptied = (await as(admin, "put", `/lots/${lot.id}`).send({ buyerEmail: "" }).expect(200))
      .body as Lot;
    expect(emptied.buyerOrganisation).toBeNull();
    const [row] = await t.database.db.select().from(harvestLots).where(eq(harvestLots.id, lot.id));
    expect(row?.buyerOrganisationId).toBeNull();
  });

  it("refuses an unknown, unverified or removed member's e-mail with 422 buyerUnknown and the own organisation with 422 buyerIsSelf, at buyerEmail, writing nothing", async () => {
    const unverifiedEmail = `unverified.${Date.now()}@example.com`;
    await request(t.app)
      .post("/api/customers/register")
      .send({ fullName: "Not Verified", email: unverifiedEmail, password: STRONG_PASSWORD })
      .expect(201);
    const removed = await signedInCustomer(t, "Gone Member");
    await t.database.db.update(customers).set({ removedAt: new Date() }).where(eq(customers.id, removed.id));
    const lot = await newLot({ buyerEmail: buyer.email });
    const before = await rowCounts();
    const cases: [string, "buyerUnknown" | "buyerIsSelf"][] = [
      ["nobody.at.all@example.com", "buyerUnknown"],
      [unverifiedEmail, "buyerUnknown"],
      [removed.email, "buyerUnknown"],
      [admin.email, "buyerIsSelf"],
    ];
    for (const [email, key] of cases) {
      const created = await as(admin, "post", `/crops/${cropId}/lots`).send({
        expectedOn: "2026-05-01",
        buyerEmail: email,
      });
      expect(created.status, email).toBe(422);
      expect(created.body).toMatchObject({ messageCode: messageCodeOfKey(key), field: "buyerEmail" });
      const updated = await as(admin, "put", `/lots/${lot.id}`).send({ buyerEmail: email, countPerKg: 99 });
      expect(updated.status, email).toBe(422);
      expect(updated.body).toMatchObject({ messageCode: messageCodeOfKey(key), field: "buyerEmail" });
    }
    expect(await rowCounts()).toEqual(before);
    const read = (await as(admin, "get", `/lots/${lot.id}`).expect(200)).body as Lot;
    expect(read.buyerOrganisation?.id).toBe(buyerOrganisationId);
    expect(read.countPerKg).not.toBe(99);
  });

  it("refuses a buyerEmail that is no address with 400 invalidEmailFormat at buyerEmail", async () => {
    for (const buyerEmail of ["not an address", 42]) {
      const res = await as(admin, "post", `/crops/${cropId}/lots`)
        .send({ expectedOn: "2026-05-01", buyerEmail })
        .expect(400);
      expect(res.body).toMatchObject({ field: "buyerEmail" });
    }
  });
});

describe("the processor's lot check", () => {
  it("says not_tested before any pre-harvest sample, with registrations and no personal data", async () => {
    const lot = await newLot();
    const res = await request(t.app).get(`/api/lots/${lot.code}/check`).expect(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toMatchObject({
      code: lot.code,
      state: "not_tested",
      mpedaEnrolment: "AP/EG/2024/0042",
      caaRegistration: "CAA-AP-77",
      caaStatus: "valid",
      pondCode: "N-4",
      species: "Tiger Shrimp",
      expectedOn: "2026-05-01",
      quantityKg: 1200,
      certificateNumber: null,
      validUntil: null,
    });
    for (const secret of [FARM_NAME, BUYER, "Ravi Kumar", admin.email, "9848022338"])
      expect(res.text).not.toContain(secret);
    // A monitoring sample naming the lot is not its screening.
    await submitSample(t.app, admin, { lotId: lot.id, purpose: "monitoring" });
    expect((await check(lot.code)).state).toBe("not_tested");
  });

  it("a screening rejected at reception is no screening: not tested, or the earlier report stands", async () => {
    const lot = await newLot();
    const reject = async (sampleId: number) => {
      const lab = (path: string, body: object) =>
        request(t.app).post(`/api/lab${path}`).auth(staff.token, { type: "bearer" }).send(body);
      const agent = await lab("/agents", { name: "Suresh", phone: "9000000082" }).expect(201);
      await lab(`/samples/${sampleId}/assign`, { agentId: agent.body.id }).expect(200);
      await lab(`/samples/${sampleId}/status`, { status: "COLLECTED" }).expect(200);
      await lab(`/reception/${sampleId}`, { decision: "reject", reasons: ["seal_broken"] }).expect(200);
    };
    await reject((await screen(lot)).id);
    expect((await check(lot.code)).state).toBe("not_tested");

    const report = await completeWithReport(t, staff.token, (await screen(lot)).id);
    await reject((await screen(lot)).id);
    expect(await check(lot.code)).toMatchObject({
      state: "cleared",
      certificateNumber: report.details.certification,
    });
  });

  it("is pending until the report, cleared by a passing one, revoked when that is revoked, failed by a failing one", async () => {
    const lot = await newLot();
    const sample = await screen(lot);
    const pending = await check(lot.code);
    expect(pending).toMatchObject({ state: "pending", sampledOn: indiaToday() });
    expect(pending.validUntil).toBe(plusDays(indiaToday(), 10));

    const report = await completeWithReport(t, staff.token, sample.id);
    const cleared = await check(lot.code);
    expect(cleared).toMatchObject({ state: "cleared", certificateNumber: report.details.certification });
    expect(cleared.verdicts.length).toBeGreaterThan(0);
    expect(cleared.verdicts.every((verdict) => verdict.verdict === "pass")).toBe(true);

    await revokeByTwo(t, report.id);
    expect((await check(lot.code)).state).toBe("revoked");

    // A newer screening is what counts.
    const failing = await newLot();
    const failed = await screen(failing, { testTypes: ["Viral Disease Screening"] });
    await failWithReport(failed.id);
    const answer = await check(failing.code);
    expect(answer.state).toBe("failed");
    expect(answer.verdicts.some((verdict) => verdict.verdict === "fail")).toBe(true);
  });

  it("answers a batch in one call: duplicates once, malformed and unknown codes as unknown, in the order asked", async () => {
    const a = await newLot();
    const b = await newLot();
    const typed = `${a.code.slice(0, 5).toLowerCase()}-${a.code.slice(5)}`;
    const res = await request(t.app)
      .post("/api/lots/check")
      .send({ codes: [a.code, b.code, typed, "NOT-A-CODE", "ZZZZZZZZZZ", "\u0000", a.code] })
      .expect(200);
    const items = (res.body as { items: LotCheck[] }).items;
    expect(items.map((item) => [item.code, item.state])).toEqual([
      [a.code, "not_tested"],
      [b.code, "not_tested"],
      ["N0TAC0DE", "unknown"],
      ["ZZZZZZZZZZ", "unknown"],
      ["\u0000", "unknown"],
    ]);

    const many = Array.from({ length: 200 }, (_, index) => `ABCDEFG${String(index).padStart(3, "0")}`);
    const full = await request(t.app).post("/api/lots/check").send({ codes: many }).expect(200);
    expect((full.body as { items: LotCheck[] }).items).toHaveLength(200);
    for (const body of [{ codes: [...many, a.code] }, { codes: [] }, { codes: "abc" }, {}, { codes: [12] }]) {
      const refused = await request(t.app).post("/api/lots/check").send(body);
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(refused.body.messageCode).toBe(messageCodeOfKey("lotCodesInvalid"));
    }
  });

  it("refuses a malformed code at the single check with lotCodeInvalid, and a batch of 201 codes, an over-long code or a 200 KB body, writing nothing", async () => {
    const lot = await newLot();
    const before = await rowCounts();
    for (const code of [
      "hello",
      "ABC",
      `${lot.code}7`,
      lot.code.slice(0, 9),
      "UUUUUUUUUU",
      "%00",
      `${lot.code.slice(0, 9)}%00`,
      "%E2%80%8B",
      "%F0%9F%A6%90",
      "<script>",
      "1e308",
      "-0",
      "NaN",
      "X".repeat(5000),
    ]) {
      const res = await request(t.app).get(`/api/lots/${code}/check`);
      expect(res.status, code.slice(0, 20)).toBe(400);
      expect(res.body, code.slice(0, 20)).toMatchObject({
        messageCode: messageCodeOfKey("lotCodeInvalid"),
        field: "code",
      });
    }
    // A path that is not even a URL's text is refused too, never a 500.
    expect((await request(t.app).get("/api/lots/%E0%A4/check")).status).toBe(400);
    // As typed on a gate, a well-formed code is read: case, spaces, dashes and look-alikes.
    const typed = `${lot.code.slice(0, 4).toLowerCase()} ${lot.code.slice(4, 8)}-${lot.code.slice(8)}`;
    expect((await check(typed)).code).toBe(lot.code);
    expect((await check("ZZZZZZZZZZ")).state).toBe("unknown");

    const codes = Array.from({ length: 201 }, () => lot.code);
    for (const body of [
      { codes },
      { codes: ["x".repeat(101)] },
      { codes: [null] },
      { codes: [{ $ne: null }] },
      { codes: { 0: lot.code } },
      [lot.code],
    ]) {
      const res = await request(t.app).post("/api/lots/check").send(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.messageCode).toBe(messageCodeOfKey("lotCodesInvalid"));
    }
    const huge = await request(t.app)
      .post("/api/lots/check")
      .send({ codes: Array.from({ length: 200 }, () => "X".repeat(1000)) });
    expect(huge.status).toBe(413);
    expect(huge.body.messageCode).toBe(messageCodeOfKey("bodyTooLarge"));
    expect(await rowCounts()).toEqual(before);
  });

  it("prints the lot card for its organisation's members, labelled in English and the member's language", async () => {
    const lot = await newLot();
    const card = async () => {
      const res = await as(admin, "get", `/lots/${lot.code}/card.pdf`)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      return res.body as Buffer;
    };
    const pdf = await card();
    expect(await pdfTitle(pdf)).toBe(`Harvest lot ${lot.code}`);
    const [page] = await pdfPages(pdf);
    for (const text of [
      FARM_NAME,
      "N-4",
      "Tiger Shrimp",
      "2026-05-01",
      BUYER,
      `/lots/${lot.code}`,
      "Farm",
      "Buyer",
    ])
      expect(page).toContain(text);
    expect(page).not.toContain("ఫారం");
    await t.database.db.update(customers).set({ language: "te" }).where(eq(customers.id, admin.id));
    const [telugu] = await pdfPages(await card());
    for (const text of ["Harvest lot / ", "లాట్", "Quantity", "పరిమాణం", "జాతి", FARM_NAME])
      expect(telugu).toContain(text);
    await t.database.db.update(customers).set({ language: "en" }).where(eq(customers.id, admin.id));
    await as(admin, "get", "/lots/NOPE/card.pdf").expect(404);
  });

  // Last: it moves the clock on.
  it("clears through validUntil, India's calendar, and is expired the next day; the lab's setting sets the window", async () => {
    await t.database.db
      .insert(labSettings)
      .values({ id: 1, screeningValidDays: 3 })
      .onConflictDoUpdate({ target: labSettings.id, set: { screeningValidDays: 3 } });
    const lot = await newLot();
    const sample = await screen(lot);
    await completeWithReport(t, staff.token, sample.id);
    const cleared = await check(lot.code);
    expect(cleared.state).toBe("cleared");
    expect(cleared.validUntil).toBe(plusDays(cleared.sampledOn ?? "", 3));
    // 23:59:59 in India on the last valid day, then one second later.
    const lastSecond = Date.parse(`${cleared.validUntil ?? ""}T23:59:59+05:30`);
    t.clock.advance((lastSecond - t.clock.now().getTime()) / 1000);
    expect((await check(lot.code)).state).toBe("cleared");
    t.clock.advance(1);
    expect((await check(lot.code)).state).toBe("expired");
    // The lot itself is untouched by being checked.
    const rows = await t.database.db.select().from(harvestLots);
    expect(rows.find((row) => row.id === lot.id)?.updatedAt.toISOString()).toBe(lot.updatedAt);
  });
});
