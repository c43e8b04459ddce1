import { messages } from "@lab/contracts";
import request from "supertest";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { createDomainContext } from "../../domain/context";
import { addStaff } from "../../domain/staff/staff";
import { SIGN_IN_BACKOFF, signInDelaySeconds } from "../../http/rate-limit";
import {
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
  signedInCustomer,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from "../../test/harness";
import { signedInStaff } from "../../test/lab";

const NEW_PASSWORD = "Prawn#Farm2025";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const profile = (who: { id: number; token: string }) =>
  request(t.app).get(`/api/customers/${who.id}`).auth(who.token, { type: "bearer" });
const signIn = (email: string, password: string) =>
  request(t.app).post("/api/customers/login").send({ email, password });

/** The newest reset code mailed to an address, waiting for it. */
async function resetCode(email: string, after: number): Promise<string> {
  const mail = await t.smtp.waitFor(
    (m) =>
      m.to.includes(email) &&
      m.subject.startsWith("Your password reset code") &&
      t.smtp.mails.indexOf(m) >= after,
  );
  const code = /reset code: ([A-Z0-9]{6})$/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

describe("forgot password and reset", () => {
  it("answers 202 with one body for a known and an unknown address, and mails only the known one", async () => {
    const customer = await signedInCustomer(t);
    const ghost = uniqueEmail("ghost");
    const known = await request(t.app).post("/api/auth/forgot-password").send({ email: customer.email });
    const unknown = await request(t.app).post("/api/auth/forgot-password").send({ email: ghost });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({
      success: true,
      message: messages.forgotPasswordSent,
      expiresIn: 300,
      resendAfter: 60,
    });
    await t.outbox.drain();
    expect(t.smtp.mails.some((m) => m.to.includes(ghost))).toBe(false);
    expect(t.smtp.mails.some((m) => m.to.includes(customer.email) && /reset code/.test(m.subject))).toBe(
      true,
    );
  });

  it("refuses a second request within 60 s with 429 for known and unknown addresses alike", async () => {
    const customer = await signedInCustomer(t);
    const ghost = uniqueEmail("ghost");
    for (const email of [customer.email, ghost]) {
      await request(t.app).post("/api/auth/forgot-password").send({ email }).expect(202);
      const again = await request(t.app).post("/api/auth/forgot-password").send({ email });
      expect(again.status).toBe(429);
      expect(again.body).toEqual({
        error: messages.sendTooSoon,
        code: "resend_too_soon",
        messageCode: "send_too_soon",
      });
      expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("resets with the mailed code: the new password signs in, the old does not, every session ends", async () => {
    const customer = await signedInCustomer(t);
    const before = t.smtp.mails.length;
    await request(t.app).post("/api/auth/forgot-password").send({ email: customer.email }).expect(202);
    const code = await resetCode(customer.email, before);
    const res = await request(t.app)
      .post("/api/auth/reset-password")
      .send({ email: customer.email, code: code.toLowerCase(), password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: messages.passwordResetOk, sessionsEnded: 1 });
    expect((await profile(customer)).status).toBe(401);
    expect((await signIn(customer.email, STRONG_PASSWORD)).status).toBe(401);
    expect((await signIn(customer.email, NEW_PASSWORD)).status).toBe(200);
    // Single use.
    const reused = await request(t.app)
      .post("/api/auth/reset-password")
      .send({ email: customer.email, code, password: "Another#Pass9" });
    expect(reused.status).toBe(404);
    expect(reused.body.code).toBe("code_not_found");
  });

  it("applies the code's rules: the spec's password rule, 3 attempts, 300 s", async () => {
    const customer = await signedInCustomer(t);
    let before = t.smtp.mails.length;
    await request(t.app).post("/api/auth/forgot-password").send({ email: customer.email }).expect(202);
    const code = await resetCode(customer.email, before);
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const reset = (c: string, password = NEW_PASSWORD) =>
      request(t.app).post("/api/auth/reset-password").send({ email: customer.email, code: c, password });

    const weak = await reset(code, "weakpass");
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe(messages.passwordWeak);
    expect((await reset(wrong)).body).toEqual({
      error: messages.invalidCode,
      code: "code_invalid",
      messageCode: "invalid_code",
    });
    expect((await reset(wrong)).status).toBe(400);
    expect((await reset(wrong)).body).toEqual({
      error: messages.tooManyAttempts,
      code: "too_many_attempts",
      messageCode: "too_many_attempts",
    });
    expect((await reset(code)).status).toBe(429);

    t.clock.advance(61);
    before = t.smtp.mails.length;
    await request(t.app).post("/api/auth/forgot-password").send({ email: customer.email }).expect(202);
    const fresh = await resetCode(customer.email, before);
    t.clock.advance(301);
    expect((await reset(fresh)).status).toBe(404);
    expect((await signIn(customer.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it("answers 404 for an address without an account, like an expired code", async () => {
    const res = await request(t.app)
      .post("/api/auth/reset-password")
      .send({ email: uniqueEmail("ghost"), code: "ABCDEF", password: NEW_PASSWORD });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("code_not_found");
  });
});

describe("change password", () => {
  it("needs the current password, keeps this device signed in and signs out the others", async () => {
    const customer = await signedInCustomer(t);
    const other = await signIn(customer.email, STRONG_PASSWORD).expect(200);
    const otherToken = (other.body as { accessToken: string }).accessToken;
    const change = (body: object) =>
      request(t.app)
        .put(`/api/customers/${customer.id}/password`)
        .auth(customer.token, { type: "bearer" })
        .send(body);

    const missing = await change({ newPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(messages.currentPasswordRequired);
    const wrong = await change({ currentPassword: "Wrong#Pass1", newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({
      error: messages.currentPasswordWrong,
      code: "current_password_invalid",
      messageCode: "current_password_wrong",
    });
    expect((await change({ currentPassword: STRONG_PASSWORD, newPassword: "weak" })).body.error).toBe(
      messages.passwordWeak,
    );
    expect((await profile({ id: customer.id, token: otherToken })).status).toBe(200);

    const ok = await change({ currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: messages.passwordChanged, sessionsEnded: 1 });
    expect((await profile(customer)).status).toBe(200);
    expect((await profile({ id: customer.id, token: otherToken })).status).toBe(401);
    expect((await signIn(customer.email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(customer.email, STRONG_PASSWORD)).status).toBe(401);
    await t.smtp.waitFor((m) => m.to.includes(customer.email) && m.subject === "Your password was changed");
  });
});

describe("e-mail change", () => {
  it("requires the current password: missing is 400, wrong is 403, and nothing changes", async () => {
    const customer = await signedInCustomer(t);
    const put = (body: object) =>
      request(t.app)
        .put(`/api/customers/${customer.id}/profile`)
        .auth(customer.token, { type: "bearer" })
        .send(body);
    const missing = await put({ email: uniqueEmail("moved") });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: messages.currentPasswordRequired,
      code: "current_password_required",
      messageCode: "current_password_required",
    });
    const wrong = await put({ email: uniqueEmail("moved"), currentPassword: "Wrong#Pass1" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe("current_password_invalid");
    expect((await profile(customer)).body.email).toBe(customer.email);
    // Other fields, and the same address in another case, need no password.
    expect((await put({ company: "Raman Aqua", email: customer.email.toUpperCase() })).status).toBe(200);
  });

  it("tells the old address, ends every token, and the new address signs in once verified", async () => {
    const customer = await signedInCustomer(t);
    const newEmail = uniqueEmail("moved");
    const res = await request(t.app)
      .put(`/api/customers/${customer.id}/profile`)
      .auth(customer.token, { type: "bearer" })
      .send({ email: newEmail, currentPassword: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: newEmail, emailVerified: false });
    expect((await profile(customer)).status).toBe(401);

    const notice = await t.smtp.waitFor(
      (m) => m.to.includes(customer.email) && m.subject === "The e-mail address of your account was changed",
    );
    expect(notice.text).toContain(newEmail);
    const codeMail = await t.smtp.waitFor(
      (m) => m.to.includes(newEmail) && /verification code/.test(m.subject),
    );
    const code = /: ([A-Z0-9]{6})$/.exec(codeMail.subject)?.[1] ?? "";
    expect((await signIn(newEmail, STRONG_PASSWORD)).status).toBe(403);
    await request(t.app).post("/api/auth/verify-email").send({ email: newEmail, code }).expect(200);
    expect((await signIn(newEmail, STRONG_PASSWORD)).status).toBe(200);
    expect((await signIn(customer.email, STRONG_PASSWORD)).status).toBe(401);
  });
});

describe("sign out", () => {
  it("signs out of all devices: every token of the account answers 401 at once, others' do not", async () => {
    const customer = await signedInCustomer(t);
    const stranger = await signedInCustomer(t);
    const second = (await signIn(customer.email, STRONG_PASSWORD).expect(200)).body as {
      accessToken: string;
    };
    const res = await request(t.app)
      .post(`/api/customers/${customer.id}/sign-out-all`)
      .auth(customer.token, { type: "bearer" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: messages.signedOutEverywhere, sessionsEnded: 2 });
    expect((await profile(customer)).status).toBe(401);
    expect((await profile({ id: customer.id, token: second.accessToken })).status).toBe(401);
    expect((await profile(stranger)).status).toBe(200);
    // Another customer's id: 403, nothing ended.
    const foreign = await request(t.app)
      .post(`/api/customers/${customer.id}/sign-out-all`)
      .auth(stranger.token, { type: "bearer" });
    expect(foreign.status).toBe(403);
    expect((await profile(stranger)).status).toBe(200);
  });

  it("logs this device out only", async () => {
    const customer = await signedInCustomer(t);
    const second = (await signIn(customer.email, STRONG_PASSWORD).expect(200)).body as {
      accessToken: string;
    };
    await request(t.app).post("/api/auth/logout").auth(customer.token, { type: "bearer" }).expect(200);
    expect((await profile(customer)).status).toBe(401);
    expect((await profile({ id: customer.id, token: second.accessToken })).status).toBe(200);
    expect((await request(t.app).post("/api/auth/logout")).status).toBe(401);
  });
});

describe("staff accounts", () => {
  it("change password with the current one, and sign out everywhere", async () => {
    const member = await signedInStaff(t);
    const second = (
      await request(t.app).post("/api/lab/login").send({ email: member.email, password: "LabStaff#2026" })
    ).body as { accessToken: string };
    const lab = (token: string) => request(t.app).get("/api/lab/agents").auth(token, { type: "bearer" });

    const wrong = await request(t.app)
      .put("/api/lab/password")
      .auth(member.token, { type: "bearer" })
      .send({ currentPassword: "nope", newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(403);
    const ok = await request(t.app)
      .put("/api/lab/password")
      .auth(member.token, { type: "bearer" })
      .send({ currentPassword: "LabStaff#2026", newPassword: NEW_PASSWORD });
    expect(ok.body).toEqual({ success: true, message: messages.passwordChanged, sessionsEnded: 1 });
    expect((await lab(member.token)).status).toBe(200);
    expect((await lab(second.accessToken)).status).toBe(401);

    await request(t.app).post("/api/lab/sign-out-all").auth(member.token, { type: "bearer" }).expect(200);
    expect((await lab(member.token)).status).toBe(401);
    expect(
      (await request(t.app).post("/api/lab/login").send({ email: member.email, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
  });

  it("a customer token cannot change a staff password, nor a staff token a customer's", async () => {
    const customer = await signedInCustomer(t);
    const member = await signedInStaff(t);
    const asCustomer = await request(t.app)
      .put("/api/lab/password")
      .auth(customer.token, { type: "bearer" })
      .send({ currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect(asCustomer.status).toBe(403);
    const asStaff = await request(t.app)
      .put(`/api/customers/${member.id}/password`)
      .auth(member.token, { type: "bearer" })
      .send({ currentPassword: "LabStaff#2026", newPassword: NEW_PASSWORD });
    expect(asStaff.status).toBe(403);
  });
});

describe("sign-in cannot find or spray accounts", () => {
  /** Median time of n sign-ins, in ms. */
  /**
   * The fastest of n answers to each call, taken in turn: a busy machine slows some answers, never
   * speeds one up, so the fastest shows the work done; alternating spreads any slow spell over both.
   */
  async function fastestMs(calls: [() => Promise<unknown>, () => Promise<unknown>], n = 9) {
    const fastest = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (let i = 0; i < n; i += 1) {
      for (const [index, call] of calls.entries()) {
        const started = performance.now();
        await call();
        fastest[index] = Math.min(fastest[index] ?? 0, performance.now() - started);
      }
    }
    return { known: fastest[0] ?? 0, unknown: fastest[1] ?? 0 };
  }

  it.each([
    ["/api/lab/login", "staff"],
    ["/api/customers/login", "customer"],
  ])(
    "%s takes as long for an unknown e-mail as for a known one with a wrong password",
    async (path, kind) => {
      const email = kind === "staff" ? (await signedInStaff(t)).email : (await signedInCustomer(t)).email;
      const attempt = (address: string) => () =>
        request(t.app).post(path).send({ email: address, password: "Wrong#Pass1" }).expect(401);
      const { known, unknown } = await fastestMs([attempt(email), attempt(uniqueEmail("ghost"))]);
      // Without the dummy comparison an unknown address answered in ~3 ms against ~50+ for bcrypt.
      expect(unknown / known).toBeGreaterThan(0.6);
      expect(unknown / known).toBeLessThan(1.6);
    },
  );

  it("send-verification answers an unknown, a verified and an unverified address alike", async () => {
    const verified = await signedInCustomer(t);
    const unverified = uniqueEmail("fresh");
    await request(t.app)
      .post("/api/customers/register")
      .send({ fullName: "Fresh Farmer", email: unverified, password: STRONG_PASSWORD })
      .expect(201);
    t.clock.advance(61);
    const answers = [];
    for (const email of [uniqueEmail("ghost"), verified.email, unverified]) {
      const res = await request(t.app).post("/api/auth/send-verification").send({ email });
      answers.push({ status: res.status, body: res.body as unknown });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(200);
  });
});

describe("sign-in rate limits", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ rateLimit: true, trustProxy: true });
  });
  afterAll(async () => {
    await limited.close();
  });

  it.each(["/api/customers/login", "/api/lab/login"])(
    "%s: one address spraying 30 accounts gets 429 on the 31st, whatever the account",
    async (path) => {
      const ip = `10.0.${path.length}.7`;
      for (let i = 0; i < 30; i += 1) {
        const res = await request(limited.app)
          .post(path)
          .set("x-forwarded-for", ip)
          .send({ email: uniqueEmail("spray"), password: "Wrong#Pass1" });
        expect(res.status).toBe(401);
      }
      const blocked = await request(limited.app)
        .post(path)
        .set("x-forwarded-for", ip)
        .send({ email: uniqueEmail("spray"), password: "Wrong#Pass1" });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({
        error: messages.tooManyRequests,
        code: "rate_limited",
        messageCode: "too_many_requests",
      });
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    },
  );

  /** One sign-in attempt at an account, from an address of its own. */
  let attemptNo = 0;
  const attempt = (path: string, email: string, password: string) => {
    attemptNo += 1;
    return request(limited.app)
      .post(path)
      .set("x-forwarded-for", `10.1.${Math.floor(attemptNo / 250)}.${(attemptNo % 250) + 1}`)
      .send({ email, password });
  };
  // The limits' store reads the wall clock: these tests move it instead of waiting.
  const wait = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A staff member or a verified customer of the limited app, by sign-in path. */
  async function account(path: string): Promise<{ email: string; password: string }> {
    if (path === "/api/customers/login")
      return { ...(await signedInCustomer(limited)), password: STRONG_PASSWORD };
    const ctx = createDomainContext({ db: limited.database.db, jwtSecret: TEST_JWT_SECRET, bcryptCost: 10 });
    const email = uniqueEmail("target");
    await addStaff(ctx, { email, name: "Target", password: "LabStaff#2026" });
    return { email, password: "LabStaff#2026" };
  }

  it.each(["/api/lab/login", "/api/customers/login"])(
    "%s: ten wrong passwords from ten addresses slow the account down, and the right one after the delay signs in",
    async (path) => {
      const { email, password } = await account(path);
      for (let failures = 0; failures < 10; failures += 1) {
        expect((await attempt(path, email, `Wrong#Pass${failures}`)).status).toBe(401);
        wait(signInDelaySeconds(failures + 1));
      }
      // Under the old per-account lock this stayed 429 for 15 minutes.
      expect((await attempt(path, email, password)).status).toBe(200);
    },
  );

  it.each(["/api/lab/login", "/api/customers/login"])(
    "%s: an attempt inside the delay is 429 with Retry-After even with the right password, and does not move the delay",
    async (path) => {
      const { email, password } = await account(path);
      for (let failures = 0; failures < 8; failures += 1) {
        await attempt(path, email, "Wrong#Pass1").expect(401);
        if (failures < 7) wait(signInDelaySeconds(failures + 1));
      }
      const early = await attempt(path, email, password);
      expect(early.status).toBe(429);
      expect(early.body).toEqual({
        error: messages.tooManyRequests,
        code: "rate_limited",
        messageCode: "too_many_requests",
      });
      expect(early.headers["retry-after"]).toBe(String(signInDelaySeconds(8)));
      wait(10);
      const later = await attempt(path, email, password);
      expect(later.status).toBe(429);
      expect(Number(later.headers["retry-after"])).toBe(signInDelaySeconds(8) - 10);
      wait(signInDelaySeconds(8) - 10);
      expect((await attempt(path, email, password)).status).toBe(200);
    },
  );

  it("the delay doubles from 2 s with each failure and stops growing at the cap", async () => {
    const { email } = await account("/api/customers/login");
    for (let i = 0; i < SIGN_IN_BACKOFF.freeFailures - 1; i += 1) {
      await attempt("/api/customers/login", email, "Wrong#Pass1").expect(401);
    }
    const delays: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      await attempt("/api/customers/login", email, "Wrong#Pass1").expect(401);
      const probe = await attempt("/api/customers/login", email, "Wrong#Pass1");
      expect(probe.status).toBe(429);
      delays.push(Number(probe.headers["retry-after"]));
      wait(delays[i] ?? 0);
    }
    expect(delays).toEqual([2, 4, 8, 16, 32, 64, 120, 120]);
    expect(Math.max(...delays)).toBe(SIGN_IN_BACKOFF.maxDelaySeconds);
  });

  it("simultaneous guesses from many addresses get one check at a time once the free failures are spent", async () => {
    const { email } = await account("/api/lab/login");
    for (let i = 0; i < SIGN_IN_BACKOFF.freeFailures - 1; i += 1) {
      await attempt("/api/lab/login", email, "Wrong#Pass1").expect(401);
    }
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => attempt("/api/lab/login", email, `Wrong#Burst${i}`)),
    );
    expect(burst.map((res) => res.status).sort()).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it("a customer's password reset clears the sign-in delay: the new password signs in at once", async () => {
    const customer = await signedInCustomer(limited);
    for (let i = 0; i < SIGN_IN_BACKOFF.freeFailures; i += 1) {
      await attempt("/api/customers/login", customer.email, "Wrong#Pass1").expect(401);
    }
    expect((await attempt("/api/customers/login", customer.email, STRONG_PASSWORD)).status).toBe(429);
    const before = limited.smtp.mails.length;
    await request(limited.app)
      .post("/api/auth/forgot-password")
      .set("x-forwarded-for", "10.7.0.1")
      .send({ email: customer.email })
      .expect(202);
    const mail = await limited.smtp.waitFor(
      (m) => m.to.includes(customer.email) && limited.smtp.mails.indexOf(m) >= before,
    );
    const code = /([A-Z0-9]{6})$/.exec(mail.subject)?.[1] ?? "";
    const password = "Fresh#Start2026";
    await request(limited.app)
      .post("/api/auth/reset-password")
      .set("x-forwarded-for", "10.7.0.1")
      .send({ email: customer.email, code, password })
      .expect(200);
    expect((await attempt("/api/customers/login", customer.email, password)).status).toBe(200);
  });

  it("a successful sign-in clears the account's count", async () => {
    const customer = await signedInCustomer(limited);
    const free = SIGN_IN_BACKOFF.freeFailures;
    for (let i = 0; i < free - 1; i += 1) {
      await attempt("/api/customers/login", customer.email, "Wrong#Pass1").expect(401);
    }
    await attempt("/api/customers/login", customer.email, STRONG_PASSWORD).expect(200);
    // Counted afresh: five more failures in a row before any delay.
    for (let i = 0; i < free; i += 1) {
      await attempt("/api/customers/login", customer.email, "Wrong#Pass1").expect(401);
    }
    expect((await attempt("/api/customers/login", customer.email, STRONG_PASSWORD)).status).toBe(429);
  });
});
