import {
  SHRIMP_CATEGORIES,
  SHRIMP_CATEGORY_NAMES,
  certificateSchema,
  labSampleDetailSchema,
  reportSchema,
  resultMessages,
  type Analysis,
  type Report,
  type Sample,
} from "@lab/contracts";
import { marketLimits, markets, notifications, panelParameters, parameters, specVersions } from "@lab/db";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { fitList } from "../../domain/reports/release";
import { labSample, passingResult, signedInStaff, startTesting } from "../../test/lab";
import { memberById } from "../../test/organisations";
import { pdfPages } from "../../test/pdf-text";
import { samplePayload, submitSample } from "../../test/samples";

// Certified results through HTTP: results judged per market, two people behind every report,
// screening to confirmation, return, amendment and frozen specification versions.

let t: TestApp;
type Who = { id: number; token: string };
let customer: Who;
let other: Who;
let analyst: Who;
let reviewer: Who;
let both: Who;
let admin: Who;

beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Ravi Kumar");
  other = await signedInCustomer(t, "Other Farm");
  analyst = await signedInStaff(t, { roles: ["analyst"], name: "Meena Analyst" });
  reviewer = await signedInStaff(t, { roles: ["reviewer"], name: "Vikram Reviewer" });
  both = await signedInStaff(t, { roles: ["analyst", "reviewer"], name: "Dr. Both" });
  admin = await signedInStaff(t, { roles: ["admin", "analyst", "reviewer"], name: "Admin" });
});
afterAll(async () => {
  await t.close();
});

type Entry = { code: string; value?: number; qualifier?: string };
const post = (who: Who, path: string, body: object) =>
  request(t.app).post(`/api/lab${path}`).auth(who.token, { type: "bearer" }).send(body);
const enter = (sampleId: number, results: Entry[], who: Who = analyst, note?: string) =>
  post(who, `/samples/${sampleId}/results`, note === undefined ? { results } : { results, note });
const release = (sampleId: number, who: Who = reviewer, note?: string) =>
  post(who, `/samples/${sampleId}/release`, note === undefined ? {} : { note });
const asCustomer = (path: string, who: Who = customer) =>
  request(t.app).get(`/api${path}`).auth(who.token, { type: "bearer" });

/** The spec's category that offers the test types (a submission must match them). */
const categoryOf = (testTypes: string[]) =>
  SHRIMP_CATEGORY_NAMES.find((name) =>
    testTypes.every((type) => (SHRIMP_CATEGORIES[name] as readonly string[]).includes(type)),
  ) ?? "Tiger Shrimp";

async function testing(testTypes: string[], markets?: string[], who: Who = customer): Promise<Sample> {
  const sample = await submitSample(t.app, who, {
    shrimpCategory: categoryOf(testTypes),
    testTypes,
    ...(markets ? { markets } : {}),
  });
  await startTesting(t, admin.token, sample.id);
  return sample;
}

const line = (analysis: Analysis | Report, code: string) => {
  const judgement = "judgement" in analysis ? analysis.judgement.parameters : analysis.parameters;
  const found = judgement.find((candidate) => candidate.code === code);
  if (!found) throw new Error(`no line for ${code}`);
  return found;
};
const verdictOf = (analysis: Analysis, code: string, market: string) =>
  line(analysis, code).markets.find((judged) => judged.code === market)?.verdict;
const marketVerdict = (analysis: Analysis, market: string) =>
  analysis.judgement.markets.find((judged) => judged.code === market)?.verdict;

const allNotDetected = (codes: string[]): Entry[] =>
  codes.map((code) => ({ code, qualifier: "not_detected" }));
const HEAVY = ["PB", "CD", "HG"];

describe("verdicts computed per market (every limit kind, boundaries, LOQ)", () => {
  it("a maximum passes at the value, fails above it; not detected passes; the market fails if one fails", async () => {
    const sample = await testing(["Heavy Metal Analysis"], ["EU"]);
    const res = await enter(sample.id, [
      { code: "PB", value: 0.5 },
      { code: "CD", value: 0.51 },
      { code: "HG", qualifier: "not_detected" },
    ]).expect(200);
    const analysis = res.body as Analysis;
    expect(verdictOf(analysis, "PB", "EU")).toBe("pass");
    expect(verdictOf(analysis, "CD", "EU")).toBe("fail");
    expect(verdictOf(analysis, "HG", "EU")).toBe("pass");
    expect(line(analysis, "PB").markets[0]?.limitText).toBe("≤ 0.5");
    expect(marketVerdict(analysis, "EU")).toBe("fail");
    expect(analysis.state).toBe("awaiting_review");
    expect(analysis.judgement).toMatchObject({ complete: true, result: "failure", missing: [] });
    expect(analysis.results.map((r) => r.enteredBy)).toEqual([
      "Meena Analyst",
      "Meena Analyst",
      "Meena Analyst",
    ]);

    const report = (await release(sample.id).expect(201)).body as Report;
    expect(report.result).toBe("failure");
    expect(report.details.certification).toBeNull();
    expect(report.details.finalReview).toBe("EU ✗");
    expect(report.markets).toEqual([expect.objectContaining({ code: "EU", verdict: "fail", version: 1 })]);
    expect(report.tests).toEqual([
      expect.objectContaining({ testType: "Heavy Metal Analysis", value: "3 parameters", verdict: "fail" }),
    ]);
  });

  it("a strict limit (EU reference point) fails at the value itself; a prohibited residue seen at all (a value, below LOQ) fails every market; under the LOD passes", async () => {
    const sample = await testing(["Antibiotic Residue Test"], ["EU", "US"]);
    const res = await enter(sample.id, [
      { code: "CAP", value: 0.15 },
      { code: "AOZ", value: 0.49 },
      { code: "AMOZ", qualifier: "below_loq" },
      { code: "AHD", value: 0.01 },
      ...allNotDetected(["SEM", "MG_LMG", "TCS", "ENR_CIP"]),
    ]).expect(200);
    const analysis = res.body as Analysis;
    expect(verdictOf(analysis, "CAP", "EU")).toBe("fail");
    expect(line(analysis, "CAP").markets[0]?.limitText).toBe("< 0.15");
    // Nitrofurans are prohibited: 0.49 is under the EU's 0.5, and below the LOQ is still seen.
    expect(verdictOf(analysis, "AOZ", "EU")).toBe("fail");
    expect(line(analysis, "AOZ").prohibitedDetected).toBe(true);
    expect(verdictOf(analysis, "AMOZ", "EU")).toBe("fail");
    expect(line(analysis, "AMOZ").result?.display).toMatch(/^< LOQ/);
    expect(line(analysis, "AHD").prohibitedDetected).toBeUndefined();
    expect(line(analysis, "AHD").result?.display).toMatch(/^Not detected \(< LOD/);
    expect(verdictOf(analysis, "AHD", "EU")).toBe("pass");
    // The US tolerates none: a measured chloramphenicol fails there whatever its amount.
    expect(verdictOf(analysis, "CAP", "US")).toBe("fail");
    expect(verdictOf(analysis, "AOZ", "US")).toBe("fail");
    expect(verdictOf(analysis, "TCS", "US")).toBe("no_limit");
    expect(line(analysis, "TCS").markets[1]?.limitText).toBe("—");
  });

  it("absent in 25 g: absent passes, present fails", async () => {
    const sample = await testing(["Microbiological Testing"], ["EU"]);
    const present = (
      await enter(sample.id, [
        { code: "TPC", value: 5000 },
        { code: "ECOLI", qualifier: "not_detected" },
        { code: "SALM", qualifier: "present" },
        { code: "VIBRIO", qualifier: "not_detected" },
      ]).expect(200)
    ).body as Analysis;
    expect(verdictOf(present, "SALM", "EU")).toBe("fail");
    expect(line(present, "SALM").result?.display).toBe("Present in 25 g");
    const absent = (await enter(sample.id, [{ code: "SALM", qualifier: "absent" }]).expect(200))
      .body as Analysis;
    expect(verdictOf(absent, "SALM", "EU")).toBe("pass");
    expect(marketVerdict(absent, "EU")).toBe("pass");
  });

  it("minimum, range and graded limits of a buyer's own specification", async () => {
    const db = t.database.db;
    await db.insert(parameters).values({
      code: "T_GRADE",
      name: "Quality grade",
      kind: "graded",
      method: "Sensory panel",
      grades: ["A", "B", "C"],
    });
    await db.insert(parameters).values({
      code: "T_MOIST",
      name: "Moisture",
      kind: "quantitative",
      unit: "%",
      method: "Oven drying",
    });
    await db.insert(parameters).values({
      code: "T_PROT",
      name: "Protein",
      kind: "quantitative",
      unit: "g/100 g",
      method: "Kjeldahl",
    });
    // This file's own panel for the test type, so the catalogue's may change freely.
    await db.delete(panelParameters).where(eq(panelParameters.testType, "Nutritional Analysis"));
    await db.insert(panelParameters).values([
      { testType: "Nutritional Analysis", parameterCode: "T_PROT", position: 1 },
      { testType: "Nutritional Analysis", parameterCode: "T_MOIST", position: 2 },
      { testType: "Nutritional Analysis", parameterCode: "T_GRADE", position: 3 },
    ]);
    const { organisationId } = await memberById(db, customer.id);
    await db
      .insert(markets)
      .values({ code: "BUYER-RK", name: "Ravi's buyer", customerId: customer.id, organisationId });
    const [version] = await db
      .insert(specVersions)
      .values({ marketCode: "BUYER-RK", version: 1, effectiveFrom: "2026-01-01", reference: "PO 17" })
      .returning();
    if (!version) throw new Error("no version");
    const limit = { specVersionId: version.id, reference: "PO 17 annex", effectiveFrom: "2026-01-01" };
    await db.insert(marketLimits).values([
      { ...limit, parameterCode: "T_PROT", kind: "min", min: 18 },
      { ...limit, parameterCode: "T_MOIST", kind: "range", min: 70, max: 80 },
      { ...limit, parameterCode: "T_GRADE", kind: "min", grade: "B" },
    ]);

    const sample = await testing(["Nutritional Analysis"], ["BUYER-RK"]);
    const first = (
      await enter(sample.id, [
        { code: "T_PROT", value: 18 },
        { code: "T_MOIST", value: 80 },
        { code: "T_GRADE", qualifier: "b" },
      ]).expect(200)
    ).body as Analysis;
    expect(verdictOf(first, "T_PROT", "BUYER-RK")).toBe("pass");
    expect(verdictOf(first, "T_MOIST", "BUYER-RK")).toBe("pass");
    expect(verdictOf(first, "T_GRADE", "BUYER-RK")).toBe("pass");
    expect(line(first, "T_GRADE").result?.display).toBe("B");
    const second = (
      await enter(sample.id, [
        { code: "T_PROT", value: 17.9 },
        { code: "T_MOIST", value: 80.1 },
        { code: "T_GRADE", qualifier: "C" },
      ]).expect(200)
    ).body as Analysis;
    expect(verdictOf(second, "T_PROT", "BUYER-RK")).toBe("fail");
    expect(verdictOf(second, "T_MOIST", "BUYER-RK")).toBe("fail");
    expect(verdictOf(second, "T_GRADE", "BUYER-RK")).toBe("fail");
    expect(line(second, "T_MOIST").markets[0]?.limitText).toBe("70–80");

    // Another customer cannot choose this buyer's specification.
    const refused = await request(t.app)
      .post("/api/sample-submissions")
      .auth(other.token, { type: "bearer" })
      .send(
        samplePayload(other.id, {
          shrimpCategory: "Pacific White Shrimp",
          testTypes: ["Nutritional Analysis"],
          markets: ["BUYER-RK"],
        }),
      );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: resultMessages.marketUnknown, field: "markets" });
  });

  it("with no market chosen the lab's default limits judge, and a pass earns a certification number", async () => {
    const sample = await testing(["Pathogen Detection"]);
    const analysis = (await enter(sample.id, allNotDetected(["WSSV", "EHP", "AHPND", "IHHNV"])).expect(200))
      .body as Analysis;
    expect(analysis.judgement.markets.map((market) => market.code)).toEqual(["LAB"]);
    const report = (await release(sample.id).expect(201)).body as Report;
    expect(report.result).toBe("success");
    expect(report.details.certification).toMatch(/^NSP-CERT-\d{4}-\d{3,}$/);
    expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a parameter outside the panel, a duplicate, and a qualifier or value the parameter does not take", async () => {
    const sample = await testing(["Heavy Metal Analysis"], ["EU"]);
    const outside = await enter(sample.id, [
      { code: "PB", value: 0.1 },
      { code: "WSSV", qualifier: "detected" },
    ]);
    expect(outside.status).toBe(400);
    expect(outside.body).toMatchObject({ error: resultMessages.parameterUnknown, field: "results.1.code" });
    const duplicate = await enter(sample.id, [
      { code: "PB", value: 0.1 },
      { code: "pb", value: 0.2 },
    ]);
    expect(duplicate.body).toMatchObject({ error: resultMessages.resultDuplicate, field: "results.1.code" });
    const qualifier = await enter(sample.id, [{ code: "PB", qualifier: "absent" }]);
    expect(qualifier.body).toMatchObject({
      error: resultMessages.resultQualifierInvalid,
      field: "results.0.qualifier",
    });
    const negative = await enter(sample.id, [{ code: "PB", value: -1 }]);
    expect(negative.status).toBe(400);
    const none = await enter(sample.id, [{ code: "PB" }]);
    expect(none.body.error).toBe(resultMessages.resultValueOrQualifier);
    // Nothing was written by the refused requests.
    expect((await labSample(t, admin.token, sample.id)).analysis).toBeNull();
  });
});

describe("every test type's report fits the contract", () => {
  it("a released report of each of the 36 test types reads back through reportSchema, the staff detail and the certificate check", async () => {
    for (const category of SHRIMP_CATEGORY_NAMES) {
      const testTypes = [...SHRIMP_CATEGORIES[category]];
      const sample = await testing(testTypes);
      const detail = await labSample(t, admin.token, sample.id);
      expect(detail.panel.length).toBeGreaterThan(testTypes.length);
      await enter(sample.id, detail.panel.map(passingResult)).expect(200);
      const released = await release(sample.id).expect(201);
      // What the web parses: a field over its limit (a long list of methods) would break the page.
      const report = reportSchema.parse(released.body);
      expect(report.tests.map((test) => test.testType)).toEqual(testTypes);
      // The legacy "viral screening" section names every PCR result of the report, not a chance few.
      for (const pcr of report.parameters.filter((line) => line.method.includes("PCR"))) {
        expect(report.details.labResults.viralScreening).toContain(pcr.name);
      }
      labSampleDetailSchema.parse(await labSample(t, admin.token, sample.id));
      reportSchema.parse((await asCustomer(`/reports/${String(report.id)}`).expect(200)).body);
      if (report.details.certification) {
        const certificate = await request(t.app)
          .get(`/api/certificates/${report.details.certification}`)
          .expect(200);
        certificateSchema.parse(certificate.body);
      }
    }
  }, 180_000);

  it("fitList keeps a list of methods within the field: as many as fit, then how many more", () => {
    expect(fitList(["PCR", "ISO 4833-1"], 120)).toBe("PCR, ISO 4833-1");
    const many = Array.from({ length: 12 }, (_, index) => `Method number ${String(index + 1)}`);
    const fitted = fitList(many, 120);
    expect(fitted.length).toBeLessThanOrEqual(120);
    expect(fitted).toMatch(/^Method number 1, .* and \d+ more$/);
    expect(fitList(["x".repeat(300)], 120).length).toBeLessThanOrEqual(120);
  });
});

describe("two people behind every report", () => {
  it("the analyst cannot release; a staff member who entered a result gets 403 same_person; another reviewer releases", async () => {
    const sample = await testing(["Heavy Metal Analysis"], ["EU"]);
    await enter(sample.id, [{ code: "PB", value: 0.1 }], both).expect(200);
    await enter(sample.id, allNotDetected(["CD", "HG"]), analyst).expect(200);

    const noRole = await release(sample.id, analyst);
    expect(noRole.status).toBe(403);
    expect(noRole.body).toMatchObject({
      code: "role_required",
      error: resultMessages.roleRequired("reviewer"),
    });
    const same = await release(sample.id, both);
    expect(same.status).toBe(403);
    expect(same.body).toMatchObject({ code: "same_person", error: resultMessages.samePerson });
    const reviewerEnters = await enter(sample.id, [{ code: "PB", value: 0.1 }], reviewer);
    expect(reviewerEnters.body).toMatchObject({ code: "role_required" });

    const detail = await labSample(t, admin.token, sample.id);
    expect(detail.analysis?.enteredBy.map((person) => person.name).sort()).toEqual([
      "Dr. Both",
      "Meena Analyst",
    ]);
    expect(detail.sample.status).toBe("TESTING");

    const report = (await release(sample.id, reviewer, "Checked against raw data").expect(201))
      .body as Report;
    expect(report.analyst?.name).toBe("Meena Analyst");
    expect(report.reviewer?.name).toBe("Vikram Reviewer");
    const after = await labSample(t, admin.token, sample.id);
    expect(after.sample.status).toBe("COMPLETED");
    expect(after.analysis?.state).toBe("released");
    expect(after.report?.id).toBe(report.id);
    expect(after.events.map((event) => event.note)).toContain("Results entered: CD, HG");

    // Released: no more results, no second release.
    const late = await enter(sample.id, [{ code: "PB", value: 0.2 }]);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(resultMessages.resultsNotTesting);
    expect((await release(sample.id)).status).toBe(409);
  });

  it("release refuses incomplete results and a sample without any (409)", async () => {
    const sample = await testing(["Heavy Metal Analysis"], ["EU"]);
    expect((await release(sample.id)).body).toMatchObject({ code: "nothing_to_release" });
    await enter(sample.id, [{ code: "PB", value: 0.1 }]).expect(200);
    const incomplete = await release(sample.id);
    expect(incomplete.status).toBe(409);
    expect(incomplete.body).toMatchObject({
      code: "results_incomplete",
      error: resultMessages.resultsIncomplete,
    });
    const pending = await labSample(t, admin.token, sample.id);
    expect(pending.analysis?.judgement.missing).toEqual(["CD", "HG"]);
    expect(pending.analysis?.state).toBe("awaiting_results");
    // Results before testing starts are refused.
    const early = await submitSample(t.app, customer, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
    });
    expect((await enter(early.id, [{ code: "PB", value: 0.1 }])).status).toBe(409);
    expect((await enter(999_999, [{ code: "PB", value: 0.1 }])).status).toBe(404);
  });

  it("the reviewer returns results with a note; the analyst corrects them; then they are released", async () => {
    const sample = await testing(["Heavy Metal Analysis"], ["EU"]);
    await enter(sample.id, [{ code: "PB", value: 5 }, ...allNotDetected(["CD", "HG"])]).expect(200);
    const noNote = await post(reviewer, `/samples/${sample.id}/return`, {});
    expect(noNote.status).toBe(400);
    expect(noNote.body.error).toBe(resultMessages.returnNoteRequired);
    const returned = (
      await post(reviewer, `/samples/${sample.id}/return`, {
        note: "Pb looks like a unit slip (µg/kg)",
      }).expect(200)
    ).body as Analysis;
    expect(returned).toMatchObject({ state: "returned", returnedNote: "Pb looks like a unit slip (µg/kg)" });
    expect((await release(sample.id)).body).toMatchObject({ code: "nothing_to_release" });

    const corrected = (await enter(sample.id, [{ code: "PB", value: 0.005 }]).expect(200)).body as Analysis;
    expect(corrected).toMatchObject({ state: "awaiting_review", returnedNote: null });
    const report = (await release(sample.id).expect(201)).body as Report;
    expect(report.result).toBe("success");

    const detail = await labSample(t, admin.token, sample.id);
    expect(detail.events.some((event) => event.note === "Pb looks like a unit slip (µg/kg)")).toBe(true);
    // The customer's timeline shows neither the results nor the return.
    const timeline = (await asCustomer(`/sample-submissions/${sample.id}/events`).expect(200)).body as {
      note: string | null;
    }[];
    expect(timeline.map((event) => event.note)).not.toContain("Pb looks like a unit slip (µg/kg)");
    expect(timeline.some((event) => event.note?.startsWith("Results entered"))).toBe(false);
  });
});

describe("the reviewer's queue", () => {
  it("GET /lab/samples?analysis=awaiting_review lists rounds waiting for a second person, until released", async () => {
    const sample = await testing(["Heavy Metal Analysis"], ["EU"]);
    const queue = async () =>
      (
        (
          await request(t.app)
            .get("/api/lab/samples?analysis=awaiting_review&size=100")
            .auth(reviewer.token, { type: "bearer" })
            .expect(200)
        ).body as { items: Sample[] }
      ).items.map((item) => item.id);
    expect(await queue()).not.toContain(sample.id);
    await enter(sample.id, allNotDetected(HEAVY)).expect(200);
    expect(await queue()).toContain(sample.id);
    await release(sample.id).expect(201);
    expect(await queue()).not.toContain(sample.id);
    const bad = await request(t.app)
      .get("/api/lab/samples?analysis=bogus")
      .auth(reviewer.token, { type: "bearer" });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("analysis");
  });
});

describe("screening and confirmation", () => {
  it("a positive ELISA keeps the sample in testing, tells the customer, and needs LC-MS/MS before release; both results are kept", async () => {
    const sample = await testing(["Chemical Residue Analysis"], ["EU"]);
    const early = await enter(sample.id, [{ code: "CAP", value: 0.05 }]);
    expect(early.body).toMatchObject({ error: resultMessages.parameterUnknown, field: "results.0.code" });

    const screened = (
      await enter(sample.id, [
        { code: "CAP_ELISA", value: 0.4 },
        ...allNotDetected(["AOZ_ELISA", "MG_LMG", "TCS"]),
      ]).expect(200)
    ).body as Analysis;
    expect(screened.state).toBe("confirmation");
    expect(screened.judgement.confirmationsRequired).toEqual(["CAP_ELISA"]);
    expect(line(screened, "CAP_ELISA").confirmedBy).toBe("CAP");
    expect(marketVerdict(screened, "EU")).toBe("pending");
    const refused = await release(sample.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "confirmation_pending",
      error: resultMessages.confirmationPending,
    });

    const detail = await labSample(t, admin.token, sample.id);
    expect(detail.sample.status).toBe("TESTING");
    expect(detail.panel.map((parameter) => parameter.code)).toContain("CAP");
    const timeline = (await asCustomer(`/sample-submissions/${sample.id}/events`).expect(200)).body as {
      note: string | null;
      kind: string;
    }[];
    expect(timeline.filter((event) => event.kind === "confirmation").map((event) => event.note)).toEqual([
      "Confirmation testing: Chloramphenicol (screening 0.4 µg/kg ≥ cut-off 0.1) → LC-MS/MS",
    ]);
    // The lab's internal steps (results entered, returned) stay off the customer's timeline.
    expect(timeline.map((event) => event.kind)).not.toContain("results");

    const confirmed = (await enter(sample.id, [{ code: "CAP", value: 0.2 }]).expect(200)).body as Analysis;
    expect(confirmed.state).toBe("awaiting_review");
    expect(verdictOf(confirmed, "CAP", "EU")).toBe("fail");
    const report = (await release(sample.id).expect(201)).body as Report;
    expect(report.result).toBe("failure");
    expect(report.parameters.map((parameter) => parameter.code)).toEqual(
      expect.arrayContaining(["CAP_ELISA", "CAP"]),
    );
    expect(line(report, "CAP_ELISA").result?.value).toBe(0.4);
    expect(line(report, "CAP").result?.value).toBe(0.2);
  });

  it("a screening and its confirmation may come in one request; a negative screening needs none", async () => {
    const sample = await testing(["Chemical Residue Analysis"], ["EU"]);
    const analysis = (
      await enter(sample.id, [
        { code: "CAP_ELISA", value: 0.1 },
        { code: "CAP", qualifier: "not_detected" },
        { code: "AOZ_ELISA", value: 0.25 },
        ...allNotDetected(["MG_LMG", "TCS"]),
      ]).expect(200)
    ).body as Analysis;
    expect(analysis.state).toBe("awaiting_review");
    expect(marketVerdict(analysis, "EU")).toBe("pass");
    expect(analysis.judgement.parameters.map((parameter) => parameter.code)).not.toContain("AOZ");
  });
});

describe("amendment: revoke, then a replacement by the same two-person rule", () => {
  it("issues a new number, links both reports, shows replacedBy on the certificate and tells the customer", async () => {
    const sample = await testing(["Heavy Metal Analysis"], ["EU"]);
    await enter(sample.id, allNotDetected(HEAVY)).expect(200);
    const first = (await release(sample.id).expect(201)).body as Report;
    expect(first.details.certification).not.toBeNull();

    // Before a revoke the sample takes no results.
    expect((await enter(sample.id, [{ code: "PB", value: 0.1 }])).status).toBe(409);
    const asked = await post(admin, `/reports/${first.id}/revoke`, {
      reasonCode: "result_error",
      note: "Wrong batch weighed",
    }).expect(202);
    await post(reviewer, `/revocations/${asked.body.id}/confirm`, {}).expect(200);
    const revoked = await labSample(t, admin.token, sample.id);
    expect(revoked.sample.status).toBe("COMPLETED");
    expect(revoked.analysis).toMatchObject({ round: 2, state: "awaiting_results", results: [] });

    await enter(sample.id, [{ code: "PB", value: 0.2 }, ...allNotDetected(["CD", "HG"])], both).expect(200);
    expect((await release(sample.id, both)).body).toMatchObject({ code: "same_person" });
    const second = (await release(sample.id, reviewer).expect(201)).body as Report;
    expect(second.details.certification).not.toBe(first.details.certification);
    expect(second.replaces).toEqual({ id: first.id, certification: first.details.certification });

    const old = (await asCustomer(`/reports/${first.id}`).expect(200)).body as Report;
    expect(old).toMatchObject({ status: "revoked", replacedBy: { id: second.id } });
    const certificate = await request(t.app)
      .get(`/api/certificates/${first.details.certification ?? ""}`)
      .query({ code: first.checkCode ?? "" })
      .expect(200);
    expect(certificate.body).toMatchObject({
      detail: "full",
      status: "revoked",
      replacedBy: second.details.certification,
    });
    expect(certificate.body.sha256).toMatch(/^[0-9a-f]{64}$/);

    const replacedNotice = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.sampleId, sample.id));
    expect(replacedNotice.map((notice) => notice.type)).toContain("report_replaced");
    const notice = replacedNotice.find((row) => row.type === "report_replaced");
    expect(notice?.data).toMatchObject({
      notice: "reportReplaced",
      certification: second.details.certification,
    });

    const detail = await labSample(t, admin.token, sample.id);
    expect(detail.reports.map((report) => report.id)).toEqual([second.id, first.id]);
    expect(detail.report?.id).toBe(second.id);
    const own = (await asCustomer(`/sample-submissions/${sample.id}`).expect(200)).body as Sample;
    expect(own.reportId).toBe(second.id);
    const list = (await asCustomer("/sample-submissions?size=100").expect(200)).body as { items: Sample[] };
    expect(list.items.filter((item) => item.id === sample.id)).toHaveLength(1);
  });
});

describe("specification versions: an issued report keeps the version it was judged against", () => {
  it("a tighter EU version added after release changes neither the report nor its certificate; the next sample uses it", async () => {
    const sample = await testing(["Heavy Metal Analysis"], ["EU"]);
    await enter(sample.id, [{ code: "PB", value: 0.3 }, ...allNotDetected(["CD", "HG"])]).expect(200);
    const issued = (await release(sample.id).expect(201)).body as Report;
    const certificateBefore = (
      await request(t.app)
        .get(`/api/certificates/${issued.details.certification ?? ""}`)
        .query({ code: issued.checkCode ?? "" })
        .expect(200)
    ).body;
    expect(certificateBefore).toMatchObject({ detail: "full" });

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const [version] = await t.database.db
      .insert(specVersions)
      .values({ marketCode: "EU", version: 2, effectiveFrom: yesterday, reference: "Tighter test version" })
      .returning();
    if (!version) throw new Error("no version");
    // A whole specification, as staff publish one: version 1's limits with lead tightened (the later
    // tests of this file are judged by it).
    const [first] = await t.database.db
      .select({ id: specVersions.id })
      .from(specVersions)
      .where(and(eq(specVersions.marketCode, "EU"), eq(specVersions.version, 1)));
    if (!first) throw new Error("no EU version 1");
    const previous = await t.database.db
      .select()
      .from(marketLimits)
      .where(eq(marketLimits.specVersionId, first.id));
    await t.database.db.insert(marketLimits).values(
      previous.map((limit) =>
        limit.parameterCode === "PB"
          ? {
              ...limit,
              specVersionId: version.id,
              kind: "max" as const,
              max: 0.1,
              reference: "Test",
              effectiveFrom: yesterday,
            }
          : { ...limit, specVersionId: version.id, effectiveFrom: yesterday },
      ),
    );

    const reread = (await asCustomer(`/reports/${issued.id}`).expect(200)).body as Report;
    expect(reread.markets).toEqual(issued.markets);
    expect(reread.parameters).toEqual(issued.parameters);
    expect(reread.sha256).toBe(issued.sha256);
    const certificateAfter = (
      await request(t.app)
        .get(`/api/certificates/${issued.details.certification ?? ""}`)
        .query({ code: issued.checkCode ?? "" })
        .expect(200)
    ).body;
    expect(certificateAfter).toEqual(certificateBefore);
    // The version that judged the report is frozen: staff add versions, they cannot edit a used one.
    const edit = await request(t.app)
      .put("/api/lab/markets/EU/versions/1")
      .auth(admin.token, { type: "bearer" })
      .send({ effectiveFrom: "2023-05-25", reference: "Edited", limits: [] });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe("spec_version_used");
    // The console shows the released round as its report states it.
    expect((await labSample(t, admin.token, sample.id)).analysis?.judgement.markets).toEqual(issued.markets);

    const next = await testing(["Heavy Metal Analysis"], ["EU"]);
    const judged = (
      await enter(next.id, [{ code: "PB", value: 0.3 }, ...allNotDetected(["CD", "HG"])]).expect(200)
    ).body as Analysis;
    expect(judged.judgement.markets[0]).toMatchObject({ code: "EU", version: 2, verdict: "fail" });
  });
});

describe("markets on submission and the profile", () => {
  it("lists the choosable markets, takes the profile's default, and refuses unknown codes", async () => {
    const choices = (await asCustomer("/markets", other).expect(200)).body as { code: string }[];
    expect(choices.map((choice) => choice.code)).toEqual(
      expect.arrayContaining(["EU", "US", "JP", "CN", "IN"]),
    );
    expect(choices.map((choice) => choice.code)).not.toContain("LAB");
    expect(choices.map((choice) => choice.code)).not.toContain("BUYER-RK");

    const profile = (path: string, body: object) =>
      request(t.app)
        .put(`/api/customers/${other.id}${path}`)
        .auth(other.token, { type: "bearer" })
        .send(body);
    const bad = await profile("/profile", { defaultMarkets: ["XX"] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: resultMessages.marketUnknown, field: "defaultMarkets" });
    await profile("/profile", { defaultMarkets: ["eu", "US"] }).expect(200);

    const defaulted = await submitSample(t.app, other, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
    });
    expect(defaulted.markets).toEqual(["EU", "US"]);
    const chosen = await submitSample(t.app, other, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
      markets: ["jp"],
    });
    expect(chosen.markets).toEqual(["JP"]);
    const none = await submitSample(t.app, other, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
      markets: [],
    });
    expect(none.markets).toEqual([]);
    const unknown = await request(t.app)
      .post("/api/sample-submissions")
      .auth(other.token, { type: "bearer" })
      .send(samplePayload(other.id, { markets: ["XX"] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: resultMessages.marketUnknown, field: "markets" });
  });
});

describe("trend of one parameter across a provider's reports", () => {
  it("answers each report's value and verdict with the market's current limit, oldest first", async () => {
    const provider = await request(t.app)
      .post(`/api/customers/${customer.id}/sample-providers`)
      .auth(customer.token, { type: "bearer" })
      .send({ samplerName: "Pond 7", phoneNumber: "9848022339" })
      .expect(201);
    const providerId = (provider.body as { id: number }).id;
    for (const value of [0.05, 0.4]) {
      const sample = await submitSample(t.app, customer, {
        samplerId: providerId,
        shrimpCategory: "Pacific White Shrimp",
        testTypes: ["Heavy Metal Analysis"],
        markets: ["EU", "US"],
      });
      await startTesting(t, admin.token, sample.id);
      await enter(sample.id, [{ code: "HG", value }, ...allNotDetected(["PB", "CD"])]).expect(200);
      await release(sample.id).expect(201);
    }
    const trend = await asCustomer(`/reports/trend?providerId=${providerId}&parameter=hg&market=US`).expect(
      200,
    );
    expect(trend.body).toMatchObject({
      parameter: { code: "HG" },
      market: "US",
      limit: { kind: "max", max: 1 },
    });
    expect(trend.body.points.map((point: { value: number }) => point.value)).toEqual([0.05, 0.4]);
    expect(trend.body.points.map((point: { verdict: string }) => point.verdict)).toEqual(["pass", "pass"]);
    expect((await asCustomer(`/reports/trend?providerId=${providerId}&parameter=HG`, other)).status).toBe(
      404,
    );
    expect((await asCustomer(`/reports/trend?providerId=${providerId}`)).status).toBe(400);
    expect((await asCustomer(`/reports/trend?providerId=${providerId}&parameter=NOPE`)).status).toBe(400);
  });
});

describe("a certificate for the markets that passed", () => {
  const RESIDUES = ["CAP", "AMOZ", "AHD", "SEM", "MG_LMG", "TCS", "ENR_CIP"];
  const pdfText = async (reportId: number) => {
    const res = await asCustomer(`/reports/${reportId}/pdf`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    return {
      pages: await pdfPages(res.body as Buffer),
      disposition: String(res.headers["content-disposition"]),
    };
  };

  it("EU passed, US failed: a certificate number that certifies the EU only, named on the report, the list and the PDF's first page", async () => {
    const sample = await testing(["Antibiotic Residue Test"], ["EU", "US"]);
    // Enrofloxacin + ciprofloxacin 40 µg/kg: within the EU's MRL (≤ 100), detected, which the US
    // refuses (fluoroquinolones are not to be found at all there; not a prohibited residue in the EU).
    await enter(sample.id, [
      { code: "ENR_CIP", value: 40 },
      ...allNotDetected(["AOZ", ...RESIDUES.filter((code) => code !== "ENR_CIP")]),
    ]).expect(200);
    const report = reportSchema.parse((await release(sample.id).expect(201)).body);
    expect(report.result).toBe("failure");
    expect(report.details.certification).toMatch(/^NSP-CERT-\d{4}-\d{3,}$/);
    expect(report.checkCode).toMatch(/^[0-9A-F]{16}$/);
    expect(report.certifiedMarkets).toEqual(["EU"]);
    expect(report.notCertifiedMarkets).toEqual(["US"]);

    const listed = reportSchema
      .array()
      .parse((await asCustomer("/reports").expect(200)).body)
      .find((entry) => entry.id === report.id);
    expect(listed).toMatchObject({
      farmer: "Pond",
      place: "Bhimavaram",
      shrimpCategory: sample.shrimpCategory,
      certifiedMarkets: ["EU"],
      notCertifiedMarkets: ["US"],
      details: { certification: report.details.certification },
    });
    expect(listed?.panels).toEqual([
      { testType: "Antibiotic Residue Test", codes: expect.arrayContaining(["AOZ", "CAP"]) },
    ]);

    const { pages, disposition } = await pdfText(report.id);
    expect(disposition).toContain(`${report.details.certification ?? "?"}.pdf`);
    const first = pages[0] ?? "";
    expect(first).toContain(`Certification No.: ${report.details.certification ?? "?"}`);
    expect(first).toContain("Certifies: European Union (EU)");
    expect(first).toContain("Does not certify: United States (US)");
    expect(first).toContain("Passed for EU · Not for US");
    expect(first).toMatch(/Outside a limit\n.*(Enrofloxacin|ENR_CIP).*: 40 [µμ]g\/kg, US limit Not detected/);

    const mail = await t.smtp.waitFor((m) => m.subject.includes(`sample #${sample.id} is ready`));
    expect(mail.text).toContain("Passed for EU, not for US");
    expect(mail.text).toContain(report.details.certification ?? "?");
  });

  it("no market passed: a test report without a number that says so", async () => {
    const sample = await testing(["Antibiotic Residue Test"], ["EU", "US"]);
    // Chloramphenicol 0.2 µg/kg: at or above the EU reference point, and detected for the US.
    await enter(sample.id, [
      { code: "CAP", value: 0.2 },
      ...allNotDetected(["AOZ", ...RESIDUES.filter((code) => code !== "CAP")]),
    ]).expect(200);
    const report = reportSchema.parse((await release(sample.id).expect(201)).body);
    expect(report.details.certification).toBeNull();
    expect(report.checkCode).toBeNull();
    expect(report.certifiedMarkets).toEqual([]);
    expect(report.notCertifiedMarkets).toEqual(["EU", "US"]);
    const { pages, disposition } = await pdfText(report.id);
    expect(disposition).toContain(`test-report-R-${String(report.id)}.pdf`);
    const first = pages[0] ?? "";
    expect(first).toContain("No judged market passed: this test report carries no certificate number.");
    expect(first).toContain("Not passed for EU, US");
    expect(first).toMatch(/Chloramphenicol[^:\n]*: 0\.2 [µμ]g\/kg, EU limit < 0\.15; US limit Not detected/);
    expect(first).not.toContain("Certifies:");
  });
});

describe("hostile results input is a 400, never a 500", () => {
  let sample: Sample;
  beforeAll(async () => {
    sample = await testing(["Heavy Metal Analysis"], ["EU"]);
  });
  it.each([
    ["a string value", { results: [{ code: "PB", value: "NaN" }] }],
    ["an infinite-ish value", { results: [{ code: "PB", value: "1e400" }] }],
    ["a NUL in the code", { results: [{ code: "P\u0000B", value: 1 }] }],
    ["a qualifier array", { results: [{ code: "PB", qualifier: ["a"] }] }],
    ["results not a list", { results: "PB=1" }],
    ["no results", { results: [] }],
    ["too many results", { results: Array.from({ length: 201 }, () => ({ code: "PB", value: 1 })) }],
    ["a huge note", { results: [{ code: "PB", value: 1 }], note: "x".repeat(5000) }],
  ])("%s", async (_name, body) => {
    const res = await post(analyst, `/samples/${sample.id}/results`, body);
    expect(res.status).toBe(400);
  });
});
