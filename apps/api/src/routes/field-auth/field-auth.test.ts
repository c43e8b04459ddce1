import {
  agentInvitationSchema,
  agentSchema,
  agentSignedInSchema,
  fieldAgentSchema,
  messages,
} from "@lab/contracts";
import { agents, authSessions } from "@lab/db";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { SIGN_IN_BACKOFF } from "../../http/rate-limit";
import { createSignedInAgent, uniqueAgentPhone, type SignedInAgent } from "../../test/field-agent";
import { signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";

let t: TestApp;
let agent: SignedInAgent;
let staffToken: string;
beforeAll(async () => {
  t = await startTestApp();
  agent = await createSignedInAgent(t, { name: "Suresh Reddy" });
  staffToken = (await signedInStaff(t)).token;
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

const NEW_PASSWORD = "Pond#Side42";
const lab = (method: "get" | "post" | "put", path: string) =>
  request(t.app)[method](`/api/lab${path}`).auth(staffToken, { type: "bearer" });
const join = (body: object) => request(t.app).post("/api/field/auth/join").send(body);
const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";
async function rosterAgent(id: number) {
  const roster = await lab("get", "/agents").expect(200);
  return agentSchema
    .array()
    .parse(roster.body)
    .find((row) => row.id === id);
}
async function addToRoster(phone = uniqueAgentPhone()): Promise<number> {
  const added = await lab("post", "/agents").send({ name: "Lakshmi Devi", phone }).expect(201);
  return agentSchema.parse(added.body).id;
}
async function invite(id: number) {
  return agentInvitationSchema.parse((await lab("post", `/agents/${id}/invitation`).expect(201)).body);
}

describe("agent invitations", () => {
  it("invites a roster agent, who joins with a password and then signs in by phone", async () => {
    const phone = uniqueAgentPhone();
    const id = await addToRoster(phone);
    const invitation = await invite(id);
    expect(invitation.url).toMatch(/^http:\/\/localhost:3000\/field\/join\?token=[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(invitation.expiresAt) - t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    expect(await rosterAgent(id)).toMatchObject({ canSignIn: false, invitedUntil: invitation.expiresAt });
    // Only the token's hash is kept.
    const [stored] = await t.database.db.select().from(agents).where(eq(agents.id, id));
    expect(stored?.invitationHash).not.toContain(tokenOf(invitation.url));

    const weak = await join({ token: tokenOf(invitation.url), password: "short" });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe(messages.passwordWeak);

    const joined = await join({ token: tokenOf(invitation.url), password: NEW_PASSWORD }).expect(200);
    expect(agentSignedInSchema.parse(joined.body).agent.id).toBe(id);
    expect(String(joined.headers["set-cookie"])).toContain("portal_field_refresh=");
    expect(await rosterAgent(id)).toMatchObject({ canSignIn: true, invitedUntil: null });
    await signIn({ phone, password: NEW_PASSWORD }).expect(200);

    const again = await join({ token: tokenOf(invitation.url), password: NEW_PASSWORD });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(messages.agentInvitationInvalid);
  });

  it("refuses an expired link and one replaced by a newer invitation, writing nothing", async () => {
    const id = await addToRoster();
    const first = await invite(id);
    const second = await invite(id);
    expect((await join({ token: tokenOf(first.url), password: NEW_PASSWORD })).status).toBe(400);
    t.clock.advance(7 * 24 * 3600 + 1);
    try {
      const expired = await join({ token: tokenOf(second.url), password: NEW_PASSWORD });
      expect(expired.status).toBe(400);
      expect(expired.body.error).toBe(messages.agentInvitationInvalid);
    } finally {
      t.clock.advance(-(7 * 24 * 3600 + 1));
    }
    const [row] = await t.database.db.select().from(agents).where(eq(agents.id, id));
    expect(row?.passwordHash).toBeNull();
    for (const token of ["", "x".repeat(43), "a\u0000b", "y".repeat(5000)]) {
      expect((await join({ token, password: NEW_PASSWORD })).status).toBe(400);
    }
  });

  it("a new password through a new invitation ends the agent's older sessions", async () => {
    const fresh = await createSignedInAgent(t);
    const invitation = await invite(fresh.agentId);
    // The link works while the agent still signs in with their old password.
    await signIn({ phone: fresh.phone, password: fresh.password }).expect(200);
    await join({ token: tokenOf(invitation.url), password: NEW_PASSWORD }).expect(200);
    expect((await request(t.app).get("/api/field/me").auth(fresh.token, { type: "bearer" })).status).toBe(
      401,
    );
    expect((await signIn({ phone: fresh.phone, password: fresh.password })).status).toBe(401);
  });

  it("refuses to let a second agent sign in with a number another agent signs in with (409)", async () => {
    const id = await addToRoster(agent.phone);
    const invitation = await invite(id);
    const taken = await join({ token: tokenOf(invitation.url), password: NEW_PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(messages.agentPhoneTaken);
    expect(await rosterAgent(id)).toMatchObject({ canSignIn: false });
    // Nor can staff move a signing-in agent onto another's number.
    const other = await createSignedInAgent(t);
    const moved = await lab("put", `/agents/${other.agentId}`).send({ name: "Moved", phone: agent.phone });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toBe(messages.agentPhoneTaken);
  });

  it("taking an agent off the roster ends their sessions; inactive agents get no invitation", async () => {
    const fresh = await createSignedInAgent(t);
    await lab("put", `/agents/${fresh.agentId}`)
      .send({ name: fresh.name, phone: fresh.phone, active: false })
      .expect(200);
    expect((await request(t.app).get("/api/field/me").auth(fresh.token, { type: "bearer" })).status).toBe(
      401,
    );
    expect((await lab("post", `/agents/${fresh.agentId}/invitation`)).status).toBe(409);
  });

  it("lets only staff invite, and answers unknown or out-of-range ids with 404", async () => {
    const id = await addToRoster();
    const customer = await signedInCustomer(t);
    for (const token of [customer.token, agent.token]) {
      const response = await request(t.app)
        .post(`/api/lab/agents/${id}/invitation`)
        .auth(token, { type: "bearer" });
      expect(response.status).toBe(403);
    }
    expect((await request(t.app).post(`/api/lab/agents/${id}/invitation`)).status).toBe(401);
    for (const bad of ["99999", "0", "2147483648", "-1", "abc"]) {
      expect((await lab("post", `/agents/${bad}/invitation`)).status).toBe(404);
    }
    expect(await rosterAgent(id)).toMatchObject({ invitedUntil: null });
  });
});

describe("agent sign-in limits", () => {
  it("delays a number after five failures in a row, however it is written", { timeout: 60_000 }, async () => {
    const limited = await startTestApp({ rateLimit: true });
    try {
      const fresh = await createSignedInAgent(limited);
      const attempt = (phone: string, password: string) =>
        request(limited.app).post("/api/field/auth/sign-in").send({ phone, password });
      const national = `0${fresh.phone.slice(3)}`;
      for (let i = 0; i < SIGN_IN_BACKOFF.freeFailures; i += 1) {
        expect((await attempt(i % 2 === 0 ? fresh.phone : national, "Wrong#2026")).status).toBe(401);
      }
      // The next waits for its delay, even with the right password, the number written either way.
      const refused = await attempt(national, fresh.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
