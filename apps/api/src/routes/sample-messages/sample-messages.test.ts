import { messageCodeOfKey, messageStatusViewSchema, type Sample } from "@lab/contracts";
import { customers, outboxMessages } from "@lab/db";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { STRONG_PASSWORD, signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";
import { submitSample } from "../../test/samples";

// A sample's SMS and WhatsApp messages: each member sees their own on a sample they see, the number
// masked to its last four digits; staff see every message on it, numbers whole; no one else learns
// the sample exists.

let t: TestApp;
type Who = { id: number; token: string; email?: string };
let owner: Who;
let colleague: Who;
let ownScope: Who;
let billing: Who;
let stranger: Who;
let staff: Who;
let sample: Sample;
let strangerSample: Sample;

const list = z.array(messageStatusViewSchema);

/** A member of the owner's organisation with this role and scope, signed in again to carry them. */
async function member(
  name: string,
  role: "full" | "results" | "billing",
  scope: "all" | "own",
): Promise<Who> {
  const who = await signedInCustomer(t, name);
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

/** A message as the sender leaves it in the outbox, with the status its provider reported. */
async function message(
  values: Partial<typeof outboxMessages.$inferInsert> & { customerId: number; sampleId: number },
) {
  const [row] = await t.database.db
    .insert(outboxMessages)
    .values({
      channel: "whatsapp",
      recipient: "+919440012345",
      kind: "reportReleased",
      template: "reportReleased",
      language: "en",
      ...values,
    })
    .returning();
  if (!row) throw new Error("no message");
  return row;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInCustomer(t, "Ravi Kumar");
  stranger = await signedInCustomer(t, "Other Org");
  colleague = await member("Colleague All", "results", "all");
  ownScope = await member("Colleague Own", "full", "own");
  billing = await member("Billing Clerk", "billing", "all");
  staff = await signedInStaff(t, { roles: ["analyst"] });
  sample = await submitSample(t.app, owner);
  strangerSample = await submitSample(t.app, stranger);
  await message({
    customerId: owner.id,
    sampleId: sample.id,
    status: "delivered",
    recipient: "+919440012345",
  });
  await message({
    customerId: owner.id,
    sampleId: sample.id,
    channel: "sms",
    recipient: "+919440012345",
    status: "failed",
    statusReason: "Number not reachable",
  });
  await message({
    customerId: colleague.id,
    sampleId: sample.id,
    recipient: "+919866554433",
    status: "read",
  });
  // Settled messages only: the app's message sender runs, and would send a queued one.
  await message({
    customerId: stranger.id,
    sampleId: strangerSample.id,
    recipient: "+918012345678",
    status: "delivered",
  });
  // Six accounts signed up and verified through the API: slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await t.close();
});

const messages = (who: { token: string }, id: number) =>
  request(t.app).get(`/api/samples/${id}/messages`).auth(who.token, { type: "bearer" });
const labMessages = (who: { token: string }, id: number) =>
  request(t.app).get(`/api/lab/samples/${id}/messages`).auth(who.token, { type: "bearer" });

describe("GET /api/samples/{id}/messages", () => {
  it("shows the member their own messages on the sample, newest first, the number masked and a failure's reason", async () => {
    const body = list.parse((await messages(owner, sample.id).expect(200)).body);
    expect(body.map((row) => [row.channel, row.status, row.reason])).toEqual([
      ["sms", "failed", "Number not reachable"],
      ["whatsapp", "delivered", null],
    ]);
    for (const row of body) {
      expect(row.to).toBe("•••• 2345");
      expect(row.kind).toBe("reportReleased");
    }
    expect(JSON.stringify(body)).not.toContain("94400");
  });

  it("shows a colleague who sees the sample only their own message, and none of the owner's", async () => {
    const body = list.parse((await messages(colleague, sample.id).expect(200)).body);
    expect(body.map((row) => [row.status, row.to])).toEqual([["read", "•••• 4433"]]);
  });

  it("answers 404 to another organisation's member and to a colleague of scope own who did not submit it; 404 for no such sample", async () => {
    for (const who of [stranger, ownScope]) {
      const res = await messages(who, sample.id);
      expect(res.status).toBe(404);
      expect((res.body as { messageCode?: string }).messageCode).toBe(messageCodeOfKey("sampleNotFound"));
    }
    await messages(owner, strangerSample.id).expect(404);
    await messages(owner, 2_000_000_000).expect(404);
    await request(t.app).get("/api/samples/abc/messages").auth(owner.token, { type: "bearer" }).expect(404);
  });

  it("refuses a billing member (403), staff on the customer's call (403) and no token (401)", async () => {
    await messages(billing, sample.id).expect(403);
    await messages(staff, sample.id).expect(403);
    await request(t.app).get(`/api/samples/${sample.id}/messages`).expect(401);
  });
});

describe("GET /api/lab/samples/{id}/messages", () => {
  it("shows staff every message on the sample with whole numbers, and none of another sample's", async () => {
    const body = list.parse((await labMessages(staff, sample.id).expect(200)).body);
    expect(body.map((row) => row.to).sort()).toEqual(["+919440012345", "+919440012345", "+919866554433"]);
    const other = list.parse((await labMessages(staff, strangerSample.id).expect(200)).body);
    expect(other.map((row) => row.to)).toEqual(["+918012345678"]);
  });

  it("answers 404 for no such sample, 403 to a customer's token and 401 without one", async () => {
    await labMessages(staff, 2_000_000_000).expect(404);
    await labMessages(owner, sample.id).expect(403);
    await request(t.app).get(`/api/lab/samples/${sample.id}/messages`).expect(401);
  });
});
