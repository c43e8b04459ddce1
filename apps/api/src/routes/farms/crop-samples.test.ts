import {
  messageCodeOfKey,
  type CropSamples,
  type Lot,
  type Report,
  type Sample,
  type Trend,
} from "@lab/contracts";
import { customers } from "@lab/db";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { STRONG_PASSWORD, signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { completeWithReport, signedInStaff } from "../../test/lab";
import { submitSample } from "../../test/samples";

// A crop's history on the farm page: its samples with their reports' verdicts, and the trend of one
// parameter across a pond's (or a crop's) reports.

let t: TestApp;
type Who = { id: number; token: string; email: string };
let admin: Who;
let ownScope: Who;
let billing: Who;
let stranger: Who;
let staff: { token: string };
let pondId: number;
let otherPondId: number;
let cropId: number;
let otherCropId: number;
let lot: Lot;
let released: Sample;
let waiting: Sample;
let ownSample: Sample;
let otherPondSample: Sample;
let reportId: number;
let otherPondReportId: number;

/** A member of the admin's organisation with this role and scope, signed in. */
async function colleague(role: "full" | "billing", scope: "all" | "own"): Promise<Who> {
  const who = await signedInCustomer(t, `Member ${role} ${scope}`);
  const [home] = await t.database.db.select().from(customers).where(eq(customers.id, admin.id));
  await t.database.db
    .update(customers)
    .set({ organisationId: home?.organisationId ?? 0, memberRole: role, memberScope: scope })
    .where(eq(customers.id, who.id));
  const login = await request(t.app)
    .post("/api/customers/login")
    .send({ email: who.email, password: STRONG_PASSWORD })
    .expect(200);
  return { ...who, token: (login.body as { accessToken: string }).accessToken };
}

const as = (who: { token: string }, method: "get" | "post", path: string) =>
  request(t.app)[method](`/api${path}`).auth(who.token, { type: "bearer" });

async function created<T>(who: Who, path: string, body: object): Promise<T> {
  return (await as(who, "post", path).send(body).expect(201)).body as T;
}

const cropSamples = async (who: Who, id = cropId) =>
  (await as(who, "get", `/crops/${id}/samples`).expect(200)).body as CropSamples;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInCustomer(t, "Ravi Kumar");
  stranger = await signedInCustomer(t, "Other Organisation");
  ownScope = await colleague("full", "own");
  billing = await colleague("billing", "all");
  staff = await signedInStaff(t);
  const farm = await created<{ id: number }>(admin, "/farms", { name: "Sri Rama Aqua Farm" });
  pondId = (await created<{ id: number }>(admin, `/farms/${farm.id}/ponds`, { code: "P1" })).id;
  otherPondId = (await created<{ id: number }>(admin, `/farms/${farm.id}/ponds`, { code: "P2" })).id;
  const crop = { species: "Pacific White Shrimp", stockedOn: "2026-01-15", noTreatments: true };
  cropId = (await created<{ id: number }>(admin, `/ponds/${pondId}/crops`, crop)).id;
  otherCropId = (await created<{ id: number }>(admin, `/ponds/${otherPondId}/crops`, crop)).id;
  lot = await created<Lot>(admin, `/crops/${cropId}/lots`, { expectedOn: "2026-05-01", markets: ["EU"] });

  released = await submitSample(t.app, admin, { lotId: lot.id, purpose: "pre_harvest", markets: ["EU"] });
  reportId = (await completeWithReport(t, staff.token, released.id)).id;
  waiting = await submitSample(t.app, admin, { cropId, purpose: "monitoring" });
  ownSample = await submitSample(t.app, ownScope, { cropId, purpose: "diagnosis" });
  otherPondSample = await submitSample(t.app, admin, { cropId: otherCropId, purpose: "monitoring" });
  otherPondReportId = (await completeWithReport(t, staff.token, otherPondSample.id)).id;
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("GET /crops/{id}/samples", () => {
  it("lists the crop's samples newest first with the lot code, the latest report and its verdict per market; another crop's sample is not among them", async () => {
    const body = await cropSamples(admin);
    expect(body.items.map((item) => item.id)).toEqual([ownSample.id, waiting.id, released.id]);
    expect(body.items.some((item) => item.id === otherPondSample.id)).toBe(false);

    const report = (await as(admin, "get", `/reports/${reportId}`).expect(200)).body as Report;
    const first = body.items.find((item) => item.id === released.id);
    expect(first).toMatchObject({
      purpose: "pre_harvest",
      status: "COMPLETED",
      lotCode: lot.code,
      report: { id: reportId, certification: report.details.certification, status: "valid" },
    });
    const verdicts = first?.report?.verdicts ?? [];
    expect(verdicts.map((entry) => entry.market)).toEqual(["EU"]);
    expect(verdicts).toEqual(
      report.markets.map((market) => ({ market: market.code, verdict: market.verdict })),
    );

    const pending = body.items.find((item) => item.id === waiting.id);
    expect(pending).toMatchObject({ purpose: "monitoring", status: "PENDING", lotCode: null, report: null });
    // The trend's choices: the parameters the crop's reports carry.
    expect(body.parameters.length).toBeGreaterThan(0);
    expect(body.parameters.map((entry) => entry.code)).toEqual(
      report.parameters.filter((line) => line.result).map((line) => line.code),
    );
  });

  it("a member whose scope is their own samples sees only theirs", async () => {
    const body = await cropSamples(ownScope);
    expect(body.items.map((item) => item.id)).toEqual([ownSample.id]);
    expect(body.parameters).toEqual([]);
  });

  it("another organisation's crop is not found (404 cropNotFound), and so is an id that names nothing", async () => {
    const res = await as(stranger, "get", `/crops/${cropId}/samples`).expect(404);
    expect(res.body.messageCode).toBe(messageCodeOfKey("cropNotFound"));
    await as(admin, "get", "/crops/2147483647/samples").expect(404);
    await as(admin, "get", "/crops/abc/samples").expect(404);
  });

  it("a billing member is refused (403) like every farm read", async () => {
    await as(billing, "get", `/crops/${cropId}/samples`).expect(403);
  });
});

describe("GET /reports/trend by pond or crop", () => {
  const trend = (who: Who, query: string) => as(who, "get", `/reports/trend?${query}`);

  it("by pondId answers that pond's reports only; by cropId that crop's", async () => {
    const { parameters } = await cropSamples(admin);
    const parameter = parameters[0]?.code ?? "";
    const byPond = (await trend(admin, `pondId=${pondId}&parameter=${parameter}`).expect(200)).body as Trend;
    expect(byPond.parameter.code).toBe(parameter);
    expect(byPond.points.map((point) => point.reportId)).toEqual([reportId]);
    const byOtherPond = (await trend(admin, `pondId=${otherPondId}&parameter=${parameter}`).expect(200))
      .body as Trend;
    expect(byOtherPond.points.map((point) => point.reportId)).toEqual([otherPondReportId]);
    const byCrop = (await trend(admin, `cropId=${cropId}&parameter=${parameter}&market=EU`).expect(200))
      .body as Trend;
    expect(byCrop).toMatchObject({ market: "EU" });
    expect(byCrop.points.map((point) => point.sampleId)).toEqual([released.id]);
  });

  it("an own-scope member's pond trend holds only their reports; another organisation's pond or crop is not found", async () => {
    const { parameters } = await cropSamples(admin);
    const parameter = parameters[0]?.code ?? "";
    const own = (await trend(ownScope, `pondId=${pondId}&parameter=${parameter}`).expect(200)).body as Trend;
    expect(own.points).toEqual([]);
    const pond = await trend(stranger, `pondId=${pondId}&parameter=${parameter}`).expect(404);
    expect(pond.body.messageCode).toBe(messageCodeOfKey("pondNotFound"));
    const crop = await trend(stranger, `cropId=${cropId}&parameter=${parameter}`).expect(404);
    expect(crop.body.messageCode).toBe(messageCodeOfKey("cropNotFound"));
  });

  it.each([
    ["neither id", "parameter=PB"],
    ["pond and crop", `pondId=1&cropId=1&parameter=PB`],
    ["provider and pond", `providerId=1&pondId=1&parameter=PB`],
    ["a pond id that is not a number", "pondId=abc&parameter=PB"],
  ])("%s: 400 with the catalogue's message, not a 500", async (_name, query) => {
    const res = await trend(admin, query).expect(400);
    expect(res.body.messageCode).toBe(messageCodeOfKey("trendSubjectRequired"));
  });
});
