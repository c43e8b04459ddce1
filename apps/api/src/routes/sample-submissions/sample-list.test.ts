import { createHash } from "node:crypto";

import { messages, sampleListQuerySchema, type Sample, type SamplePage } from "@lab/contracts";
import { samples } from "@lab/db";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDomainContext } from "../../domain/context";
import { listSamples } from "../../domain/samples/list";
import { createSigner } from "../../lib/signing";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/harness";
import { completeWithReport, signedInStaff } from "../../test/lab";
import { memberById } from "../../test/organisations";
import { submitSample } from "../../test/samples";

let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInCustomer>>;
let customer: Who;
const STATUSES = ["PENDING", "COLLECTING", "COLLECTED", "TESTING", "COMPLETED"] as const;

// 23 samples with scattered statuses and times; three share one updated_at millisecond and two of
// them one microsecond too, so only an exact (time, id) key pages them right.
beforeAll(async () => {
  t = await startTestApp();
  customer = await signedInCustomer(t, "Keyset Farm");
  for (let i = 0; i < 23; i += 1) {
    const sample = await submitSample(t.app, customer, {
      samplerName: `Farm ${String(i).padStart(2, "0")}`,
      samplerLocation: i % 3 === 0 ? "Nellore, Andhra Pradesh" : "Bhimavaram, Andhra Pradesh",
    });
    const created = new Date(Date.UTC(2026, 2, 1 + i, 10)).toISOString();
    const updated =
      i % 7 === 0
        ? `2026-04-01T00:00:00.0001${i % 2}Z`
        : `2026-04-${String(2 + ((i * 5) % 23)).padStart(2, "0")}T08:00:00.${String(i).padStart(3, "0")}Z`;
    await t.database.db.execute(
      sql`update samples set status = ${STATUSES[(i * 3) % 5]}, created_at = ${created}::timestamptz,
        updated_at = ${updated}::timestamptz where id = ${sample.id}`,
    );
  }
});
afterAll(async () => {
  await t.close();
});

const get = async (query: string): Promise<SamplePage> => {
  const res = await request(t.app)
    .get(`/api/sample-submissions?${query}`)
    .auth(customer.token, { type: "bearer" })
    .expect(200);
  return res.body as SamplePage;
};
const idsOf = (page: SamplePage) => page.items.map((item) => item.id);
const withCursor = (query: string, page: number, cursor: string | null) =>
  `${query}&page=${page}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

const variants = [
  "size=3",
  "size=5&status=pending",
  "size=2&status=completed",
  "size=4&sort=createdAt:asc",
  "size=3&sort=createdAt:desc",
  "size=3&q=farm",
  "size=2&q=nellore",
  "size=4&status=pending&q=bhimavaram",
  "size=3&from=2026-03-04&to=2026-03-18",
  "size=1",
];

describe("GET /api/sample-submissions pages by keyset cursor", () => {
  it.each(variants)(
    "%s: Next, Prev, jumps and refreshes from a cursor give the offset pages",
    async (query) => {
      const first = await get(`${query}&page=1`);
      const pages = Math.max(1, Math.ceil(first.total / first.size));
      const byOffset: number[][] = [];
      for (let page = 1; page <= pages; page += 1) byOffset.push(idsOf(await get(`${query}&page=${page}`)));
      expect(byOffset.flat()).toHaveLength(first.total);
      expect(new Set(byOffset.flat()).size).toBe(first.total);

      // Next, Next, … to the end; then Prev, Prev, … back to the start.
      let on = first;
      for (let page = 2; page <= pages; page += 1) {
        on = await get(withCursor(query, page, on.cursor));
        expect(idsOf(on), `forward to page ${page}`).toEqual(byOffset[page - 1]);
      }
      for (let page = pages - 1; page >= 1; page -= 1) {
        on = await get(withCursor(query, page, on.cursor));
        expect(idsOf(on), `back to page ${page}`).toEqual(byOffset[page - 1]);
      }
      if (pages >= 3) {
        const jumped = await get(withCursor(query, 3, first.cursor));
        expect(idsOf(jumped)).toEqual(byOffset[2]);
        const back = await get(withCursor(query, 1, jumped.cursor));
        expect(idsOf(back)).toEqual(byOffset[0]);
      }
      const again = await get(withCursor(query, 2, (await get(`${query}&page=2`)).cursor));
      expect(idsOf(again)).toEqual(byOffset[1] ?? []);
    },
  );

  it.each([
    { query: "size=3&q=farm", cap: 2, capped: true },
    { query: "size=4&status=pending&q=bhimavaram", cap: 2, capped: true },
    // 23 match "farm", 4 of them completed: past the cap overall, so the 4 are counted apart.
    { query: "size=1&status=completed&q=farm", cap: 5, capped: false },
  ])(
    "$query past a count cap of $cap: the total (the cap, flagged, or counted apart) and every page, by offset and by cursor, are the exact list's",
    async ({ query, cap, capped: flagged }) => {
      // The route counts to 10,000; the same list with a small cap takes the capped path on 23 samples.
      const ctx = createDomainContext({ db: t.database.db, jwtSecret: TEST_JWT_SECRET });
      const member = await memberById(t.database.db, customer.id);
      const params = Object.fromEntries(new URLSearchParams(query));
      const exact = await get(`${query}&page=1`);
      expect(exact.totalCapped).toBe(false);
      expect(exact.total).toBeGreaterThan(flagged ? cap : 1);
      const pages = Math.ceil(exact.total / exact.size);
      const expected: number[][] = [];
      for (let page = 1; page <= pages; page += 1) expected.push(idsOf(await get(`${query}&page=${page}`)));

      const capped = async (page: number, cursor?: string) =>
        listSamples(ctx, member, sampleListQuerySchema.parse({ ...params, page, cursor }), { countCap: cap });
      let on = await capped(1);
      expect(on.total).toBe(flagged ? cap : exact.total);
      expect(on.totalCapped).toBe(flagged);
      expect(on.items.map((item) => item.id)).toEqual(expected[0]);
      for (let page = 2; page <= pages; page += 1) {
        expect(
          (await capped(page)).items.map((item) => item.id),
          `offset page ${page}`,
        ).toEqual(expected[page - 1]);
        on = await capped(page, on.cursor ?? undefined);
        expect(
          on.items.map((item) => item.id),
          `next to page ${page}`,
        ).toEqual(expected[page - 1]);
      }
      for (let page = pages - 1; page >= 1; page -= 1) {
        on = await capped(page, on.cursor ?? undefined);
        expect(
          on.items.map((item) => item.id),
          `back to page ${page}`,
        ).toEqual(expected[page - 1]);
      }
      expect((await capped(pages + 1)).items).toEqual([]);
    },
  );

  it("continues after the last row seen when the list changes underneath (keyset, not offset)", async () => {
    const first = await get("size=3&page=1");
    const seen = idsOf(first);
    // A sample from further down moves to the top, pushing every row one place down.
    const mover = idsOf(await get("size=3&page=5"))[0];
    expect(mover).toBeDefined();
    await t.database.db
      .update(samples)
      .set({ updatedAt: new Date("2027-01-01T00:00:00Z") })
      .where(eq(samples.id, mover ?? 0));
    const next = await get(withCursor("size=3", 2, first.cursor));
    const byOffset = await get("size=3&page=2");
    expect(idsOf(next)).not.toEqual(idsOf(byOffset));
    // By offset, the last row seen shows up again; by cursor, the page starts right after it.
    expect(idsOf(byOffset)[0]).toBe(seen[2]);
    expect(idsOf(next).some((id) => seen.includes(id))).toBe(false);
  });

  it("ignores a valid cursor of another query", async () => {
    const cursor = (await get("size=3&page=1")).cursor;
    expect(cursor).toEqual(expect.any(String));
    const expected = idsOf(await get("size=4&page=2"));
    expect(idsOf(await get(withCursor("size=4", 2, cursor)))).toEqual(expected);
    expect((await get("size=3&page=99")).cursor).toBeNull();
  });

  it("refuses with 400 a cursor it did not sign, a tampered one, or a signed one out of range", async () => {
    const cursor = (await get("size=3&page=1")).cursor ?? "";
    const [payload = "", signature = ""] = cursor.split(".");
    const body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      h: string;
      p: number;
      f: [number, string, number];
      l: [number, string, number];
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const signer = createSigner(TEST_JWT_SECRET);
    const signed = (value: unknown) => `${encode(value)}.${signer.sign("cursor", encode(value))}`;
    const refused = [
      "not-a-cursor",
      // The old unsigned form, and the old form with an unkeyed digest any client could compute.
      payload,
      `${payload}.${createHash("sha256").update(payload).digest("base64url")}`,
      // A valid signature over other content.
      `${encode({ ...body, l: [0, body.l[1], 99_999_999_999] })}.${signature}`,
      // Signed with the server's key (as a leaked key would allow) but out of range or of another shape.
      signed({ ...body, l: [0, body.l[1], 99_999_999_999] }),
      signed({ ...body, l: [0, body.l[1], 0] }),
      signed({ ...body, f: [0, "2026-02-31T10:00:00.000000", body.f[2]] }),
      signed({ ...body, f: [0, "2026-04-01T25:00:00.000000", body.f[2]] }),
      signed({ ...body, f: [7, body.f[1], body.f[2]] }),
      signed({ ...body, p: 0 }),
      signed({ ...body, extra: 1 }),
      signed([body.h, body.p]),
      // The cursor purpose only: a signature made for another purpose does not pass.
      `${payload}.${signer.sign("unsubscribe", payload)}`,
    ];
    for (const forged of refused) {
      const res = await request(t.app)
        .get(`/api/sample-submissions?${withCursor("size=3", 2, forged)}`)
        .auth(customer.token, { type: "bearer" });
      expect([forged, res.status, res.body]).toEqual([
        forged,
        400,
        { error: messages.cursorInvalid, code: "validation_failed", messageCode: "cursor_invalid" },
      ]);
    }
    // The untouched cursor still works.
    await get(withCursor("size=3", 2, cursor));
  });

  it("never answers another customer's samples whatever the cursor says", async () => {
    const other = await signedInCustomer(t, "Other Farm");
    const mine = await get("size=3&page=1");
    const res = await request(t.app)
      .get(`/api/sample-submissions?size=3&page=2&cursor=${encodeURIComponent(mine.cursor ?? "")}`)
      .auth(other.token, { type: "bearer" })
      .expect(200);
    expect(res.body).toMatchObject({ items: [], total: 0 });
  });
});

describe("samples carry their report id", () => {
  it("is null until a report is issued, then the report's id in the list and the detail", async () => {
    const staff = await signedInStaff(t);
    const sample: Sample = await submitSample(t.app, customer, { samplerName: "Report Farm" });
    const listed = async () =>
      (await get("q=report farm&size=5")).items.find((item) => item.id === sample.id)?.reportId;
    expect(await listed()).toBeNull();
    const report = await completeWithReport(t, staff.token, sample.id);
    expect(await listed()).toBe(report.id);
    const detail = await request(t.app)
      .get(`/api/sample-submissions/${sample.id}`)
      .auth(customer.token, { type: "bearer" })
      .expect(200);
    expect(detail.body.reportId).toBe(report.id);
  });
});

describe("GET /api/sample-submissions search ignores diacritics and case", () => {
  it("finds places stored as Godāvari, Kākināda and Amalāpuram by their plain spelling, and the lab's search too", async () => {
    const farmer = await signedInCustomer(t, "Diacritics Farm");
    const stored = ["Godāvari, Andhra Pradesh", "Kākināda, Andhra Pradesh", "Amalāpuram, Andhra Pradesh"];
    const ids: number[] = [];
    for (const place of stored)
      ids.push((await submitSample(t.app, farmer, { samplerName: "Śrī Lakṣmī", samplerLocation: place })).id);
    const search = async (q: string) =>
      (
        (
          await request(t.app)
            .get(`/api/sample-submissions?q=${encodeURIComponent(q)}&size=10`)
            .auth(farmer.token, { type: "bearer" })
            .expect(200)
        ).body as SamplePage
      ).items.map((item) => item.id);
    expect(await search("Godavari")).toEqual([ids[0]]);
    expect(await search("KAKINADA")).toEqual([ids[1]]);
    expect(await search("amalapuram")).toEqual([ids[2]]);
    expect(await search("Amalāpuram")).toEqual([ids[2]]);
    expect((await search("sri laksmi")).sort()).toEqual([...ids].sort());

    const staff = await signedInStaff(t);
    const lab = await request(t.app)
      .get(`/api/lab/samples?q=${encodeURIComponent("Kakinada")}`)
      .auth(staff.token, { type: "bearer" })
      .expect(200);
    expect((lab.body as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([ids[1]]);
  });
});
