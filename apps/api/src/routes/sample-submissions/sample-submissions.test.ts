import { messages, type Sample } from "@lab/contracts";
import { notifications, sampleEvents, samples } from "@lab/db";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInCustomer>>;
let owner: Who;
let stranger: Who;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInCustomer(t, "Ravi Kumar");
  stranger = await signedInCustomer(t, "Other Farm");
});
afterAll(async () => {
  await t.close();
});

const payload = (who: Who, overrides: object = {}) => ({
  consumerId: who.id,
  samplerId: `temp_${Date.now()}`,
  samplerName: "Srinu Farms",
  samplerLocation: "Bhimavaram, West Godāvari, Andhra Pradesh, India",
  coordinate: { lat: 16.54078, lng: 81.52322 },
  shrimpCategory: "Tiger Shrimp",
  testTypes: ["Allergen Testing", "Viral Disease Screening"],
  phoneNumber: "98480 22338",
  emailAddress: "Srinu@Gmail.com",
  status: "COMPLETED",
  assigned: "someone-123",
  ...overrides,
});
const submit = (who: Who, body: object) =>
  request(t.app).post("/api/sample-submissions").auth(who.token, { type: "bearer" }).send(body);
const get = (who: Who, path: string) =>
  request(t.app).get(`/api/sample-submissions${path}`).auth(who.token, { type: "bearer" });

describe("POST /api/sample-submissions", () => {
  it("creates a PENDING sample the server owns (status, assigned, id, times) with its event and notification", async () => {
    const res = await submit(owner, payload(owner));
    expect(res.status).toBe(201);
    const sample = res.body as Sample;
    expect(sample).toMatchObject({
      consumerId: owner.id,
      providerId: null,
      status: "PENDING",
      assigned: "",
      samplerName: "Srinu Farms",
      coordinates: { lat: 16.54078, lng: 81.52322 },
      shrimpCategory: "Tiger Shrimp",
      // The category's order, joined by ", ".
      testTypes: ["Viral Disease Screening", "Allergen Testing"],
      shrimpSubCategory: "Viral Disease Screening, Allergen Testing",
      phoneNumber: "+91 98480 22338",
      emailAddress: "srinu@gmail.com",
      testingEta: null,
    });
    const events = await t.database.db
      .select()
      .from(sampleEvents)
      .where(eq(sampleEvents.sampleId, sample.id));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: "PENDING", actor: `customer:${owner.id}` }]);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.sampleId, sample.id));
    expect(notes).toMatchObject([
      {
        customerId: owner.id,
        type: "sample_status_change",
        data: { notice: "sampleSubmitted", stage: "submitted" },
        read: false,
      },
    ]);
  });

  it("links a saved provider of the caller and refuses another customer's provider with 404", async () => {
    const provider = await request(t.app)
      .post(`/api/customers/${owner.id}/sample-providers`)
      .auth(owner.token, { type: "bearer" })
      .send({ samplerName: "Saved Farm", phoneNumber: "9848022338" });
    const linked = await submit(owner, payload(owner, { samplerId: String(provider.body.id) }));
    expect(linked.status).toBe(201);
    expect(linked.body.providerId).toBe(provider.body.id);

    const foreign = await submit(stranger, payload(stranger, { samplerId: provider.body.id }));
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(messages.providerNotFound);

    // Deleting the provider keeps the sample.
    await request(t.app)
      .delete(`/api/customers/${owner.id}/sample-providers/${provider.body.id}`)
      .auth(owner.token, { type: "bearer" })
      .expect(204);
    const kept = await get(owner, `/${linked.body.id}`);
    expect(kept.body).toMatchObject({ id: linked.body.id, providerId: null, samplerName: "Srinu Farms" });
  });

  it("accepts Black Tiger Shrimp with the export residue test, outside its suggested types, after them", async () => {
    const res = await submit(
      owner,
      payload(owner, {
        shrimpCategory: "Black Tiger Shrimp",
        testTypes: ["Antibiotic Residue Test", "Genetic Purity Analysis"],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      shrimpCategory: "Black Tiger Shrimp",
      testTypes: ["Genetic Purity Analysis", "Antibiotic Residue Test"],
    });
  });

  it("refuses a consumerId other than the caller with 403", async () => {
    const res = await submit(owner, payload(owner, { consumerId: stranger.id }));
    expect(res.status).toBe(403);
  });

  it.each([
    [{ samplerName: "", phoneNumber: "", testTypes: [] }, messages.sampleProviderNameRequired],
    [{ phoneNumber: " ", testTypes: [], coordinate: null }, messages.samplePhoneRequired],
    [{ testTypes: [], coordinate: null }, messages.sampleTestTypesRequired],
    [{ coordinate: null }, messages.sampleCoordinatesRequired],
    [{ coordinate: { lat: 16.5 } }, messages.sampleCoordinatesRequired],
    [{ coordinate: { lat: 0, lng: 81.5 } }, messages.sampleCoordinatesRequired],
    [{ coordinate: { lat: 95, lng: 81.5 } }, messages.coordinatesInvalid],
    [{ shrimpCategory: "" }, messages.sampleCategoryRequired],
    [{ shrimpCategory: "Lobster" }, messages.sampleCategoryRequired],
    [{ testTypes: ["Gold Content Assay"] }, messages.sampleTestTypeNotInCategory],
    [{ phoneNumber: "12345" }, messages.phoneInvalid],
    [{ emailAddress: "not-an-email" }, messages.emailInvalidOptional],
    [{ samplerId: "abc" }, messages.sampleInvalid],
  ])("refuses %o with 400 and the spec's message, writing nothing", async (overrides, message) => {
    const before = (await get(owner, "/summary")).body.total;
    const res = await submit(owner, payload(owner, overrides));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect((await get(owner, "/summary")).body.total).toBe(before);
  });

  it("accepts a sample without e-mail", async () => {
    const res = await submit(owner, payload(owner, { emailAddress: "" }));
    expect(res.status).toBe(201);
    expect(res.body.emailAddress).toBeNull();
  });

  it("keeps the notes for the sample collector (trimmed; blank is none), answers them, and refuses 501 characters with a plain message, writing nothing", async () => {
    const notes = "Call before coming; pond 3 is behind the shed";
    const res = await submit(owner, payload(owner, { collectorNotes: `  ${notes}\n` }));
    expect(res.status).toBe(201);
    const sample = res.body as Sample;
    expect(sample.collectorNotes).toBe(notes);
    expect(((await get(owner, `/${sample.id}`).expect(200)).body as Sample).collectorNotes).toBe(notes);
    const [row] = await t.database.db.select().from(samples).where(eq(samples.id, sample.id));
    expect(row?.collectorNotes).toBe(notes);
    for (const none of [undefined, null, "", "   "]) {
      const plain = await submit(owner, payload(owner, { collectorNotes: none }));
      expect(plain.status).toBe(201);
      expect((plain.body as Sample).collectorNotes).toBeNull();
    }
    expect((await submit(owner, payload(owner, { collectorNotes: "n".repeat(500) }))).status).toBe(201);

    const before = (await get(owner, "/summary")).body.total;
    const long = await submit(owner, payload(owner, { collectorNotes: "n".repeat(501) }));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      error: messages.collectorNotesTooLong,
      messageCode: "collector_notes_too_long",
      field: "collectorNotes",
    });
    for (const bad of [42, ["a"], { a: 1 }, "a\u0000b"])
      expect((await submit(owner, payload(owner, { collectorNotes: bad }))).status).toBe(400);
    expect((await get(owner, "/summary")).body.total).toBe(before);
  });
});

describe("reading samples", () => {
  let customer: Who;
  const ids: Record<string, number> = {};
  // Six samples with known statuses and times: created a day apart, updated in a set order.
  beforeAll(async () => {
    customer = await signedInCustomer(t, "Paging Farm");
    const plan: [string, "PENDING" | "COLLECTING" | "COLLECTED" | "TESTING" | "COMPLETED", string, string][] =
      [
        ["a", "COLLECTING", "2026-03-01T10:00:00Z", "2026-03-10T10:00:00Z"],
        ["b", "PENDING", "2026-03-02T10:00:00Z", "2026-03-09T10:00:00Z"],
        ["c", "COLLECTED", "2026-03-03T10:00:00Z", "2026-03-12T10:00:00Z"],
        ["d", "TESTING", "2026-03-04T20:00:00Z", "2026-03-11T10:00:00Z"],
        ["e", "COMPLETED", "2026-03-05T10:00:00Z", "2026-03-13T10:00:00Z"],
        ["f", "PENDING", "2026-03-06T10:00:00Z", "2026-03-08T10:00:00Z"],
      ];
    for (const [key, status, created, updated] of plan) {
      const res = await submit(
        customer,
        payload(customer, { samplerName: `Farm ${key.toUpperCase()}`, phoneNumber: "9000000123" }),
      );
      ids[key] = res.body.id;
      await t.database.db
        .update(samples)
        .set({ status, createdAt: new Date(created), updatedAt: new Date(updated) })
        .where(eq(samples.id, res.body.id));
    }
  });
  const names = (body: { items: Sample[] }) =>
    body.items.map((s) => s.samplerName.slice(-1).toLowerCase()).join("");

  it("pages newest change first with the total", async () => {
    const first = await get(customer, "?size=4");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 6, page: 1, size: 4 });
    expect(names(first.body)).toBe("ecda");
    expect(names((await get(customer, "?size=4&page=2")).body)).toBe("bf");
    expect((await get(customer, "?size=4&page=3")).body.items).toEqual([]);
  });

  it("filters by status group, PENDING before COLLECTING in the pending group, and by single status", async () => {
    expect(names((await get(customer, "?status=pending")).body)).toBe("bfa");
    expect(names((await get(customer, "?status=collected")).body)).toBe("c");
    expect(names((await get(customer, "?status=testing")).body)).toBe("d");
    expect(names((await get(customer, "?status=PROCESSING")).body)).toBe("d");
    expect(names((await get(customer, "?status=completed")).body)).toBe("e");
    expect(names((await get(customer, "?status=collecting")).body)).toBe("a");
    expect((await get(customer, "?status=lost")).status).toBe(400);
  });

  it("filters by creation date in India time, both ends inclusive", async () => {
    // d was created 2026-03-04T20:00Z, which is already 5 March in India.
    expect(names((await get(customer, "?from=2026-03-02&to=2026-03-04&sort=createdAt:asc")).body)).toBe("bc");
    expect(names((await get(customer, "?from=2026-03-05&to=2026-03-05&sort=createdAt:asc")).body)).toBe("de");
    expect((await get(customer, "?from=2026-03-06&to=2026-03-01")).body.error).toBe(
      messages.dateRangeInvalid,
    );
    expect((await get(customer, "?from=March")).status).toBe(400);
  });

  it("searches name, category, test types, id, phone digits, e-mail and place", async () => {
    expect(names((await get(customer, "?q=farm c")).body)).toBe("c");
    expect((await get(customer, "?q=tiger")).body.total).toBe(6);
    expect((await get(customer, "?q=allergen")).body.total).toBe(6);
    expect(names((await get(customer, `?q=%23${ids["d"]}`)).body)).toBe("d");
    expect((await get(customer, "?q=90000 00123")).body.total).toBe(6);
    expect((await get(customer, "?q=srinu@gmail")).body.total).toBe(6);
    expect((await get(customer, "?q=bhimavaram")).body.total).toBe(6);
    expect((await get(customer, "?q=100%25")).body.total).toBe(0);
  });

  it("combines search, status and dates; totals and pages count only the matches of the caller", async () => {
    // Another customer's samples match the same words: they never count, never show.
    const stranger = await signedInCustomer(t, "Stranger Farm");
    await submit(stranger, payload(stranger, { samplerName: "Farm C", phoneNumber: "9000000123" }));

    const search = await get(customer, "?q=farm&status=pending&size=2");
    expect(search.body).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(names(search.body)).toBe("bf");
    const next = await get(customer, "?q=farm&status=pending&size=2&page=2");
    expect(next.body).toMatchObject({ total: 3, page: 2 });
    expect(names(next.body)).toBe("a");

    expect(names((await get(customer, "?q=farm&from=2026-03-02&to=2026-03-05&status=pending")).body)).toBe(
      "b",
    );
    const dated = await get(customer, "?q=9000000123&from=2026-03-03&to=2026-03-05&sort=createdAt:asc");
    expect(dated.body.total).toBe(3);
    expect(names(dated.body)).toBe("cde");
    expect((await get(customer, "?q=farm c&status=completed")).body.total).toBe(0);
    expect((await get(customer, "?q=farm c")).body.items.map((s: Sample) => s.id)).toEqual([ids["c"]]);
    // A date range and search that match nothing: an empty page, total 0.
    expect((await get(customer, "?q=farm&from=2026-04-01&to=2026-04-30")).body).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it("pages the pending group across its PENDING and COLLECTING runs, and deep pages from the far end", async () => {
    expect(names((await get(customer, "?status=pending&size=2")).body)).toBe("bf");
    expect(names((await get(customer, "?status=pending&size=2&page=2")).body)).toBe("a");
    for (let page = 1; page <= 6; page += 1) {
      expect(names((await get(customer, `?size=1&page=${page}`)).body)).toBe("ecdabf"[page - 1]);
    }
    expect(names((await get(customer, "?size=5&page=2&sort=createdAt:asc")).body)).toBe("f");
  });

  it("rejects page sizes outside 1..100", async () => {
    expect((await get(customer, "?size=0")).status).toBe(400);
    expect((await get(customer, "?size=101")).body.error).toBe(messages.pageSizeInvalid);
  });

  it("summarises counts per group with the earliest creation date", async () => {
    const res = await get(customer, "/summary");
    expect(res.body).toEqual({
      total: 6,
      pending: 3,
      collected: 1,
      testing: 1,
      completed: 1,
      rejected: 0,
      // Its COMPLETED status was set directly: no report, so no successful test.
      successful: 0,
      earliestCreatedAt: "2026-03-01T10:00:00.000Z",
    });
  });

  it("keeps the counts right when samples move or go", async () => {
    const extra = await submit(customer, payload(customer));
    expect((await get(customer, "/summary")).body).toMatchObject({ total: 7, pending: 4 });
    await t.database.db.update(samples).set({ status: "TESTING" }).where(eq(samples.id, extra.body.id));
    expect((await get(customer, "/summary")).body).toMatchObject({ total: 7, pending: 3, testing: 2 });
    expect((await get(customer, "?status=testing")).body.total).toBe(2);
    await t.database.db.delete(samples).where(eq(samples.id, extra.body.id));
    expect((await get(customer, "/summary")).body).toMatchObject({ total: 6, pending: 3, testing: 1 });
  });

  it("answers the consumer list of the caller only, and 403 for another consumer id", async () => {
    const own = await get(customer, `/consumer/${customer.id}`);
    expect(own.body).toHaveLength(6);
    expect(own.body.every((s: Sample) => s.consumerId === customer.id)).toBe(true);
    expect((await get(customer, `/consumer/${owner.id}`)).status).toBe(403);
  });

  it("answers one sample and its events, and 404 for another customer's sample", async () => {
    const id = ids["c"];
    const one = await get(customer, `/${id}`);
    expect(one.body.id).toBe(id);
    const events = await get(customer, `/${id}/events`);
    expect(events.body).toMatchObject([{ sampleId: id, from: null, to: "PENDING" }]);
    for (const path of [`/${id}`, `/${id}/events`, "/999999", "/abc"]) {
      const res = await get(stranger, path);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(messages.sampleNotFound);
    }
    expect((await request(t.app).get(`/api/sample-submissions/${id}`)).status).toBe(401);
  });
});
