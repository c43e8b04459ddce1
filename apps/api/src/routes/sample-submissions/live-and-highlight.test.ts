import { messages, type SamplePage, type SampleSummary } from "@lab/contracts";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../../domain/context";
import { askRevocation, confirmRevocation } from "../../domain/reports/revocations";
import type { DomainEvent } from "../../domain/domain-events";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/harness";
import { completeWithReport, signedInStaff } from "../../test/lab";
import { revokeByTwo } from "../../test/revocations";
import { submitSample } from "../../test/samples";

let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInCustomer>>;
let customer: Who;
let other: Who;
const ids: number[] = [];

// 12 samples: updated one minute apart (the newest last), every third one COLLECTING.
beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Highlight Farm");
  other = await signedInCustomer(t, "Other Farm");
  for (let i = 0; i < 12; i += 1) {
    const sample = await submitSample(t.app, customer, { samplerName: `Pond ${i}` });
    ids.push(sample.id);
    const at = new Date(Date.UTC(2026, 3, 1, 8, i)).toISOString();
    await t.database.db.execute(
      sql`update samples set status = ${i % 3 === 0 ? "COLLECTING" : "PENDING"}, updated_at = ${at}::timestamptz,
        created_at = ${at}::timestamptz where id = ${sample.id}`,
    );
  }
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, who: Who = customer) =>
  request(t.app).get(`/api/sample-submissions?${query}`).auth(who.token, { type: "bearer" });
const page = async (query: string) => (await list(query).expect(200)).body as SamplePage;
const idAt = (index: number) => {
  const id = ids[index];
  if (id === undefined) throw new Error(`no sample ${index}`);
  return id;
};

describe("GET /api/sample-submissions?highlight= answers the page that holds the sample", () => {
  it("newest change first, size 5: the oldest sample is on page 3, a middle one on page 2", async () => {
    const oldest = await page(`size=5&highlight=${idAt(0)}`);
    expect(oldest.page).toBe(3);
    expect(oldest.items.map((item) => item.id)).toContain(idAt(0));
    const middle = await page(`size=5&page=1&highlight=${idAt(5)}`);
    expect(middle.page).toBe(2);
    expect(middle.items.map((item) => item.id)).toContain(idAt(5));
    // The same page as plain paging gives, and its cursor pages on by keyset.
    expect(middle.items).toEqual((await page("size=5&page=2")).items);
    const next = await page(`size=5&page=3&cursor=${encodeURIComponent(middle.cursor ?? "")}`);
    expect(next.items).toEqual((await page("size=5&page=3")).items);
  });

  it("keeps the pending group's order (PENDING before COLLECTING) and the oldest-first sort", async () => {
    // Pending group, size 3: 8 PENDING first (newest first), then 4 COLLECTING.
    const collecting = await page(`status=pending&size=3&highlight=${idAt(9)}`);
    expect(collecting.items.map((item) => item.id)).toContain(idAt(9));
    expect(collecting.page).toBe(3);
    const ascending = await page(`sort=createdAt:asc&size=4&highlight=${idAt(11)}`);
    expect(ascending.page).toBe(3);
    expect(ascending.items.map((item) => item.id)).toContain(idAt(11));
  });

  it("within a search, and the asked page when the list does not hold the sample", async () => {
    const searched = await page(`q=pond&size=2&highlight=${idAt(1)}`);
    expect(searched.items.map((item) => item.id)).toContain(idAt(1));
    expect(searched.page).toBe(6);
    // A COLLECTING sample is not in the completed group; another customer's sample is never found.
    expect((await page(`status=completed&size=2&page=1&highlight=${idAt(0)}`)).page).toBe(1);
    const foreign = await submitSample(t.app, other, {});
    const mine = await page(`size=5&page=2&highlight=${foreign.id}`);
    expect(mine.page).toBe(2);
    expect(mine.items.map((item) => item.id)).not.toContain(foreign.id);
  });

  it("refuses with 400 a highlight that is not a sample number", async () => {
    for (const bad of ["abc", "0", "-3", "2147483648", "1.5"]) {
      const res = await list(`highlight=${bad}`).expect(400);
      expect(res.body).toMatchObject({ code: "validation_failed", error: messages.highlightInvalid });
    }
  });
});

describe("a revoked report", () => {
  it("is no longer counted as a successful test by GET /api/sample-submissions/summary", async () => {
    const who = await signedInCustomer(t, "Summary Farm");
    const staff = await signedInStaff(t);
    const passed = await submitSample(t.app, who, {});
    const revoked = await submitSample(t.app, who, {});
    await completeWithReport(t, staff.token, passed.id);
    const report = await completeWithReport(t, staff.token, revoked.id);
    const summary = async () =>
      (
        await request(t.app)
          .get("/api/sample-submissions/summary")
          .auth(who.token, { type: "bearer" })
          .expect(200)
      ).body as SampleSummary;
    expect(await summary()).toMatchObject({ completed: 2, successful: 2 });
    await revokeByTwo(t, report.id, { reasonCode: "sample_mislabelled", note: "Mislabelled container" });
    expect(await summary()).toMatchObject({ completed: 2, successful: 1 });
  });

  it("publishes the sample (with its report id) and a notification that names the report", async () => {
    const who = await signedInCustomer(t, "Live Farm");
    const staff = await signedInStaff(t);
    const sample = await submitSample(t.app, who, {});
    const report = await completeWithReport(t, staff.token, sample.id);
    const published: DomainEvent[] = [];
    const ctx = createDomainContext({
      db: t.database.db,
      jwtSecret: TEST_JWT_SECRET,
      publish: (events) => published.push(...events),
    });
    // One reviewer asks (nothing is published yet), a second one confirms.
    const asker = await signedInStaff(t, { roles: ["reviewer"], name: "Asha Reviewer" });
    const asked = await askRevocation(
      ctx,
      report.id,
      { reasonCode: "sample_mislabelled", note: "" },
      asker.id,
    );
    if (asked.kind !== "requested") throw new Error("expected an open request");
    expect(published).toEqual([]);
    await confirmRevocation(ctx, asked.request.request.id, staff.id);
    expect(published).toEqual([
      expect.objectContaining({
        kind: "sample",
        customerId: who.id,
        sample: expect.objectContaining({ id: sample.id, status: "COMPLETED", reportId: report.id }),
      }),
      expect.objectContaining({
        kind: "notification",
        customerId: who.id,
        notification: expect.objectContaining({
          type: "report_revoked",
          sampleId: sample.id,
          data: expect.objectContaining({ reportId: report.id }),
        }),
      }),
    ]);
  });
});
