import type { Lot, LotCheck } from "@lab/contracts";
import { sampleEvents } from "@lab/db";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { completeWithReport, labSample, passingResult, signedInStaff, startTesting } from "../../test/lab";
import { pdfPages, pdfTitle } from "../../test/pdf-text";
import { submitSample } from "../../test/samples";

// The report of a pre-harvest sample, as the customer downloads it: its validity counted from the day
// of sampling in India, the same day the processor's gate check answers.

let t: TestApp;
type Who = { id: number; token: string; email: string };
let farmer: Who;
let staff: { token: string };
let admin: { token: string };
let cropId: number;

const as = (who: { token: string }, method: "get" | "post" | "put", path: string) =>
  request(t.app)[method](`/api${path}`).auth(who.token, { type: "bearer" });

const indiaDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
const plusDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
/** A YYYY-MM-DD day as the report prints it: "24 Mar 2026". */
const printed = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", {
    day: "2-digit",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

async function newLot(body: object = {}): Promise<Lot> {
  return (
    await as(farmer, "post", `/crops/${cropId}/lots`)
      .send({ expectedOn: "2026-05-01", buyerName: "Godavari Sea Foods", buyerEic: "EIC/VSP/2231", ...body })
      .expect(201)
  ).body as Lot;
}

/**
 * Takes a sample to a released, passing report whose sampling (its move to COLLECTED) happened at
 * `sampledAt`; answers the report's id.
 */
async function releasedSampledAt(sampleId: number, sampledAt: Date): Promise<number> {
  await startTesting(t, staff.token, sampleId);
  await t.database.db
    .update(sampleEvents)
    .set({ at: sampledAt })
    .where(and(eq(sampleEvents.sampleId, sampleId), eq(sampleEvents.toStatus, "COLLECTED")));
  const detail = await labSample(t, staff.token, sampleId);
  await as(staff, "post", `/lab/samples/${sampleId}/results`)
    .send({ results: detail.panel.map(passingResult) })
    .expect(200);
  const reviewer = await signedInStaff(t, { roles: ["reviewer"], name: "Anil Kumar" });
  const released = await as(reviewer, "post", `/lab/samples/${sampleId}/release`).send({}).expect(201);
  return (released.body as { id: number }).id;
}

async function download(reportId: number): Promise<Buffer> {
  const res = await as(farmer, "get", `/reports/${reportId}/pdf`)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return res.body as Buffer;
}
const squash = (text: string) => text.replace(/\s+/g, "");
const check = async (code: string) =>
  (await request(t.app).get(`/api/lots/${code}/check`).expect(200)).body as LotCheck;

beforeAll(async () => {
  t = await startTestApp();
  farmer = await signedInCustomer(t, "Ravi Kumar");
  staff = await signedInStaff(t);
  admin = await signedInStaff(t, { roles: ["admin"], name: "Lab Admin" });
  // The farm's CAA registration expires 20 days from today: the report warns.
  const caaExpiresOn = plusDays(indiaDay(t.clock.now()), 20);
  const farm = (
    await as(farmer, "post", "/farms")
      .send({
        name: "Lakshmi Narasimha Aqua Farm",
        mpedaEnrolment: "AP/EG/2024/0042",
        caaRegistration: "CAA-AP-77",
        caaExpiresOn,
        stateLicence: "APSADA-EG-1187",
      })
      .expect(201)
  ).body as { id: number };
  const pond = (await as(farmer, "post", `/farms/${farm.id}/ponds`).send({ code: "N-4" }).expect(201))
    .body as { id: number };
  cropId = (
    (
      await as(farmer, "post", `/ponds/${pond.id}/crops`)
        .send({
          species: "Tiger Shrimp",
          stockedOn: "2026-01-05",
          hatcheryName: "Sai Hatcheries",
          hatcheryRegistration: "CAA-H-0912",
          noTreatments: true,
        })
        .expect(201)
    ).body as { id: number }
  ).id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe("GET /reports/{id}/pdf of a pre-harvest screening", () => {
  it("sampled at 23:59:59 India time: valid for harvest through that day plus the lab's 10 days, as the gate says; the CAA warning and the lot's PHT number printed", async () => {
    const lot = await newLot({ phtCertificate: "MPEDA/PHT/VSP/2026/00417" });
    const sample = await submitSample(t.app, farmer, { lotId: lot.id, purpose: "pre_harvest" });
    // 18:29:59 UTC yesterday is 23:59:59 in India: still that India day.
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000);
    const lastSecond = new Date(`${yesterday.toISOString().slice(0, 10)}T18:29:59Z`);
    const sampledOn = indiaDay(lastSecond);
    expect(sampledOn).toBe(yesterday.toISOString().slice(0, 10));
    const reportId = await releasedSampledAt(sample.id, lastSecond);

    const pdf = await download(reportId);
    expect(await pdfTitle(pdf)).toMatch(/^Pre-harvest screening report NSP-CERT-\d{4}-\d+$/);
    const text = squash((await pdfPages(pdf)).join("\n"));
    const validUntil = plusDays(sampledOn, 10);
    expect(text).toContain(squash(`Valid for harvest until ${printed(validUntil)}`));
    expect((await check(lot.code)).validUntil).toBe(validUntil);
    for (const expected of [
      lot.code,
      "AP/EG/2024/0042",
      "APSADA-EG-1187",
      "SaiHatcheries(CAA-H-0912)",
      "GodavariSeaFoods(EIC/VSP/2231)",
      "MPEDA/PHT/VSP/2026/00417",
      "Nonedeclared",
      squash("It is not MPEDA's pre-harvest test (PHT) certificate"),
      squash("Warning: the farm's CAA registration expires on"),
    ])
      expect(text).toContain(expected);
  });

  it("sampled one second later, at India's midnight: the next day counts, and the lab's new setting (3 days) is what a later release prints", async () => {
    await as(admin, "put", "/lab/settings").send({ screeningValidDays: 3 }).expect(200);
    try {
      const lot = await newLot();
      const sample = await submitSample(t.app, farmer, { lotId: lot.id, purpose: "pre_harvest" });
      const yesterday = new Date(t.clock.now().getTime() - 86_400_000);
      const midnight = new Date(`${yesterday.toISOString().slice(0, 10)}T18:30:00Z`);
      const sampledOn = indiaDay(midnight);
      expect(sampledOn).toBe(plusDays(yesterday.toISOString().slice(0, 10), 1));
      const reportId = await releasedSampledAt(sample.id, midnight);
      const text = squash((await pdfPages(await download(reportId))).join("\n"));
      expect(text).toContain(squash(`Valid for harvest until ${printed(plusDays(sampledOn, 3))}`));
      expect((await check(lot.code)).validUntil).toBe(plusDays(sampledOn, 3));
      // No PHT number recorded on the lot: no line for it.
      expect(text).not.toContain("MPEDAPHTcertificate");
    } finally {
      await as(admin, "put", "/lab/settings").send({ screeningValidDays: 10 }).expect(200);
    }
  });

  it("a monitoring sample of the same lot keeps the certificate of analysis as it was", async () => {
    const lot = await newLot();
    const sample = await submitSample(t.app, farmer, { lotId: lot.id, purpose: "monitoring" });
    const report = await completeWithReport(t, staff.token, sample.id);
    const pdf = await download(report.id);
    expect(await pdfTitle(pdf)).toBe(`Certificate of Analysis ${report.details.certification}`);
    const text = (await pdfPages(pdf)).join("\n");
    for (const absent of ["Pre-harvest", "Valid for harvest", lot.code]) expect(text).not.toContain(absent);
  });
});
