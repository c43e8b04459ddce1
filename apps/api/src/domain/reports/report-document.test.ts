import {
  agents,
  customers,
  reports,
  sampleEvents,
  samples,
  specVersions,
  staff,
  type Database,
} from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testEnv } from "../../env";
import { coaInput } from "../../test/coa-fixture";
import { TEST_JWT_SECRET } from "../../test/harness";
import { insertCustomerWithOrganisation } from "../../test/organisations";
import { pdfPages } from "../../test/pdf-text";
import { createDomainContext, type DomainContext } from "../context";
import { renderReportPdf, reportDocument, reportDownload, sha256Hex } from "./report-document";

const squash = (text: string) => text.replace(/\s+/g, "");
/** The characters of `expected` together in the text in any order (pdf.js reads Indic glyphs in visual order). */
const holds = (text: string, expected: string) => {
  const haystack = [...squash(text)];
  const want = [...squash(expected)].sort().join("");
  for (let start = 0; start + want.length <= haystack.length; start += 1)
    if (
      haystack
        .slice(start, start + want.length)
        .sort()
        .join("") === want
    )
      return true;
  return false;
};

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

/** A released report as release leaves it: the fixture's judgement, cited against the seeded spec versions. */
async function releasedReport(
  options: { replacesId?: number; certification?: string; language?: string } = {},
) {
  const input = coaInput({ markets: ["EU", "US"] });
  const db = database.db;
  const customer = await insertCustomerWithOrganisation(db, {
    email: `farmer.${Date.now()}.${Math.random()}@example.in`,
    fullName: input.customer.fullName,
    company: input.customer.company,
    phoneNumber: input.customer.phoneNumber,
    passwordHash: "x",
    language: options.language ?? "en",
  });
  const [analyst, reviewer] = await db
    .insert(staff)
    .values([
      { email: `a.${Math.random()}@lab.in`, name: "प्रिया शर्मा", passwordHash: "x", roles: ["analyst"] },
      {
        email: `r.${Math.random()}@lab.in`,
        name: "Dr. Suresh Reddy",
        passwordHash: "x",
        roles: ["reviewer"],
      },
    ])
    .returning();
  const [agent] = await db.insert(agents).values({ name: "Ravi Kumar", phone: "+919000000081" }).returning();
  if (!customer || !analyst || !reviewer || !agent) throw new Error("fixture rows not inserted");
  const [sample] = await db
    .insert(samples)
    .values({
      organisationId: customer.organisationId,
      customerId: customer.id,
      status: "COMPLETED",
      samplerName: input.sample.samplerName,
      samplerLocation: input.sample.samplerLocation,
      lat: input.sample.lat,
      lng: input.sample.lng,
      shrimpCategory: input.sample.shrimpCategory,
      testTypes: input.sample.testTypes,
      shrimpSubCategory: input.sample.shrimpSubCategory,
      phoneNumber: input.sample.phoneNumber,
      agentId: agent.id,
      markets: ["EU", "US"],
    })
    .returning();
  if (!sample) throw new Error("no sample");
  // A first collection that was sent back: the last one is the one printed.
  await db.insert(sampleEvents).values([
    {
      sampleId: sample.id,
      fromStatus: "COLLECTING",
      toStatus: "COLLECTED",
      actor: "system",
      at: new Date("2026-03-13T05:20:00Z"),
    },
    {
      sampleId: sample.id,
      fromStatus: "COLLECTING",
      toStatus: "COLLECTED",
      actor: "system",
      at: new Date("2026-03-14T05:20:00Z"),
    },
    {
      sampleId: sample.id,
      fromStatus: "COLLECTED",
      toStatus: "TESTING",
      actor: "system",
      at: new Date("2026-03-14T11:05:00Z"),
    },
  ]);
  const seeded = await db.select().from(specVersions);
  const markets = input.report.markets.map((market) => {
    const version = seeded.find((spec) => spec.marketCode === market.code);
    return { ...market, specVersionId: version?.id ?? null, version: version?.version ?? null };
  });
  const [report] = await db
    .insert(reports)
    .values({
      sampleId: sample.id,
      customerId: customer.id,
      organisationId: customer.organisationId,
      result: "success",
      details: input.report.details,
      tests: [],
      certification: options.certification ?? `NSP-CERT-2026-${sample.id}`,
      issuedBy: reviewer.id,
      analystId: analyst.id,
      analysedAt: input.report.analysedAt,
      testingStartedAt: input.report.testingStartedAt,
      markets,
      parameters: input.report.parameters,
      remarks: "Fit for export.",
      replacesId: options.replacesId ?? null,
      completedAt: input.report.completedAt,
    })
    .returning();
  if (!report) throw new Error("no report");
  return report;
}

describe("renderReportPdf: the certificate from the database", () => {
  it("names the agent, the collection and reception times, analyst, reviewer and the seeded spec versions", async () => {
    const report = await releasedReport();
    const text = (await pdfPages(await renderReportPdf(ctx, report.id))).join("\n");
    expect(text).toContain(`Certification No.: ${report.certification ?? ""}`);
    expect(text).toContain("Ravi Kumar, 14 Mar 2026, 10:50 IST");
    expect(text).toContain("Received 14 Mar 2026, 16:35 IST");
    expect(text).toMatch(/Analysed by: .+, 16 Mar 2026, 11:45 IST/);
    expect(text).toContain("Reviewed and released by: Dr. Suresh Reddy, 16 Mar 2026, 16:15 IST");
    const [eu] = await database.db.select().from(specVersions).where(eq(specVersions.marketCode, "EU"));
    // The reference as the seeded version cites it (it may wrap in its cell).
    expect(squash(text)).toContain(
      squash(`European Union (EU) v${eu?.version ?? 0} ${eu?.effectiveFrom ?? ""} ${eu?.reference ?? "?"}`),
    );
    expect(text).toContain("United States (US) v1");
    expect(text).toContain("EU ✓ · US ✓ — Passed");
    expect(text).toContain("Fit for export.");
  });

  it("a replacement names the certificate it replaces", async () => {
    const first = await releasedReport({ certification: "NSP-CERT-2026-900" });
    const second = await releasedReport({ replacesId: first.id });
    const text = (await pdfPages(await renderReportPdf(ctx, second.id))).join("\n");
    expect(text).toContain("Replaces NSP-CERT-2026-900, which was revoked.");
  });

  it("an unknown report is a 404", async () => {
    await expect(renderReportPdf(ctx, 999_999)).rejects.toMatchObject({ status: 404, code: "not_found" });
  });
});

describe("reportDocument: the issued PDF, stored once", () => {
  it("returns the same bytes and SHA-256 on every call, also after the report is revoked; the hash is the bytes'", async () => {
    const report = await releasedReport();
    const issued = await reportDocument(ctx, report.id);
    expect(issued.pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(issued.sha256).toBe(sha256Hex(issued.pdf));
    expect(issued.sha256).toMatch(/^[0-9a-f]{64}$/);

    const again = await reportDocument(ctx, report.id);
    expect(again.pdf.equals(issued.pdf)).toBe(true);
    expect(again.sha256).toBe(issued.sha256);

    await database.db
      .update(reports)
      .set({ status: "revoked", revokedAt: new Date(), revokedReason: "Sample mislabelled" })
      .where(eq(reports.id, report.id));
    const afterRevoke = await reportDocument(ctx, report.id);
    expect(afterRevoke.pdf.equals(issued.pdf)).toBe(true);
    expect(afterRevoke.sha256).toBe(issued.sha256);
    expect((await pdfPages(afterRevoke.pdf)).join("\n")).not.toContain("REVOKED");
    // A fresh rendering of the revoked row would differ: the stored one is what was issued.
    expect((await renderReportPdf(ctx, report.id)).equals(issued.pdf)).toBe(false);
  });

  it("a Telugu customer's certificate is stored once in English and Telugu; a later change of language leaves it as issued", async () => {
    const report = await releasedReport({ language: "te" });
    const issued = await reportDocument(ctx, report.id);
    const text = (await pdfPages(issued.pdf)).join("\n");
    expect(text).toContain("Certificate of Analysis / ");
    expect(holds(text, "విశ్లేషణ ధ్రువపత్రం")).toBe(true);
    expect(text).toContain(`Certification No. / `);
    expect(text).toContain("Reviewed and released by / ");

    await database.db.update(customers).set({ language: "hi" }).where(eq(customers.id, report.customerId));
    const again = await reportDocument(ctx, report.id);
    expect(again.pdf.equals(issued.pdf)).toBe(true);
    expect(again.sha256).toBe(issued.sha256);
    // A fresh rendering would now be in Hindi: the stored one is what was issued.
    const fresh = (await pdfPages(await renderReportPdf(ctx, report.id))).join("\n");
    expect(holds(fresh, "విశ్లేషణ ధ్రువపత్రం")).toBe(false);
    expect(holds(fresh, "विश्लेषण प्रमाणपत्र")).toBe(true);
  });

  it("two first calls at once store one document and both answer it", async () => {
    const report = await releasedReport();
    const [a, b] = await Promise.all([reportDocument(ctx, report.id), reportDocument(ctx, report.id)]);
    expect(a.sha256).toBe(b.sha256);
    expect(a.pdf.equals(b.pdf)).toBe(true);
  });
});

describe("reportDownload: what a person receives", () => {
  it("a standing report downloads as the issued bytes under its certificate's name", async () => {
    const report = await releasedReport();
    const issued = await reportDocument(ctx, report.id);
    const download = await reportDownload(ctx, report);
    expect(download.pdf.equals(issued.pdf)).toBe(true);
    expect(download.filename).toBe(`${report.certification ?? ""}.pdf`);
  });

  it("a revoked, unreplaced report downloads stamped REVOKED on every page with the date and the reason's wording, never the internal note; the stored document keeps its bytes and hash", async () => {
    const report = await releasedReport({ language: "te" });
    const issued = await reportDocument(ctx, report.id);
    const [revoked] = await database.db
      .update(reports)
      .set({
        status: "revoked",
        revokedAt: new Date("2026-04-02T06:00:00Z"),
        revokedReasonCode: "result_error",
        revokedReason: "Analyst typo in lead row",
      })
      .where(eq(reports.id, report.id))
      .returning();
    if (!revoked) throw new Error("no report");
    const download = await reportDownload(ctx, revoked);
    expect(download.filename).toBe(`${report.certification ?? ""}-REVOKED.pdf`);
    expect(download.pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(sha256Hex(download.pdf)).not.toBe(issued.sha256);
    const pages = await pdfPages(download.pdf);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(page).toContain("REVOKED on 02 Apr 2026 — not replaced: A result was wrong");
      expect(holds(page, "రద్దు చేయబడింది")).toBe(true);
      expect(page).not.toContain("Analyst typo");
    }
    // The issued content is still there beneath the stamp.
    expect(pages.join("\n")).toContain(`Certification No. / `);
    const stored = await reportDocument(ctx, report.id);
    expect(stored.pdf.equals(issued.pdf)).toBe(true);
    expect(stored.sha256).toBe(issued.sha256);
  });

  it("a revoked and replaced report's stamp names the replacement", async () => {
    const first = await releasedReport();
    const second = await releasedReport({ replacesId: first.id });
    await reportDocument(ctx, first.id);
    const [revoked] = await database.db
      .update(reports)
      .set({
        status: "revoked",
        revokedAt: new Date("2026-04-03T06:00:00Z"),
        revokedReasonCode: "sample_mislabelled",
        replacedById: second.id,
      })
      .where(eq(reports.id, first.id))
      .returning();
    if (!revoked) throw new Error("no report");
    const pages = await pdfPages((await reportDownload(ctx, revoked)).pdf);
    for (const page of pages)
      expect(page).toContain(
        `REVOKED on 03 Apr 2026 — replaced by ${second.certification ?? ""}: The sample was mislabelled or mixed up`,
      );
  });
});
