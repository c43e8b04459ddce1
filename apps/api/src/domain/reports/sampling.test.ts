import {
  agents,
  custodyEvents,
  reports,
  sampleCollections,
  sampleReceptions,
  samples,
  staff,
  type Database,
} from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testEnv } from "../../env";
import { coaInput } from "../../test/coa-fixture";
import { TEST_JWT_SECRET } from "../../test/harness";
import { insertCustomerWithOrganisation } from "../../test/organisations";
import { pdfPages } from "../../test/pdf-text";
import { createDomainContext, type DomainContext } from "../context";
import { reportDocument, reportPdfInput } from "./report-document";
import { samplingFacts } from "./sampling";

// The sampling block's data: read from the agent's collection and reception's check when the report's
// document is rendered (at release), and absent for a sample no agent collected.

const squash = (text: string) => text.replace(/\s+/g, "");

let database: Database;
let ctx: DomainContext;

beforeAll(async () => {
  database = await createTestDatabase(testEnv.databaseUrl);
  ctx = createDomainContext({
    db: database.db,
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: "https://portal.aquatest.in",
  });
});
afterAll(async () => {
  await database.close();
});

/** A released report of a sample, collected by an agent through the field app when `collected`. */
async function releasedReport(collected: { reception: boolean } | null) {
  const input = coaInput({ markets: ["EU"], testTypes: ["Heavy Metal Analysis"] });
  const db = database.db;
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const customer = await insertCustomerWithOrganisation(db, {
    email: `farmer.${suffix}@example.in`,
    fullName: "Venkata Ramana",
    company: "Sri Lakshmi Aqua",
    phoneNumber: "+919440012345",
    passwordHash: "x",
    language: "en",
  });
  const [reviewer] = await db
    .insert(staff)
    .values({ email: `r.${suffix}@lab.in`, name: "Dr. Suresh Reddy", passwordHash: "x", roles: ["reviewer"] })
    .returning();
  const [agent] = await db
    .insert(agents)
    .values({ name: "Lakshmi Prasad", phone: `+9190${suffix.slice(-8)}` })
    .returning();
  if (!customer || !reviewer || !agent) throw new Error("fixture rows not inserted");
  const [sample] = await db
    .insert(samples)
    .values({
      organisationId: customer.organisationId,
      customerId: customer.id,
      status: "COMPLETED",
      samplerName: "Venkata Ramana",
      samplerLocation: "Bhimavaram",
      shrimpCategory: "Vannamei",
      testTypes: input.sample.testTypes,
      shrimpSubCategory: input.sample.shrimpSubCategory,
      phoneNumber: "+919440012345",
      agentId: agent.id,
      markets: ["EU"],
    })
    .returning();
  if (!sample) throw new Error("no sample");
  if (collected) {
    await db.insert(sampleCollections).values({
      sampleId: sample.id,
      agentId: agent.id,
      idempotencyKey: `key-${suffix}`,
      requestHash: "0".repeat(64),
      collectedAt: new Date("2026-03-14T05:20:00Z"),
      receivedAt: new Date("2026-03-14T05:25:00Z"),
      lat: 16.5449,
      lng: 81.5212,
      accuracyM: 12.4,
      distanceM: 38.6,
      distanceFrom: "pond",
      seals: ["AQ-7781", "AQ-7782"],
      containers: 2,
      quantity: "25",
      quantityUnit: "count",
      waterTempC: "29.1",
      sampleTempC: "3.5",
      coldChain: "cold_box",
      farmerName: "Nagaraju",
    });
    if (collected.reception) {
      const at = new Date("2026-03-14T11:05:00Z");
      await db.insert(sampleReceptions).values({
        sampleId: sample.id,
        decision: "accepted",
        seals: ["AQ-7781", "AQ-7782"],
        sealsMatch: true,
        temperatureC: "6.0",
        staffId: reviewer.id,
        at,
      });
      await db.insert(custodyEvents).values({
        sampleId: sample.id,
        kind: "received",
        relinquishedBy: "Lakshmi Prasad (agent)",
        receivedBy: "Reception: Dr. Suresh Reddy",
        at,
        sealIntact: true,
        temperatureC: "6.0",
        actor: `staff:${reviewer.id}`,
      });
    }
  }
  const [report] = await db
    .insert(reports)
    .values({
      sampleId: sample.id,
      customerId: customer.id,
      organisationId: customer.organisationId,
      result: "success",
      details: input.report.details,
      tests: [],
      certification: `NSP-CERT-2026-${sample.id}`,
      issuedBy: reviewer.id,
      analysedAt: input.report.analysedAt,
      testingStartedAt: input.report.testingStartedAt,
      markets: input.report.markets,
      parameters: input.report.parameters,
      completedAt: input.report.completedAt,
    })
    .returning();
  if (!report) throw new Error("no report");
  return { report, sample };
}

describe("samplingFacts: what the report prints about the sample's collection", () => {
  it("a collected and received sample: the agent, the collection's figures and reception's check with the seal condition", async () => {
    const { sample } = await releasedReport({ reception: true });
    const facts = await samplingFacts(database.db, sample.id);
    expect(facts).toMatchObject({
      agent: "Lakshmi Prasad",
      collectedAt: new Date("2026-03-14T05:20:00Z"),
      accuracyM: 12.4,
      distanceM: 38.6,
      distanceFrom: "pond",
      seals: ["AQ-7781", "AQ-7782"],
      containers: 2,
      quantityUnit: "count",
      coldChain: "cold_box",
      farmerName: "Nagaraju",
      reception: { decision: "accepted", sealsMatch: true, sealIntact: true, reasons: [] },
    });
    expect(Number(facts?.sampleTempC)).toBe(3.5);
    expect(Number(facts?.reception?.temperatureC)).toBe(6);
  });

  it("collected but not yet received: the collection without a reception; no collection: null", async () => {
    const pending = await releasedReport({ reception: false });
    expect((await samplingFacts(database.db, pending.sample.id))?.reception).toBeNull();
    const customers = await releasedReport(null);
    expect(await samplingFacts(database.db, customers.sample.id)).toBeNull();
    expect((await reportPdfInput(ctx, customers.report.id)).sampling).toBeNull();
  });

  it("the issued document (stored at release) prints the block from the database; a customer's sample's prints none", async () => {
    const { report } = await releasedReport({ reception: true });
    const text = squash((await pdfPages((await reportDocument(ctx, report.id)).pdf)).join("\n"));
    for (const expected of [
      "Sampledby:LakshmiPrasad,14Mar2026,10:50IST,handedoverbyNagaraju",
      "±12m·39mfromthepond",
      "Seals:AQ-7781,AQ-7782·2containers,25animals",
      "water29.1°C,sample3.5°C·Coldchain:Coldbox",
      "Received:14Mar2026,16:35IST,6.0°Conreceipt·Sealsintact,numbersmatch·Acceptedfortesting",
    ])
      expect(text).toContain(expected);
    const plain = await releasedReport(null);
    const plainText = squash((await pdfPages((await reportDocument(ctx, plain.report.id)).pdf)).join("\n"));
    expect(plainText).not.toContain("Sampledby");
    expect(plainText).not.toContain("Coldchain");
  });
});
