import { resultMessages } from "@lab/contracts";
import { sampleAnalyses, sampleEvents, sampleResults } from "@lab/db";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { signedInStaff, startTesting } from "../../test/lab";
import { submitSample } from "../../test/samples";

// Every result value is bounded by its parameter's unit; a refusal names the parameter and the range
// and writes nothing.

let t: TestApp;
let analyst: { token: string };
let sampleId: number;

const PH_RANGE = resultMessages.resultValueOutOfRange({
  parameter: "pH",
  min: "0",
  max: "14 (pH)",
  decimals: 2,
});
const TPC_RANGE = resultMessages.resultValueOutOfRange({
  parameter: "Total plate count (30 °C)",
  min: "0",
  max: "10,000,000,000 (cfu/g)",
  decimals: 1,
});

beforeAll(async () => {
  t = await startTestApp();
  const customer = await signedInCustomer(t);
  analyst = await signedInStaff(t, { roles: ["analyst"] });
  const admin = await signedInStaff(t, { roles: ["admin"] });
  // Banana shrimp: pH (freshness indicators) and the total plate count (spoilage bacteria).
  const sample = await submitSample(t.app, customer, {
    shrimpCategory: "Banana Shrimp",
    testTypes: ["Freshness Indicator Testing", "Spoilage Bacteria Detection"],
  });
  sampleId = sample.id;
  await startTesting(t, admin.token, sampleId);
});
afterAll(async () => {
  await t.close();
});

/** A results body as raw JSON text, so numbers JSON can write but JavaScript cannot (1e999) arrive as sent. */
const enterRaw = (json: string) =>
  request(t.app)
    .post(`/api/lab/samples/${sampleId}/results`)
    .auth(analyst.token, { type: "bearer" })
    .set("Content-Type", "application/json")
    .send(json);

async function written() {
  const db = t.database.db;
  const [results, events, analyses] = await Promise.all([
    db.select().from(sampleResults).where(eq(sampleResults.sampleId, sampleId)),
    db.select().from(sampleEvents).where(eq(sampleEvents.sampleId, sampleId)),
    db.select().from(sampleAnalyses).where(eq(sampleAnalyses.sampleId, sampleId)),
  ]);
  return { results: results.length, events: events.length, analyses: analyses.length };
}

describe("POST /lab/samples/{id}/results: values bounded per parameter", () => {
  it.each([
    ["pH 1e308", '{"code":"PH","value":1e308}', PH_RANGE],
    ["pH 1e999 (Infinity once parsed)", '{"code":"PH","value":1e999}', PH_RANGE],
    ["pH -1e999 (-Infinity)", '{"code":"PH","value":-1e999}', PH_RANGE],
    ["pH 15", '{"code":"PH","value":15}', PH_RANGE],
    ["pH 14.001", '{"code":"PH","value":14.001}', PH_RANGE],
    ["pH -0.5", '{"code":"PH","value":-0.5}', PH_RANGE],
    ["pH 7.125 (three decimals)", '{"code":"PH","value":7.125}', PH_RANGE],
    ["a count of -1", '{"code":"TPC","value":-1}', TPC_RANGE],
    ["a count of 1e11", '{"code":"TPC","value":1e11}', TPC_RANGE],
    ["a count of 1e308", '{"code":"TPC","value":1e308}', TPC_RANGE],
  ])("%s: 400 naming the parameter and its range, nothing written", async (_name, entry, message) => {
    const before = await written();
    // A valid result beside it: the refusal is of the whole request.
    const res = await enterRaw(`{"results":[{"code":"TVBN","value":12.5},${entry}]}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, code: "validation_failed", field: "results.1.value" });
    expect(await written()).toEqual(before);
  });

  it("a non-number value is still the plain 400", async () => {
    const res = await enterRaw('{"results":[{"code":"PH","value":"7"}]}');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: resultMessages.resultValueInvalid });
  });

  it("the edges of each range are accepted", async () => {
    const res = await enterRaw(
      '{"results":[{"code":"PH","value":14},{"code":"TPC","value":10000000000},{"code":"PSYCHRO","value":0}]}',
    );
    expect(res.status).toBe(200);
    const stored = await t.database.db
      .select()
      .from(sampleResults)
      .where(eq(sampleResults.sampleId, sampleId));
    expect(Object.fromEntries(stored.map((row) => [row.parameterCode, row.value]))).toMatchObject({
      PH: 14,
      TPC: 10_000_000_000,
      PSYCHRO: 0,
    });
    const low = await enterRaw('{"results":[{"code":"PH","value":0}]}');
    expect(low.status).toBe(200);
  });
});
