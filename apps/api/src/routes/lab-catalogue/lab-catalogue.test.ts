import {
  resultMessages,
  type Market,
  type Panel,
  type Parameter,
  type SpecVersion,
  type StaffRole,
} from "@lab/contracts";
import { reports, reportSpecVersions } from "@lab/db";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../../domain/context";
import { addStaff } from "../../domain/staff/staff";
import {
  signedInCustomer,
  startTestApp,
  TEST_JWT_SECRET,
  uniqueEmail,
  type TestApp,
} from "../../test/harness";
import { memberById } from "../../test/organisations";
import { submitSample } from "../../test/samples";

let t: TestApp;
let admin: string;
let analyst: string;

async function tokenOf(roles: StaffRole[]): Promise<string> {
  const ctx = createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET, bcryptCost: 10 });
  const email = uniqueEmail("staff");
  await addStaff(ctx, { email, name: "Staff", password: "LabStaff#2026", roles });
  const res = await request(t.app)
    .post("/api/lab/login")
    .send({ email, password: "LabStaff#2026" })
    .expect(200);
  return (res.body as { accessToken: string }).accessToken;
}
const call = (token: string, method: "get" | "post" | "put", path: string) =>
  request(t.app)[method](`/api/lab${path}`).auth(token, { type: "bearer" });

beforeAll(async () => {
  t = await startTestApp();
  admin = await tokenOf(["admin"]);
  analyst = await tokenOf(["analyst", "reviewer"]);
});
afterAll(async () => {
  await t.close();
});

const parameter = {
  code: "oxy_tc",
  name: "Oxytetracycline",
  kind: "quantitative",
  unit: "µg/kg",
  method: "LC-MS/MS",
  lod: 2,
  loq: 5,
};

const limit = (over: object = {}) => ({
  parameter: "CAP",
  kind: "max",
  max: 0.3,
  reference: "Test regulation 1/2026",
  effectiveFrom: "2026-01-01",
  ...over,
});

describe("lab catalogue", () => {
  it("any staff member reads the seeded catalogue; writes need the admin role (403 role_required)", async () => {
    const list = await call(analyst, "get", "/parameters").expect(200);
    const cap = (list.body as Parameter[]).find((p) => p.code === "CAP");
    expect(cap).toMatchObject({ kind: "quantitative", unit: "µg/kg", method: "LC-MS/MS" });

    const panels = (await call(analyst, "get", "/panels").expect(200)).body as Panel[];
    expect(panels).toHaveLength(36);
    expect(panels.find((p) => p.testType === "Heavy Metal Analysis")?.parameters.map((p) => p.code)).toEqual([
      "PB",
      "CD",
      "HG",
    ]);
    // Test types without a panel yet are listed with none.
    expect(panels.every((p) => Array.isArray(p.parameters))).toBe(true);

    const markets = (await call(analyst, "get", "/markets").expect(200)).body as Market[];
    expect(markets.map((m) => m.code)).toEqual(expect.arrayContaining(["EU", "US", "JP", "CN", "IN", "LAB"]));
    expect(markets.find((m) => m.code === "EU")?.current).toMatchObject({ version: 1, used: false });

    const refused = await call(analyst, "post", "/parameters").send(parameter).expect(403);
    expect(refused.body.code).toBe("role_required");
    await call(analyst, "put", "/panels/Allergen Testing")
      .send({ parameters: ["CAP"] })
      .expect(403);
    await call(analyst, "post", "/markets").send({ code: "UK", name: "United Kingdom" }).expect(403);
    await call(analyst, "post", "/markets/EU/versions").send({}).expect(403);
    await request(t.app).get("/api/lab/parameters").expect(401);
  });

  it("adds and edits a parameter; a taken code is 409, bad values 400, an unknown one 404", async () => {
    const created = await call(admin, "post", "/parameters").send(parameter).expect(201);
    expect(created.body).toMatchObject({ code: "OXY_TC", methodRole: "confirmatory", grades: null });
    await call(admin, "post", "/parameters").send(parameter).expect(409);

    const edited = await call(admin, "put", "/parameters/oxy_tc")
      .send({ ...parameter, name: "Oxytetracycline (sum)", loq: 10 })
      .expect(200);
    expect(edited.body).toMatchObject({ code: "OXY_TC", name: "Oxytetracycline (sum)", loq: 10 });
    // The body may omit the code (the path names it), but not rename it.
    await call(admin, "put", "/parameters/OXY_TC")
      .send({ ...parameter, code: undefined })
      .expect(200);
    const renamed = await call(admin, "put", "/parameters/OXY_TC")
      .send({ ...parameter, code: "OTC" })
      .expect(400);
    expect(renamed.body.field).toBe("code");
    await call(admin, "put", "/parameters/NOPE")
      .send({ ...parameter, code: "NOPE" })
      .expect(404);
    await call(admin, "put", "/parameters/..%2F").send(parameter).expect(404);

    const bad = [
      { ...parameter, code: "X1", lod: 10, loq: 5 },
      { ...parameter, code: "X2", methodRole: "screening" },
      { ...parameter, code: "X3", methodRole: "screening", confirmWith: "NOPE" },
      { ...parameter, code: "X4", methodRole: "screening", confirmWith: "CAP_ELISA" },
      { ...parameter, code: "X5", cutoff: 1 },
      { ...parameter, code: "X6", grades: ["A", "B"] },
      { ...parameter, code: "X7", per25g: true },
      { ...parameter, code: "X8", kind: "colour" },
      { ...parameter, code: "bad code!" },
      { ...parameter, code: "X10", name: "A\u0000" },
      { ...parameter, code: "X11", name: "x".repeat(500) },
    ];
    // JSON can spell a number no double holds: 1e400 parses to Infinity.
    const huge = JSON.stringify({ ...parameter, code: "X9", lod: 1 }).replace('"lod":1', '"lod":1e400');
    const hugeRes = await call(admin, "post", "/parameters")
      .set("content-type", "application/json")
      .send(huge);
    expect(hugeRes.status).toBe(400);
    expect(hugeRes.body.field).toBe("lod");
    for (const body of bad) {
      const res = await call(admin, "post", "/parameters").send(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    // CAP confirms CAP_ELISA: it cannot become a screening method itself.
    const cap = (await call(admin, "get", "/parameters").expect(200)).body as Parameter[];
    const capRow = cap.find((p) => p.code === "CAP");
    await call(admin, "put", "/parameters/CAP")
      .send({ ...capRow, methodRole: "screening", confirmWith: "OXY_TC" })
      .expect(400);
    // A screening parameter with its confirmation is fine.
    await call(admin, "post", "/parameters")
      .send({
        ...parameter,
        code: "OXY_ELISA",
        method: "ELISA",
        methodRole: "screening",
        cutoff: 50,
        confirmWith: "OXY_TC",
      })
      .expect(201);
  });

  it("marks a parameter prohibited with the rule that bans it; a missing, long or NUL reference is 400 and nothing is written", async () => {
    const dapsone = { ...parameter, code: "DAPSONE", name: "Dapsone" };
    const ban = "Prohibited: Order S.O. 1234(E), 2025";
    const created = await call(admin, "post", "/parameters")
      .send({ ...dapsone, prohibited: true, prohibitedReference: ` ${ban} ` })
      .expect(201);
    expect(created.body).toMatchObject({ code: "DAPSONE", prohibited: true, prohibitedReference: ban });

    const required = "A prohibited substance needs the rule that bans it";
    const generic = "Check the catalogue entry";
    const refusals: { over: object; messageCode: string; error: string; field: string }[] = [
      {
        over: { prohibited: true },
        messageCode: "prohibited_reference_required",
        error: required,
        field: "prohibitedReference",
      },
      {
        over: { prohibited: true, prohibitedReference: "   " },
        messageCode: "prohibited_reference_required",
        error: required,
        field: "prohibitedReference",
      },
      {
        over: { prohibited: true, prohibitedReference: null },
        messageCode: "prohibited_reference_required",
        error: required,
        field: "prohibitedReference",
      },
      {
        over: { prohibited: true, prohibitedReference: "x".repeat(301) },
        messageCode: "too_long",
        error: "Reference must be 300 characters or fewer.",
        field: "prohibitedReference",
      },
      {
        over: { prohibited: true, prohibitedReference: "Order\u0000 1" },
        messageCode: "text_invalid",
        error: expect.any(String),
        field: "prohibitedReference",
      },
      {
        over: { prohibited: true, prohibitedReference: 42 },
        messageCode: "catalogue_entry_invalid",
        error: generic,
        field: "prohibitedReference",
      },
      {
        over: { prohibited: "yes", prohibitedReference: ban },
        messageCode: "catalogue_entry_invalid",
        error: generic,
        field: "prohibited",
      },
    ];
    for (const { over, ...expected } of refusals) {
      const res = await call(admin, "post", "/parameters").send({ ...parameter, code: "BANNED_X", ...over });
      expect(res.status, JSON.stringify(over).slice(0, 60)).toBe(400);
      expect(res.body).toMatchObject(expected);
      const put = await call(admin, "put", "/parameters/DAPSONE").send({ ...dapsone, ...over });
      expect(put.status).toBe(400);
      expect(put.body).toMatchObject(expected);
    }
    const after = (await call(admin, "get", "/parameters").expect(200)).body as Parameter[];
    expect(after.some((p) => p.code === "BANNED_X")).toBe(false);
    expect(after.find((p) => p.code === "DAPSONE")).toMatchObject({
      prohibited: true,
      prohibitedReference: ban,
    });

    // A save that leaves the flag out keeps it; unticking it drops the reference.
    const kept = await call(admin, "put", "/parameters/DAPSONE")
      .send({ ...dapsone, name: "Dapsone (sum)" })
      .expect(200);
    expect(kept.body).toMatchObject({ name: "Dapsone (sum)", prohibited: true, prohibitedReference: ban });
    const cleared = await call(admin, "put", "/parameters/DAPSONE")
      .send({ ...dapsone, prohibited: false, prohibitedReference: ban })
      .expect(200);
    expect(cleared.body).toMatchObject({ prohibited: false, prohibitedReference: null });

    // Staff who are not admins read the flag but cannot set it.
    const refused = await call(analyst, "put", "/parameters/DAPSONE")
      .send({ ...dapsone, prohibited: true, prohibitedReference: ban })
      .expect(403);
    expect(refused.body.code).toBe("role_required");
    const read = (await call(analyst, "get", "/parameters").expect(200)).body as Parameter[];
    expect(read.find((p) => p.code === "DAPSONE")?.prohibited).toBe(false);
    expect(read.find((p) => p.code === "CAP")).toMatchObject({ prohibited: true });
  });

  it("sets a panel in order; unknown test types 404, unknown or repeated codes 400", async () => {
    const set = await call(admin, "put", "/panels/Allergen%20Testing")
      .send({ parameters: ["oxy_tc", "CAP"] })
      .expect(200);
    expect((set.body as Panel).parameters.map((p) => p.code)).toEqual(["OXY_TC", "CAP"]);
    const panels = (await call(analyst, "get", "/panels").expect(200)).body as Panel[];
    expect(panels.find((p) => p.testType === "Allergen Testing")?.parameters.map((p) => p.code)).toEqual([
      "OXY_TC",
      "CAP",
    ]);
    await call(admin, "put", "/panels/Allergen Testing")
      .send({ parameters: ["CAP", "PB"] })
      .expect(200);

    await call(admin, "put", "/panels/Levitation")
      .send({ parameters: ["CAP"] })
      .expect(404);
    const unknown = await call(admin, "put", "/panels/Allergen Testing")
      .send({ parameters: ["CAP", "NOPE"] })
      .expect(400);
    expect(unknown.body).toMatchObject({ error: "Unknown parameter NOPE", field: "parameters.1" });
    await call(admin, "put", "/panels/Allergen Testing")
      .send({ parameters: ["CAP", "cap"] })
      .expect(400);
    await call(admin, "put", "/panels/Allergen Testing").send({ parameters: [] }).expect(400);
    await call(admin, "put", "/panels/Allergen Testing").send({ parameters: "CAP" }).expect(400);
  });

  it("adds a buyer's own market and versions its specification, validating every limit", async () => {
    const customer = await signedInCustomer(t);
    const market = await call(admin, "post", "/markets")
      .send({ code: "buyer-acme", name: "ACME Foods spec", customerId: customer.id })
      .expect(201);
    expect(market.body).toEqual({
      code: "BUYER-ACME",
      name: "ACME Foods spec",
      customerId: customer.id,
      current: null,
    });
    await call(admin, "post", "/markets").send({ code: "BUYER-ACME", name: "Again" }).expect(409);
    await call(admin, "post", "/markets").send({ code: "LAB", name: "Again" }).expect(409);
    await call(admin, "post", "/markets").send({ code: "X", name: "Short" }).expect(400);
    const noCustomer = await call(admin, "post", "/markets")
      .send({ code: "BUYER-NONE", name: "Nobody", customerId: 2_000_000_000 })
      .expect(400);
    expect(noCustomer.body.field).toBe("customerId");

    const version = {
      effectiveFrom: "2026-01-01",
      reference: "ACME specification rev. 3",
      limits: [
        limit(),
        limit({ parameter: "pb", kind: "range", min: 0, max: 0.5 }),
        limit({ parameter: "SALM", kind: "absent_25g", max: 9 }),
      ],
    };
    const first = await call(admin, "post", "/markets/buyer-acme/versions").send(version).expect(201);
    expect(first.body as SpecVersion).toMatchObject({
      market: "BUYER-ACME",
      version: 1,
      used: false,
      note: "",
    });
    expect((first.body as SpecVersion).limits["PB"]).toMatchObject({ kind: "range", min: 0, max: 0.5 });
    // Values a kind does not read are not stored.
    expect((first.body as SpecVersion).limits["SALM"]).toMatchObject({ kind: "absent_25g", max: null });
    const second = await call(admin, "post", "/markets/BUYER-ACME/versions")
      .send({ ...version, effectiveFrom: "2999-01-01" })
      .expect(201);
    expect(second.body.version).toBe(2);
    const versions = (await call(analyst, "get", "/markets/BUYER-ACME/versions").expect(200))
      .body as SpecVersion[];
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    // Version 2 takes effect in the future: today the first is in force.
    const markets = (await call(analyst, "get", "/markets").expect(200)).body as Market[];
    expect(markets.find((m) => m.code === "BUYER-ACME")?.current?.version).toBe(1);

    const bad: [object, string][] = [
      [limit({ max: null }), "limits.0.max"],
      [limit({ kind: "min", max: null }), "limits.0.min"],
      [limit({ kind: "range", min: 2, max: 1 }), "limits.0.min"],
      [limit({ kind: "range", min: null }), "limits.0.min"],
      [limit({ parameter: "NOPE" }), "limits.0.parameter"],
      [limit({ grade: "A" }), "limits.0.grade"],
      [limit({ kind: "between" }), "limits.0.kind"],
      [limit({ reference: "" }), "limits.0.reference"],
      [limit({ effectiveFrom: "2026-13-45" }), "limits.0.effectiveFrom"],
    ];
    for (const [entry, field] of bad) {
      const res = await call(admin, "post", "/markets/BUYER-ACME/versions").send({
        ...version,
        limits: [entry],
      });
      expect(res.status, field).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const huge = JSON.stringify({ ...version, limits: [limit({ max: 1 })] }).replace(
      '"max":1',
      '"max":1e309',
    );
    const hugeRes = await call(admin, "post", "/markets/BUYER-ACME/versions")
      .set("content-type", "application/json")
      .send(huge)
      .expect(400);
    expect(hugeRes.body.field).toBe("limits.0.max");
    const twice = await call(admin, "post", "/markets/BUYER-ACME/versions")
      .send({ ...version, limits: [limit(), limit({ max: 1 })] })
      .expect(400);
    expect(twice.body.field).toBe("limits.1.parameter");
    await call(admin, "post", "/markets/NOWHERE/versions").send(version).expect(404);
    await call(admin, "post", "/markets/%00/versions").send(version).expect(404);
    await call(admin, "get", "/markets/NOWHERE/versions").expect(404);
    // Nothing half-written: still two versions.
    expect((await call(admin, "get", "/markets/BUYER-ACME/versions").expect(200)).body).toHaveLength(2);
  });

  it("edits a version until a report was judged against it, then 409 spec_version_used", async () => {
    await call(admin, "post", "/markets").send({ code: "UK", name: "United Kingdom" }).expect(201);
    const body = { effectiveFrom: "2026-01-01", reference: "UK retained law", limits: [limit()] };
    const created = (await call(admin, "post", "/markets/UK/versions").send(body).expect(201))
      .body as SpecVersion;
    const edited = await call(admin, "put", "/markets/UK/versions/1")
      .send({ ...body, note: "CAP tightened", limits: [limit({ max: 0.15 })] })
      .expect(200);
    expect(edited.body).toMatchObject({
      id: created.id,
      note: "CAP tightened",
      limits: { CAP: { max: 0.15 } },
    });
    await call(admin, "put", "/markets/UK/versions/7").send(body).expect(404);
    await call(admin, "put", "/markets/UK/versions/x").send(body).expect(404);
    await call(analyst, "put", "/markets/UK/versions/1").send(body).expect(403);

    // A report judged against version 1 freezes it.
    const customer = await signedInCustomer(t);
    const sample = await submitSample(t.app, customer);
    const { organisationId } = await memberById(t.database.db, customer.id);
    const [report] = await t.database.db
      .insert(reports)
      .values({
        sampleId: sample.id,
        customerId: customer.id,
        organisationId,
        result: "failure",
        details: {
          initialInspection: "",
          labResults: {
            viralScreening: "",
            bacterialAnalysis: "",
            parasiteCheck: "",
            geneticMarkers: "",
            waterQuality: "",
          },
          finalReview: "",
        },
        tests: [],
      })
      .returning();
    if (!report) throw new Error("no report");
    await t.database.db.insert(reportSpecVersions).values({ reportId: report.id, specVersionId: created.id });

    const frozen = await call(admin, "put", "/markets/UK/versions/1").send(body).expect(409);
    expect(frozen.body).toMatchObject({ code: "spec_version_used", error: resultMessages.specVersionUsed });
    const versions = (await call(admin, "get", "/markets/UK/versions").expect(200)).body as SpecVersion[];
    expect(versions[0]).toMatchObject({ used: true, note: "CAP tightened" });
    // The way forward is a new version.
    await call(admin, "post", "/markets/UK/versions").send(body).expect(201);
  });
  it("a release freezes the version it judged against: the lab's default limits then answer 409", async () => {
    const reviewer = await tokenOf(["reviewer"]);
    const customer = await signedInCustomer(t);
    const sample = await submitSample(t.app, customer, {
      shrimpCategory: "Pacific White Shrimp",
      testTypes: ["Heavy Metal Analysis"],
    });
    const agent = await call(admin, "post", "/agents")
      .send({ name: "Suresh", phone: "9000000081" })
      .expect(201);
    await call(admin, "post", `/samples/${sample.id}/assign`).send({ agentId: agent.body.id }).expect(200);
    await call(admin, "post", `/samples/${sample.id}/status`).send({ status: "COLLECTED" }).expect(200);
    await call(admin, "post", `/samples/${sample.id}/status`).send({ status: "TESTING" }).expect(200);
    const results = ["PB", "CD", "HG"].map((code) => ({ code, qualifier: "not_detected" }));
    await call(analyst, "post", `/samples/${sample.id}/results`).send({ results }).expect(200);
    await call(reviewer, "post", `/samples/${sample.id}/release`).send({}).expect(201);

    const lab = ((await call(analyst, "get", "/markets").expect(200)).body as Market[]).find(
      (m) => m.code === "LAB",
    );
    expect(lab?.current?.used).toBe(true);
    const current = lab?.current;
    if (!current) throw new Error("LAB has no version in force");
    const limits = Object.entries(current.limits).map(([parameter, l]) => ({ parameter, ...l }));
    const frozen = await call(admin, "put", `/markets/LAB/versions/${current.version}`)
      .send({ effectiveFrom: current.effectiveFrom, reference: current.reference, limits })
      .expect(409);
    expect(frozen.body.code).toBe("spec_version_used");
  });
});
