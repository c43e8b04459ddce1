import { messages } from "@lab/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { REFRESH_BROWSER_SESSION_S, REFRESH_PERSISTENT_S } from "../../infra/sessions";
import { STRONG_PASSWORD, signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";

let t: TestApp;
beforeAll(async () => {
  // Trusting X-Forwarded-Proto lets one test play a request that reached the proxy over https.
  t = await startTestApp({ trustProxy: true });
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = "Prawn#Farm2025";

/** The refresh Set-Cookie line of an answer (the customer's unless `name` says), if any. */
function refreshSetCookie(res: request.Response, name = "portal_refresh"): string | undefined {
  const raw: unknown = res.headers["set-cookie"];
  const lines = Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? [raw] : [];
  return lines.find((line) => line.startsWith(`${name}=`));
}

/** The Cookie header value carrying the refresh token of an answer. */
function cookieOf(res: request.Response, name = "portal_refresh"): string {
  const pair = refreshSetCookie(res, name)?.split(";")[0];
  if (!pair || pair === `${name}=`) throw new Error("no refresh cookie in the answer");
  return pair;
}

const login = (email: string, remember?: boolean) =>
  request(t.app)
    .post("/api/customers/login")
    .send(
      remember === undefined
        ? { email, password: STRONG_PASSWORD }
        : { email, password: STRONG_PASSWORD, remember },
    );

const refresh = (cookie: string | undefined) => {
  const call = request(t.app).post("/api/auth/refresh").set("X-Requested-With", "fetch");
  return cookie === undefined ? call : call.set("Cookie", cookie);
};

const profile = (id: number, token: string) =>
  request(t.app).get(`/api/customers/${id}`).auth(token, { type: "bearer" });

const sidOf = (token: string): unknown => {
  const payload = token.split(".")[1] ?? "";
  return (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sid?: unknown }).sid;
};

/** A verified customer signed in on a second device, with that device's refresh cookie. */
async function device(remember?: boolean) {
  const customer = await signedInCustomer(t);
  const res = await login(customer.email, remember).expect(200);
  return {
    ...customer,
    token: (res.body as { accessToken: string }).accessToken,
    cookie: cookieOf(res),
    res,
  };
}

describe("refresh cookie on sign-in", () => {
  it("sign-in without 'remember' sets an httpOnly, SameSite=Strict, /api/auth browser-session cookie", async () => {
    const { res } = await device();
    const line = refreshSetCookie(res) ?? "";
    expect(line).toMatch(/^portal_refresh=[A-Za-z0-9_-]{43};/);
    expect(line).toContain("HttpOnly");
    expect(line).toContain("SameSite=Strict");
    expect(line).toContain("Path=/api/auth");
    expect(line).not.toMatch(/Max-Age|Expires/i);
    expect(line).not.toContain("Secure");
    // The token is in the cookie only, never in the body.
    expect(JSON.stringify(res.body)).not.toContain(cookieOf(res).slice("portal_refresh=".length));
  });

  it("sign-in with 'remember: true' sets a 30-day cookie (Max-Age 2592000)", async () => {
    const { res } = await device(true);
    expect(refreshSetCookie(res)).toContain(`Max-Age=${REFRESH_PERSISTENT_S}`);
  });

  it("marks the cookie Secure when the request came over https", async () => {
    const customer = await signedInCustomer(t);
    const res = await login(customer.email).set("X-Forwarded-Proto", "https").expect(200);
    expect(refreshSetCookie(res)).toContain("Secure");
  });

  it("refuses a non-boolean 'remember' with 400", async () => {
    const customer = await signedInCustomer(t);
    const res = await request(t.app)
      .post("/api/customers/login")
      .send({ email: customer.email, password: STRONG_PASSWORD, remember: "yes" });
    expect(res.status).toBe(400);
    expect(refreshSetCookie(res)).toBeUndefined();
  });
});

describe("POST /api/auth/refresh", () => {
  it("answers like sign-in with a new 3600 s token for the same session and rotates the cookie", async () => {
    const first = await device();
    const res = await refresh(first.cookie).expect(200);
    const body = res.body as {
      accessToken: string;
      expiresIn: number;
      tokenType: string;
      customer: { id: number };
    };
    expect(body).toMatchObject({
      expiresIn: 3600,
      tokenType: "Bearer",
      customer: { id: first.id, email: first.email },
    });
    expect(sidOf(body.accessToken)).toBe(sidOf(first.token));
    await profile(first.id, body.accessToken).expect(200);
    const next = cookieOf(res);
    expect(next).not.toBe(first.cookie);
    expect(refreshSetCookie(res)).toContain("HttpOnly");
    // The new cookie works in turn.
    await refresh(next).expect(200);
  });

  it("a rotated token presented again ends the session (theft): 401, and the live token and newest cookie die too", async () => {
    const first = await device(true);
    const rotated = await refresh(first.cookie).expect(200);
    const live = (rotated.body as { accessToken: string }).accessToken;
    const replay = await refresh(first.cookie);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({
      error: messages.sessionEnded,
      code: "unauthenticated",
      messageCode: "session_ended",
    });
    expect(refreshSetCookie(replay)).toMatch(/^portal_refresh=;.*Expires=Thu, 01 Jan 1970/);
    await refresh(cookieOf(rotated)).expect(401);
    await profile(first.id, live).expect(401);
  });

  it("refuses a call without the X-Requested-With header (CSRF) with 403 and leaves the cookie usable", async () => {
    const first = await device();
    const res = await request(t.app).post("/api/auth/refresh").set("Cookie", first.cookie);
    expect(res.status).toBe(403);
    expect(refreshSetCookie(res)).toBeUndefined();
    await refresh(first.cookie).expect(200);
  });

  it("answers 401 without a cookie, with an unknown token and with a malformed one", async () => {
    expect((await refresh(undefined)).status).toBe(401);
    expect((await refresh(`portal_refresh=${"A".repeat(43)}`)).status).toBe(401);
    expect((await refresh("portal_refresh=%00;other=1")).status).toBe(401);
  });

  it("fails after sign-out-all, and after logout (which also clears the cookie)", async () => {
    const a = await device(true);
    await request(t.app)
      .post(`/api/customers/${a.id}/sign-out-all`)
      .auth(a.token, { type: "bearer" })
      .expect(200);
    await refresh(a.cookie).expect(401);

    const b = await device();
    const out = await request(t.app).post("/api/auth/logout").auth(b.token, { type: "bearer" }).expect(200);
    expect(refreshSetCookie(out)).toMatch(/^portal_refresh=;.*Path=\/api\/auth/);
    await refresh(b.cookie).expect(401);
  });

  it("logout without a bearer token (expired) signs out by the cookie: the session ends and the cookie is cleared", async () => {
    const c = await device(true);
    const refused = await request(t.app).post("/api/auth/logout").set("Cookie", c.cookie);
    expect(refused.status).toBe(403);
    const out = await request(t.app)
      .post("/api/auth/logout")
      .set("X-Requested-With", "fetch")
      .set("Cookie", c.cookie)
      .expect(200);
    expect(refreshSetCookie(out)).toMatch(/^portal_refresh=;/);
    await refresh(c.cookie).expect(401);
    await profile(c.id, c.token).expect(401);
  });

  it("fails on the other devices after a password change, and keeps working on the device that changed it", async () => {
    const other = await device();
    const here = await login(other.email).expect(200);
    await request(t.app)
      .put(`/api/customers/${other.id}/password`)
      .auth((here.body as { accessToken: string }).accessToken, { type: "bearer" })
      .send({ currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD })
      .expect(200);
    await refresh(other.cookie).expect(401);
    await refresh(cookieOf(here)).expect(200);
  });

  it("a browser-session refresh ends 12 h after its last use; each refresh starts the window again", async () => {
    const first = await device();
    t.clock.advance(REFRESH_BROWSER_SESSION_S - 60);
    const renewed = await refresh(first.cookie).expect(200);
    t.clock.advance(REFRESH_BROWSER_SESSION_S - 60);
    const again = await refresh(cookieOf(renewed)).expect(200);
    t.clock.advance(REFRESH_BROWSER_SESSION_S + 1);
    await refresh(cookieOf(again)).expect(401);
  });

  it("'Keep me signed in' lasts 30 days without use, not 30 days and a second", async () => {
    const kept = await device(true);
    const other = await device(true);
    t.clock.advance(REFRESH_PERSISTENT_S - 60);
    const renewed = await refresh(kept.cookie).expect(200);
    expect(refreshSetCookie(renewed)).toContain(`Max-Age=${REFRESH_PERSISTENT_S}`);
    t.clock.advance(61);
    await refresh(other.cookie).expect(401);
  });

  it("staff: lab sign-in sets the cookie too and refresh answers with the staff member", async () => {
    const member = await signedInStaff(t);
    const res = await request(t.app)
      .post("/api/lab/login")
      .send({ email: member.email, password: "LabStaff#2026", remember: true })
      .expect(200);
    expect(refreshSetCookie(res, "portal_staff_refresh")).toContain(`Max-Age=${REFRESH_PERSISTENT_S}`);
    const cookie = cookieOf(res, "portal_staff_refresh");
    // The customer's refresh (the default) does not take the staff cookie, even under its name.
    await refresh(cookie.replace("portal_staff_refresh", "portal_refresh")).expect(401);
    const renewed = await refresh(cookie).send({ role: "lab" }).expect(200);
    expect(renewed.body).toMatchObject({ staff: { id: member.id, email: member.email }, expiresIn: 3600 });
    await request(t.app)
      .get("/api/lab/samples")
      .auth((renewed.body as { accessToken: string }).accessToken, { type: "bearer" })
      .expect(200);
  });
});

describe("POST /api/auth/refresh rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ rateLimit: true });
  });
  afterAll(async () => {
    await limited.close();
  });

  it("answers 429 with Retry-After after 120 calls from one address in 15 minutes", async () => {
    const call = () => request(limited.app).post("/api/auth/refresh").set("X-Requested-With", "fetch");
    for (let i = 0; i < 120; i += 1) expect((await call()).status).toBe(401);
    const over = await call();
    expect(over.status).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  });
});
