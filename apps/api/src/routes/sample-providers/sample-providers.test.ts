import { NAME_MAX, messages, tooLong } from "@lab/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInCustomer>>;
let stranger: Awaited<ReturnType<typeof signedInCustomer>>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInCustomer(t, "Ravi Kumar");
  stranger = await signedInCustomer(t, "Other Farm");
});
afterAll(async () => {
  await t.close();
});

type Who = { id: number; token: string };
const base = (who: Who, customerId = who.id) => `/api/customers/${customerId}`;
const create = (who: Who, body: object, customerId = who.id) =>
  request(t.app)
    .post(`${base(who, customerId)}/sample-providers`)
    .auth(who.token, { type: "bearer" })
    .send(body);
const list = (who: Who) =>
  request(t.app)
    .get(`${base(who)}/sample-providers`)
    .auth(who.token, { type: "bearer" });

const bhimavaram = {
  address: "Bhimavaram, West Godāvari, Andhra Pradesh, India",
  coordinates: { lat: 16.54078, lng: 81.52322 },
  placeId: "gn-abc",
};

describe("POST /api/customers/:id/sample-providers", () => {
  it("adds a Farmer by default, stores phones as E.164 and shows them the way people write them", async () => {
    const res = await create(owner, {
      samplerName: "Srinu Farms",
      phoneNumber: "98480 22338",
      altPhoneNumber: "0866 2474747",
      location: "Near canal road, Bhimavaram",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      samplerName: "Srinu Farms",
      userType: "Farmer",
      phoneNumber: "+91 98480 22338",
      altPhoneNumber: "+91 866 247 4747",
      location: "Near canal road, Bhimavaram",
      address: "Near canal road, Bhimavaram",
      coordinates: null,
      farmers: [],
      customerId: owner.id,
    });
  });

  it("accepts the location as the spec's JSON string, stores its parts and returns the string as sent", async () => {
    const location = JSON.stringify(bhimavaram);
    const res = await create(owner, { samplerName: "Ganga", phoneNumber: "9848022339", location });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      location,
      address: bhimavaram.address,
      coordinates: bhimavaram.coordinates,
      placeId: "gn-abc",
    });
  });

  it("reads typed 'lat, lng' as coordinates and prefers explicit coordinates beside a location", async () => {
    const typed = await create(owner, {
      samplerName: "Pond 7",
      phoneNumber: "9848022340",
      location: "16.5, 81.52",
    });
    expect(typed.body.coordinates).toEqual({ lat: 16.5, lng: 81.52 });
    const explicit = await create(owner, {
      samplerName: "Pond 8",
      phoneNumber: "9848022341",
      location: "Pond 8, Kaikaluru",
      coordinates: { lat: 16.55, lng: 81.21 },
    });
    expect(explicit.body).toMatchObject({
      address: "Pond 8, Kaikaluru",
      coordinates: { lat: 16.55, lng: 81.21 },
    });
  });

  it("adds an Agent with farmers, ignoring an untouched blank farmer row", async () => {
    const res = await create(owner, {
      samplerName: "Venkat Agencies",
      userType: "Agent",
      phoneNumber: "+91 99887 76655",
      location: JSON.stringify(bhimavaram),
      farmers: [
        { name: "Ramesh", phoneNumber: "9000000001", location: "Undi" },
        {
          name: "Sita",
          phoneNumber: "9000000002",
          altPhoneNumber: "9000000003",
          location: JSON.stringify(bhimavaram),
        },
        { name: "", phoneNumber: "", altPhoneNumber: "", location: "" },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.userType).toBe("Agent");
    expect(res.body.farmers).toEqual([
      {
        name: "Ramesh",
        phoneNumber: "+91 90000 00001",
        altPhoneNumber: null,
        location: "Undi",
        address: "Undi",
        coordinates: null,
        placeId: null,
      },
      {
        name: "Sita",
        phoneNumber: "+91 90000 00002",
        altPhoneNumber: "+91 90000 00003",
        location: JSON.stringify(bhimavaram),
        address: bhimavaram.address,
        coordinates: bhimavaram.coordinates,
        placeId: "gn-abc",
      },
    ]);
  });

  it.each([
    [{ phoneNumber: "9848022338" }, messages.providerNameRequired],
    [{ samplerName: "  ", phoneNumber: "9848022338" }, messages.providerNameRequired],
    [{ samplerName: "A" }, messages.phoneRequired],
    [{ samplerName: "A", phoneNumber: "12345" }, messages.phoneInvalid],
    [{ samplerName: "A", phoneNumber: "9848022338", altPhoneNumber: "999" }, messages.altPhoneInvalid],
    [{ samplerName: "A", phoneNumber: "9848022338", userType: "Trader" }, messages.userTypeInvalid],
    [
      { samplerName: "A", phoneNumber: "9848022338", farmers: [{ name: "R", phoneNumber: "9000000001" }] },
      messages.farmersOnlyForAgents,
    ],
    [
      { samplerName: "A", userType: "Agent", phoneNumber: "9848022338", farmers: [{ name: "R" }] },
      messages.farmerPhoneRequired,
    ],
    [
      {
        samplerName: "A",
        userType: "Agent",
        phoneNumber: "9848022338",
        farmers: [{ phoneNumber: "9000000001" }],
      },
      messages.farmerNameRequired,
    ],
    [
      { samplerName: "A", phoneNumber: "9848022338", coordinates: { lat: 91, lng: 80 } },
      messages.coordinatesInvalid,
    ],
    [{ samplerName: "A", phoneNumber: "9848022338", location: "95.1, 80.2" }, messages.coordinatesInvalid],
    [
      {
        samplerName: "A",
        phoneNumber: "9848022338",
        location: '{"address": "x", "coordinates": {"lat": 10, "lng": 200}}',
      },
      messages.coordinatesInvalid,
    ],
    [{ samplerName: "A", phoneNumber: "9848022338", location: "{not json" }, messages.locationInvalid],
  ])("refuses %o with 400 and a clear message, storing nothing", async (body, message) => {
    const before = (await list(owner)).body.length;
    const res = await create(owner, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect((await list(owner)).body.length).toBe(before);
  });

  it("names the farmer's phone field by its row in the request when one of six farmers has a bad phone", async () => {
    const farmers = Array.from({ length: 6 }, (_, index) => ({
      name: `లక్ష్మీ దేవి ${index + 1}`,
      phoneNumber: `900000001${index}`,
    }));
    // An untouched blank row before it must not shift the index the error names.
    farmers[1] = { name: "", phoneNumber: "" };
    farmers[3] = { name: "लक्ष्मी देवी", phoneNumber: "12345" };
    const before = (await list(owner)).body.length;
    const res = await create(owner, {
      samplerName: "Suresh Agencies",
      userType: "Agent",
      phoneNumber: "9848022338",
      farmers,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: messages.phoneInvalid,
      code: "validation_failed",
      messageCode: "phone_invalid",
      field: "farmers.3.phoneNumber",
    });
    expect((await list(owner)).body.length).toBe(before);
  });

  it.each([
    [{ samplerName: "A", phoneNumber: "12345" }, "phoneNumber"],
    [{ samplerName: "A", phoneNumber: "9848022338", altPhoneNumber: "999" }, "altPhoneNumber"],
    [{ phoneNumber: "9848022338" }, "samplerName"],
    [{ samplerName: "A".repeat(200), phoneNumber: "9848022338" }, "samplerName"],
    [
      { samplerName: "A", userType: "Agent", phoneNumber: "9848022338", farmers: [{ name: "R" }] },
      "farmers.0.phoneNumber",
    ],
    [
      {
        samplerName: "A",
        userType: "Agent",
        phoneNumber: "9848022338",
        farmers: [{ name: "R", phoneNumber: "1".repeat(40) }],
      },
      "farmers.0.phoneNumber",
    ],
    [{ samplerName: "A", phoneNumber: "9848022338", location: "{not json" }, "location"],
    [
      {
        samplerName: "A",
        userType: "Agent",
        phoneNumber: "9848022338",
        farmers: [
          { name: "R", phoneNumber: "9000000001" },
          { name: "S", phoneNumber: "9000000002", location: "95.1, 80.2" },
        ],
      },
      "farmers.1.location",
    ],
  ])("the 400 for %o names the field %s", async (body, field) => {
    const res = await create(owner, body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
  });

  it("a 200-character provider name says it is too long, not that the name is missing", async () => {
    const res = await create(owner, { samplerName: "ల".repeat(200), phoneNumber: "9848022338" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(tooLong("Sample provider name", NAME_MAX));
    expect(res.body.error).not.toMatch(/Too big|expected string/);
  });

  it("answers 403 for another customer's path id and 401 without a token", async () => {
    expect((await create(owner, { samplerName: "A", phoneNumber: "9848022338" }, stranger.id)).status).toBe(
      403,
    );
    expect(
      (
        await request(t.app)
          .post(`${base(owner)}/sample-providers`)
          .send({})
      ).status,
    ).toBe(401);
  });
});

describe("GET /api/customers/:id/sample-providers and /api/customers/:id", () => {
  it("lists only the caller's providers, newest first, and includes them in the customer", async () => {
    const own = await list(owner);
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
    expect(own.body.every((p: { customerId: number }) => p.customerId === owner.id)).toBe(true);
    const ids = own.body.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await list(stranger)).body).toEqual([]);
    const customer = await request(t.app).get(base(owner)).auth(owner.token, { type: "bearer" });
    expect(customer.body.sampleProviders).toEqual(own.body);
  });
});

describe("PUT and DELETE on both alias paths", () => {
  it.each(["sample-providers-simple", "sample-providers/id"])(
    "PUT /%s/{providerId} replaces the provider",
    async (path) => {
      const created = await create(owner, { samplerName: "Before", phoneNumber: "9848022338" });
      t.clock.advance(2);
      const res = await request(t.app)
        .put(`${base(owner)}/${path}/${created.body.id}`)
        .auth(owner.token, { type: "bearer" })
        .send({
          samplerName: "After",
          userType: "Agent",
          phoneNumber: "9848022338",
          farmers: [{ name: "F", phoneNumber: "9000000009" }],
        });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: created.body.id,
        samplerName: "After",
        userType: "Agent",
        farmers: [{ name: "F" }],
      });
      expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(created.body.updatedAt));
    },
  );

  it("answers 404 'Sample Provider not found' with an error field for another customer's or a missing provider", async () => {
    const theirs = await create(stranger, { samplerName: "Theirs", phoneNumber: "9848022338" });
    for (const path of [
      `sample-providers-simple/${theirs.body.id}`,
      "sample-providers/id/999999",
      "sample-providers-simple/abc",
    ]) {
      const res = await request(t.app)
        .put(`${base(owner)}/${path}`)
        .auth(owner.token, { type: "bearer" })
        .send({ samplerName: "Mine now", phoneNumber: "9848022338" });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(messages.providerNotFound);
    }
    const del = await request(t.app)
      .delete(`${base(owner)}/sample-providers/${theirs.body.id}`)
      .auth(owner.token, { type: "bearer" });
    expect(del.status).toBe(404);
    expect(del.body.error).toBe(messages.providerNotFound);
    expect((await list(stranger)).body.some((p: { id: number }) => p.id === theirs.body.id)).toBe(true);
  });

  it.each(["sample-providers", "sample-providers/id"])(
    "DELETE /%s/{providerId} removes it once",
    async (path) => {
      const created = await create(owner, { samplerName: "Gone", phoneNumber: "9848022338" });
      const url = `${base(owner)}/${path}/${created.body.id}`;
      expect((await request(t.app).delete(url).auth(owner.token, { type: "bearer" })).status).toBe(204);
      expect((await request(t.app).delete(url).auth(owner.token, { type: "bearer" })).status).toBe(404);
      expect((await list(owner)).body.some((p: { id: number }) => p.id === created.body.id)).toBe(false);
    },
  );
});
