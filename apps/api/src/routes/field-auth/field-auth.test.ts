import { agentSignedInSchema, fieldAgentSchema, messages } from "@lab/contracts";
import { agents, authSessions } from "@lab/db";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createSignedInAgent, type SignedInAgent } from "../../test/field-agent";
import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";

let t: TestApp;
let agent: SignedInAgent;
beforeAll(async () => {
  t = await startTestApp();
  agent = await createSignedInAgent(t, { name: "Suresh Reddy" });
});
afterAll(async () => {
  await t.close();
});

const signIn = (body: object) => request(t.app).post("/api/field/auth/sign-in").send(body);
const sessionsOf = (agentId: number) =>
  t.database.db.select().from(authSessions).where(eq(authSessions.subjectId, agentId));

describe("agent sign-in", () => {
  it("signs an agent in with the number written any usual way and answers the agent and a token", async () => {
    const national = `0${agent.phone.slice(3)}`;
    const response = await signIn({ phone: national, password: agent.password }).expect(200);
    const body = agentSignedInSchema.parse(response.body);
    expect(body.agent).toMatchObject({ id: agent.agentId, name: "Suresh Reddy" });
    expect(String(response.headers["set-cookie"])).toMatch(/portal_field_refresh=.*Path=\/api\/field\/auth/);
    const me = await request(t.app)
      .get("/api/field/me")
      .auth(body.accessToken, { type: "bearer" })
      .expect(200);
    expect(fieldAgentSchema.parse(me.body).id).toBe(agent.agentId);
  });

  it("answers a wrong password, an unknown number and no number at all alike with 401 and opens no session", async () => {
    const before = (await sessionsOf(agent.agentId)).length;
    for (const body of [
      { phone: agent.phone, password: "Wrong#2026" },
      { phone: "+919812300000", password: agent.password },
      { phone: "not a phone", password: agent.password },
    ]) {
      const response = await signIn(body);
      expect(response.status).toBe(401);
      expect(response.body.error).toBe(messages.agentSignInFailed);
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    expect(await sessionsOf(agent.agentId)).toHaveLength(before);
  });

  it("refuses an agent taken off the roster (inactive) even with the right password", async () => {
    const inactive = await createSignedInAgent(t, { name: "Old Hand" });
    await t.database.db.update(agents).set({ active: false }).where(eq(agents.id, inactive.agentId));
    const response = await signIn({ phone: inactive.phone, password: inactive.password });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe(messages.agentInactive);
  });

  it("refuses a roster agent who never set a password (the simulator's demo agents)", async () => {
    await t.database.db.insert(agents).values({ name: "Demo", phone: "+919812311111" });
    expect((await signIn({ phone: "+919812311111", password: "anything" })).status).toBe(401);
  });

  it("answers hostile bodies with 4xx: missing fields, NUL, a huge password", async () => {
    expect((await signIn({})).status).toBe(400);
    expect((await signIn({ phone: agent.phone, password: "a\u0000b" })).status).toBe(400);
    expect((await signIn({ phone: agent.phone, password: "x".repeat(5000) })).status).toBe(400);
    expect((await signIn({ phone: ["x"], password: 5 })).status).toBe(400);
  });
});

describe("agent sessions", () => {
  it("refreshes with the agent's own cookie and signs out by it; the token then stops working", async () => {
    const fresh = await createSignedInAgent(t);
    const refreshed = await request(t.app)
      .post("/api/field/auth/refresh")
      .set("Cookie", fresh.cookies)
      .set("X-Requested-With", "fetch")
      .expect(200);
    const body = agentSignedInSchema.parse(refreshed.body);
    expect(body.agent.id).toBe(fresh.agentId);
    const rotated: unknown = refreshed.headers["set-cookie"];
    await request(t.app)
      .post("/api/field/auth/sign-out")
      .set("Cookie", Array.isArray(rotated) ? rotated.map(String) : [])
      .set("X-Requested-With", "fetch")
      .expect(200);
    expect(
      (await request(t.app).get("/api/field/me").auth(body.accessToken, { type: "bearer" })).status,
    ).toBe(401);
    // A customer's refresh endpoint does not take an agent's cookie.
    const asCustomer = await request(t.app)
      .post("/api/auth/refresh")
      .set("Cookie", fresh.cookies)
      .set("X-Requested-With", "fetch");
    expect(asCustomer.status).toBe(401);
  });

  it("signs out by bearer token", async () => {
    const fresh = await createSignedInAgent(t);
    await request(t.app).post("/api/field/auth/sign-out").auth(fresh.token, { type: "bearer" }).expect(200);
    expect((await request(t.app).get("/api/field/me").auth(fresh.token, { type: "bearer" })).status).toBe(
      401,
    );
  });

  it("keeps roles apart: customer and staff tokens get 403 on /field, an agent token 403 on theirs", async () => {
    const customer = await signedInCustomer(t);
    const staff = await signedInStaff(t);
    for (const token of [customer.token, staff.token]) {
      expect((await request(t.app).get("/api/field/me").auth(token, { type: "bearer" })).status).toBe(403);
    }
    expect((await request(t.app).get("/api/lab/samples").auth(agent.token, { type: "bearer" })).status).toBe(
      403,
    );
    expect(
      (await request(t.app).get("/api/sample-submissions").auth(agent.token, { type: "bearer" })).status,
    ).toBe(403);
    expect((await request(t.app).get("/api/field/me")).status).toBe(401);
  });
});
