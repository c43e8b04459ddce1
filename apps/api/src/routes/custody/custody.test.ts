import { randomUUID } from "node:crypto";

import { custodySchema, messageCodeOfKey, type Collection, type Sample } from "@lab/contracts";
import { customers, sampleReceptions } from "@lab/db";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { recordCustody } from "../../domain/field/custody";
import { collectingJob, collectionBody, phoneJpeg } from "../../test/collections";
import { createSignedInAgent, type SignedInAgent } from "../../test/field-agent";
import { STRONG_PASSWORD, signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";

// A sample's chain of custody and its photos: its organisation's members who see the sample, staff,
// and the agent whose job it is; nobody else learns it exists.

let t: TestApp;
type Who = { id: number; token: string; email?: string };
let owner: Who;
let stranger: Who;
let ownScope: Who;
let billing: Who;
let staff: Who;
let agent: SignedInAgent;
let otherAgent: SignedInAgent;
let sample: Sample;
let collection: Collection;
let photoBytes: Buffer;

/** A member of the owner's organisation with this role and scope, signed in again to carry them. */
async function colleague(role: "full" | "billing", scope: "all" | "own"): Promise<Who> {
  const who = await signedInCustomer(t, `Member ${role} ${scope}`);
  const [home] = await t.database.db.select().from(customers).where(eq(customers.id, owner.id));
  await t.database.db
    .update(customers)
    .set({ organisationId: home?.organisationId ?? 0, memberRole: role, memberScope: scope })
    .where(eq(customers.id, who.id));
  const login = await request(t.app)
    .post("/api/customers/login")
    .send({ email: who.email, password: STRONG_PASSWORD })
    .expect(200);
  return { ...who, token: (login.body as { accessToken: string }).accessToken };
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInCustomer(t, "Ravi Kumar");
  stranger = await signedInCustomer(t, "Other Org");
  ownScope = await colleague("full", "own");
  billing = await colleague("billing", "all");
  staff = await signedInStaff(t, { roles: ["analyst"] });
  agent = await createSignedInAgent(t, { name: "Suresh Reddy" });
  otherAgent = await createSignedInAgent(t, { name: "Other Agent" });
  sample = await collectingJob(t, owner, agent.agentId);
  photoBytes = await phoneJpeg({ gps: { lat: 16.5, lng: 81.5 } });
  const res = await request(t.app)
    .post("/api/field/collections")
    .auth(agent.token, { type: "bearer" })
    .set("Idempotency-Key", randomUUID())
    .send(collectionBody(t, sample.id, { photos: [{ kind: "seal", data: photoBytes.toString("base64") }] }))
    .expect(201);
  collection = res.body as Collection;
  // A later hand-off and reception's decision, as the lab's reception records them.
  const later = new Date(t.clock.now().getTime() + 3_600_000);
  await recordCustody(t.database.db, {
    sampleId: sample.id,
    kind: "received",
    relinquishedBy: "Suresh Reddy (agent)",
    receivedBy: "Reception: A. Das",
    at: later,
    sealIntact: true,
    temperatureC: 5.5,
    actor: { kind: "staff", id: staff.id },
  });
  await t.database.db.insert(sampleReceptions).values({
    sampleId: sample.id,
    decision: "accepted",
    seals: ["S-1001", "S-1002"],
    sealsMatch: true,
    temperatureC: "5.5",
    staffId: staff.id,
    at: later,
  });
});
afterAll(async () => {
  await t.close();
});

const custody = (who: { token: string }, id = sample.id) =>
  request(t.app).get(`/api/samples/${id}/custody`).auth(who.token, { type: "bearer" });
const photo = (who: { token: string }, photoId: number, id = sample.id) =>
  request(t.app).get(`/api/samples/${id}/photos/${photoId}`).auth(who.token, { type: "bearer" });

describe("GET /api/samples/{id}/custody", () => {
  it("shows the submitter the hand-offs oldest first, the collection and reception's decision", async () => {
    const res = await custody(owner).expect(200);
    const body = custodySchema.parse(res.body);
    expect(body.events.map((event) => event.kind)).toEqual(["collected", "received"]);
    expect(body.events[0]).toMatchObject({
      relinquishedBy: "Ravi Kumar (farmer)",
      receivedBy: "Suresh Reddy (agent)",
      sealIntact: true,
      temperatureC: 4.2,
    });
    expect(body.events[0]?.location?.lat).toBeCloseTo(collection.position.lat, 9);
    expect(body.events[1]).toMatchObject({
      receivedBy: "Reception: A. Das",
      temperatureC: 5.5,
      location: null,
    });
    expect(body.collection).toEqual(collection);
    expect(body.reception).toMatchObject({
      decision: "accepted",
      sealsMatch: true,
      temperatureC: 5.5,
      reasons: [],
    });
  });

  it("shows it to staff and to the agent whose job it is", async () => {
    expect(custodySchema.parse((await custody(staff).expect(200)).body).events).toHaveLength(2);
    expect(custodySchema.parse((await custody(agent).expect(200)).body).collection?.id).toBe(collection.id);
  });

  it("answers 404 to another organisation's member, a member of scope 'own' who did not submit it, and another agent", async () => {
    for (const who of [stranger, ownScope, otherAgent]) {
      const res = await custody(who);
      expect(res.status).toBe(404);
      expect((res.body as { messageCode?: string }).messageCode).toBe(messageCodeOfKey("sampleNotFound"));
    }
  });

  it("refuses a billing member (403), no token (401), and answers an unknown or malformed id 404", async () => {
    await custody(billing).expect(403);
    await request(t.app).get(`/api/samples/${sample.id}/custody`).expect(401);
    await custody(owner, 2_000_000_000).expect(404);
    await request(t.app).get("/api/samples/1e3/custody").auth(owner.token, { type: "bearer" }).expect(404);
  });

  it("answers an empty chain for a sample not yet collected", async () => {
    const waiting = await collectingJob(t, owner, agent.agentId);
    const body = custodySchema.parse((await custody(owner, waiting.id).expect(200)).body);
    expect(body).toEqual({ events: [], collection: null, reception: null });
  });
});

describe("GET /api/samples/{id}/photos/{photoId}", () => {
  it("serves the stored JPEG to those who see the sample, privately cached", async () => {
    const photoId = collection.photos[0]?.id ?? 0;
    for (const who of [owner, staff, agent]) {
      const res = await photo(who, photoId).buffer(true).expect(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect(res.headers["cache-control"]).toMatch(/^private/);
      const body = res.body as Buffer;
      expect(body.length).toBe(collection.photos[0]?.bytes);
      // The re-encoded photo, not the phone's bytes.
      expect(body.equals(photoBytes)).toBe(false);
    }
  });

  it("answers 404 to others, and for a photo of another sample", async () => {
    const photoId = collection.photos[0]?.id ?? 0;
    await photo(stranger, photoId).expect(404);
    await photo(otherAgent, photoId).expect(404);
    const other = await collectingJob(t, owner, agent.agentId);
    await photo(owner, photoId, other.id).expect(404);
    await photo(owner, 2_000_000_000).expect(404);
  });
});
