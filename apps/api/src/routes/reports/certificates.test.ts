import { createHash } from "node:crypto";
import { Writable } from "node:stream";

import {
  certificateSchema,
  formatCheckCode,
  messages,
  type CertificateFull,
  type LabSampleDetail,
  type Report,
  type Sample,
  type SamplePage,
} from "@lab/contracts";
import { marketLimits, markets, reports, specVersions } from "@lab/db";
import { eq } from "drizzle-orm";
import pino from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { completeWithReport, signedInStaff } from "../../test/lab";
import { pdfPages } from "../../test/pdf-text";
import { memberById } from "../../test/organisations";
import { revokeByTwo } from "../../test/revocations";
import { submitSample } from "../../test/samples";
import { CERTIFICATE_CHECKS_PER_IP, CERTIFICATE_MISSES_PER_NUMBER } from "./router";

// The public certificate check: the number alone tells whether a certificate stands; the printed
// check code, or the issued PDF's hash, opens its results.

let t: TestApp;
let owner: { id: number; token: string };
let staff: { id: number; token: string };
/** A certificate judged against EU and a buyer's own specification, "ACME Foods Tokyo". */
let issued: { id: number; number: string; checkCode: string; sha256: string };

const BUYER_NAME = "ACME Foods Tokyo";
const BUYER_CODE = "BUYER-ACME";

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInCustomer(t, "Ravi Kumar");
  staff = await signedInStaff(t);
  const { db } = t.database;
  const { organisationId } = await memberById(db, owner.id);
  await db
    .insert(markets)
    .values({ code: BUYER_CODE, name: BUYER_NAME, customerId: owner.id, organisationId });
  const [version] = await db
    .insert(specVersions)
    .values({ marketCode: BUYER_CODE, version: 1, effectiveFrom: "2026-01-01", reference: "ACME PO 17" })
    .returning();
  if (!version) throw new Error("no version");
  await db.insert(marketLimits).values({
    specVersionId: version.id,
    parameterCode: "PB",
    kind: "max",
    max: 0.1,
    reference: "ACME PO 17 annex B",
    effectiveFrom: "2026-01-01",
  });
  const sample = await submitSample(t.app, owner, {
    shrimpCategory: "Pacific White Shrimp",
    testTypes: ["Heavy Metal Analysis"],
    markets: ["EU", BUYER_CODE],
  });
  const report = await completeWithReport(t, staff.token, sample.id);
  const own = (
    await request(t.app).get(`/api/reports/${report.id}`).auth(owner.token, { type: "bearer" }).expect(200)
  ).body as Report;
  issued = {
    id: report.id,
    number: report.details.certification,
    checkCode: own.checkCode ?? "",
    sha256: own.sha256 ?? "",
  };
}, 60_000);
afterAll(async () => {
  await t.close();
});

const check = (app: TestApp, query: Record<string, string> = {}, number = issued.number) =>
  request(app.app).get(`/api/certificates/${number}`).query(query);

describe("GET /certificates/{number}: the number alone", () => {
  it("answers only the standing, the issue date and the lab: no results, markets, parameters or hash", async () => {
    const res = await check(t).expect(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({
      detail: "summary",
      number: issued.number,
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lab: "AquaTest Laboratory",
      status: "valid",
      replacedBy: null,
      mismatch: false,
    });
    certificateSchema.parse(res.body);
    expect(JSON.stringify(res.body)).not.toMatch(/Lead|PB|EU|ACME|BUYER|Pacific|sha256|parameters/);
  });

  it("a number never issued is 404, with or without a code", async () => {
    const unknown = await check(t, {}, "NSP-CERT-1999-999").expect(404);
    expect(unknown.body.error).toBe(messages.certificateNotFound);
    await check(t, { code: issued.checkCode }, "NSP-CERT-1999-999").expect(404);
  });
});

describe("GET /certificates/{number} with the check code or the PDF's hash", () => {
  it("the printed code, typed with dashes and in lower case, opens the full table", async () => {
    const typed = formatCheckCode(issued.checkCode).toLowerCase();
    expect(typed).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);
    const res = await check(t, { code: typed }).expect(200);
    const full = certificateSchema.parse(res.body);
    expect(full).toMatchObject({
      detail: "full",
      number: issued.number,
      status: "valid",
      result: "success",
      shrimpCategory: "Pacific White Shrimp",
      revokedReason: null,
      sha256: issued.sha256,
    });
    expect((full as CertificateFull).parameters.map((line) => line.code)).toEqual(["PB", "CD", "HG"]);
  });

  it("the SHA-256 of the issued PDF opens the full table; a different hash answers the summary", async () => {
    const res = await check(t, { sha256: issued.sha256.toUpperCase() }).expect(200);
    expect(res.body).toMatchObject({ detail: "full", sha256: issued.sha256 });
    const other = await check(t, { sha256: "0".repeat(64) }).expect(200);
    expect(other.body).toMatchObject({ detail: "summary", mismatch: true });
  });

  it("a wrong code answers like the number alone, flagged as not matching", async () => {
    const wrong = issued.checkCode.startsWith("0") ? "1".repeat(16) : "0".repeat(16);
    const res = await check(t, { code: wrong }).expect(200);
    expect(res.body).toEqual({ ...(await check(t).expect(200)).body, mismatch: true });
  });

  it("a code that is not 16 hexadecimal characters, or a malformed hash, is 400 with the reason", async () => {
    for (const code of ["12345", "ZZZZ-ZZZZ-ZZZZ-ZZZZ", `${issued.checkCode}0`]) {
      const res = await check(t, { code }).expect(400);
      expect(res.body.error).toBe(messages.checkCodeInvalid);
    }
    const res = await check(t, { sha256: "abc" }).expect(400);
    expect(res.body.error).toBe(messages.certificateSha256Invalid);
  });

  it("a buyer's own specification reads 'Buyer specification': its name, code and documents appear nowhere", async () => {
    const res = await check(t, { code: issued.checkCode }).expect(200);
    const full = res.body as CertificateFull;
    expect(full.markets).toEqual([
      { code: "EU", name: expect.any(String), buyer: false, version: 1, verdict: "pass" },
      { code: "BUYER-1", name: "Buyer specification", buyer: true, version: 1, verdict: "pass" },
    ]);
    const lead = full.parameters.find((line) => line.code === "PB");
    expect(lead?.markets.map((market) => market.code)).toEqual(["EU", "BUYER-1"]);
    expect(lead?.markets[1]?.limit).toMatchObject({ max: 0.1, reference: "Buyer specification" });
    expect(JSON.stringify(res.body)).not.toMatch(/ACME|Tokyo/);
    // The owner's own report still names it.
    const own = await request(t.app)
      .get(`/api/reports/${issued.id}`)
      .auth(owner.token, { type: "bearer" })
      .expect(200);
    expect(JSON.stringify(own.body)).toContain(BUYER_NAME);
  });

  it("a revoked certificate says so to anyone; its reason, in the fixed list's words, only to a holder; never the internal note", async () => {
    const sample = await submitSample(t.app, owner, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
    });
    const report = await completeWithReport(t, staff.token, sample.id);
    const [row] = await t.database.db
      .update(reports)
      .set({
        status: "revoked",
        revokedAt: new Date(),
        revokedReasonCode: "result_error",
        revokedReason: "Internal: Suresh misread tank seven",
      })
      .where(eq(reports.id, report.id))
      .returning();
    const number = report.details.certification;
    const summary = await check(t, {}, number).expect(200);
    expect(summary.body).toMatchObject({ detail: "summary", status: "revoked", replacedBy: null });
    expect(JSON.stringify(summary.body)).not.toMatch(/reason|wrong|Suresh/i);
    const full = await check(t, { code: row?.checkCode ?? "" }, number).expect(200);
    expect(full.body).toMatchObject({
      detail: "full",
      status: "revoked",
      revokedReasonCode: "result_error",
      revokedReason: "A result was wrong",
    });
    expect(JSON.stringify(full.body)).not.toMatch(/Suresh|tank seven|Internal/);
  });
});

describe("GET /reports/{id}/pdf of a revoked report", () => {
  const download = (id: number) =>
    request(t.app)
      .get(`/api/reports/${id}/pdf`)
      .auth(owner.token, { type: "bearer" })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
  const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

  it("is a copy stamped REVOKED with the date on every page, named -REVOKED; the stored document and its hash stay as issued, and the stamped copy is not taken for it", async () => {
    const sample = await submitSample(t.app, owner, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
    });
    const report = await completeWithReport(t, staff.token, sample.id);
    const number = report.details.certification;
    const before = await download(report.id).expect(200);
    const issuedBytes = before.body as Buffer;
    expect(before.headers["content-disposition"]).toBe(`attachment; filename="${number}.pdf"`);
    expect((await pdfPages(issuedBytes)).join("\n")).not.toContain("REVOKED");

    await revokeByTwo(t, report.id, { reasonCode: "result_error", note: "Internal: tank seven misread" });
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, report.id));
    const day = (row?.revokedAt ?? new Date()).toLocaleDateString("en-IN", {
      day: "2-digit",
      month: "short",
      year: "numeric",
      timeZone: "Asia/Kolkata",
    });
    const after = await download(report.id).expect(200);
    const stamped = after.body as Buffer;
    expect(after.headers["content-type"]).toBe("application/pdf");
    expect(after.headers["content-disposition"]).toBe(`attachment; filename="${number}-REVOKED.pdf"`);
    expect(stamped.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pages = await pdfPages(stamped);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(page).toContain(`REVOKED on ${day} — not replaced: A result was wrong`);
      expect(page).not.toContain("tank seven");
    }
    expect(sha256(stamped)).not.toBe(sha256(issuedBytes));
    // The stored document is the issued one: its hash still opens the check (which says revoked).
    const own = (
      await request(t.app).get(`/api/reports/${report.id}`).auth(owner.token, { type: "bearer" }).expect(200)
    ).body as Report;
    expect(own.sha256).toBe(sha256(issuedBytes));
    const byIssued = await check(t, { sha256: sha256(issuedBytes) }, number).expect(200);
    expect(byIssued.body).toMatchObject({ detail: "full", status: "revoked" });
    const byStamped = await check(t, { sha256: sha256(stamped) }, number).expect(200);
    expect(byStamped.body).toMatchObject({ detail: "summary", mismatch: true });
    // The customer's list says the sample's report is revoked (no replacement yet); others say nothing.
    const list = await request(t.app)
      .get("/api/sample-submissions")
      .query({ size: 100 })
      .auth(owner.token, { type: "bearer" })
      .expect(200);
    const items = (list.body as SamplePage).items;
    expect(items.find((item) => item.id === sample.id)?.reportRevocation).toBe("revoked");
    expect(items.find((item) => item.reportId === issued.id)?.reportRevocation).toBeNull();
    // So does the sample's own page.
    const one = await request(t.app)
      .get(`/api/sample-submissions/${sample.id}`)
      .auth(owner.token, { type: "bearer" })
      .expect(200);
    expect((one.body as Sample).reportRevocation).toBe("revoked");
  });
});

describe("the check code of a report, for its customer and the staff", () => {
  it("the customer's report and list and the staff's sample detail carry the code stored for the report", async () => {
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, issued.id));
    expect(row?.checkCode).toMatch(/^[0-9A-F]{16}$/);
    expect(issued.checkCode).toBe(row?.checkCode);
    const list = await request(t.app).get("/api/reports").auth(owner.token, { type: "bearer" }).expect(200);
    expect((list.body as Report[]).find((report) => report.id === issued.id)?.checkCode).toBe(row?.checkCode);
    const sampleId = row?.sampleId ?? 0;
    const detail = (
      await request(t.app)
        .get(`/api/lab/samples/${sampleId}`)
        .auth(staff.token, { type: "bearer" })
        .expect(200)
    ).body as LabSampleDetail;
    expect(detail.report?.checkCode).toBe(row?.checkCode);
  });
});

describe("limits on the public check", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ database: t.database, rateLimit: true, trustProxy: true });
  });
  afterAll(async () => {
    await limited.close();
  });
  const from = (ip: string, query: Record<string, string> = {}) =>
    check(limited, query).set("X-Forwarded-For", ip);

  it("an address may check 60 times in 10 minutes; the 61st is 429 with Retry-After; another address goes on", async () => {
    expect(CERTIFICATE_CHECKS_PER_IP).toEqual({ points: 60, durationSeconds: 600 });
    for (let n = 0; n < 60; n += 1) await from("203.0.113.7").expect(200);
    const refused = await from("203.0.113.7").expect(429);
    expect(refused.body.error).toBe(messages.tooManyRequests);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(600);
    await from("203.0.113.8").expect(200);
  });

  it("after 10 wrong codes for a number from one address, no code of it is compared for that address (429), while other addresses check it as before", async () => {
    const { points } = CERTIFICATE_MISSES_PER_NUMBER;
    for (let n = 0; n < points; n += 1) {
      const res = await from("198.51.100.9", { code: "0".repeat(15) + "1" }).expect(200);
      expect(res.body).toMatchObject({ detail: "summary", mismatch: true });
    }
    const right = await from("198.51.100.9", { code: issued.checkCode }).expect(429);
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
    await from("198.51.100.9", { sha256: issued.sha256 }).expect(429);
    // The number alone still answers, and a buyer elsewhere is not locked out by the guesser.
    expect((await from("198.51.100.9").expect(200)).body).toMatchObject({ detail: "summary" });
    expect((await from("198.51.100.10", { code: issued.checkCode }).expect(200)).body).toMatchObject({
      detail: "full",
    });
  });
});

describe("what the server logs of a check", () => {
  it("the request line names neither the number nor the code", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await startTestApp({ database: t.database, logger: pino({ level: "info" }, sink) });
    try {
      await check(logged, { code: issued.checkCode }).expect(200);
    } finally {
      await logged.close();
    }
    const text = lines.join("\n");
    expect(text).toContain("GET /api/certificates/:param");
    expect(text).not.toContain(issued.checkCode);
    expect(text).not.toContain(issued.number);
  });
});
