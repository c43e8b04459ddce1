import { messages } from "@lab/contracts";
import { staff } from "@lab/db";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startTestApp, uniqueEmail, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";

const OLD_PASSWORD = "LabStaff#2026";
const NEW_PASSWORD = "Hatchery#2027";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const forgot = (app: TestApp, email: string) =>
  request(app.app).post("/api/lab/forgot-password").send({ email });
const reset = (app: TestApp, email: string, code: string, password = NEW_PASSWORD) =>
  request(app.app).post("/api/lab/reset-password").send({ email, code, password });
const staffLogin = (app: TestApp, email: string, password: string) =>
  request(app.app).post("/api/lab/login").send({ email, password });

/** The newest console reset code mailed to an address after mail number `after`, waiting for it. */
async function mailedCode(app: TestApp, email: string, after: number): Promise<string> {
  const mail = await app.smtp.waitFor(
    (m) =>
      m.to.includes(email) &&
      /^Your lab console password reset code/.test(m.subject) &&
      app.smtp.mails.indexOf(m) >= after,
  );
  const code = /reset code: ([A-Z0-9]{6})$/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

describe("staff forgot password", () => {
  it("answers 202 with one body for an active, a deactivated and an unknown address, and mails only the active member", async () => {
    const active = await signedInStaff(t);
    const inactive = await signedInStaff(t);
    await t.database.db.update(staff).set({ active: false }).where(eq(staff.id, inactive.id));
    const ghost = uniqueEmail("ghost");
    const answers = [];
    for (const email of [active.email, inactive.email, ghost]) {
      const res = await forgot(t, email);
      answers.push({ status: res.status, body: res.body as unknown });
    }
    expect(answers[0]).toEqual({
      status: 202,
      body: { success: true, message: messages.forgotPasswordSent, expiresIn: 300, resendAfter: 60 },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    await t.outbox.drain();
    expect(t.smtp.mails.some((m) => m.to.includes(active.email) && /reset code/.test(m.subject))).toBe(true);
    expect(t.smtp.mails.some((m) => m.to.includes(inactive.email) || m.to.includes(ghost))).toBe(false);
  });

  it("refuses a second request within 60 s with 429 for staff and unknown addresses alike", async () => {
    const member = await signedInStaff(t);
    for (const email of [member.email, uniqueEmail("ghost")]) {
      await forgot(t, email).expect(202);
      const again = await forgot(t, email);
      expect(again.status).toBe(429);
      expect(again.body).toEqual({
        error: messages.sendTooSoon,
        code: "resend_too_soon",
        messageCode: "send_too_soon",
      });
      expect(Number(again.headers["retry-after"])).toBeGreaterThan(0);
    }
    // A customer's reset request for the same address keeps its own 60 s rule.
    await request(t.app).post("/api/auth/forgot-password").send({ email: member.email }).expect(202);
  });

  it("mails the code in the lab's template, in the member's language, with nothing the requester typed", async () => {
    const member = await signedInStaff(t, { name: "Dr. Lakshmi Rao" });
    await t.database.db.update(staff).set({ language: "te" }).where(eq(staff.id, member.id));
    const before = t.smtp.mails.length;
    const typed = ` ${member.email.toUpperCase()} `;
    await forgot(t, typed).expect(202);
    const mail = await t.smtp.waitFor(
      (m) => m.to.includes(member.email) && t.smtp.mails.indexOf(m) >= before,
    );
    expect(mail.subject).toMatch(/^మీ ప్రయోగశాల కన్సోల్ పాస్‌వర్డ్ రీసెట్ కోడ్: [A-Z2-9]{6}$/);
    expect(mail.text).toContain("Dr. Lakshmi Rao");
    expect(mail.text).toContain("AquaTest Laboratory ప్రయోగశాల కన్సోల్");
    expect(mail.text).not.toContain(member.email.toUpperCase());
  });

  it("resets with the mailed code: old staff tokens answer 401, the new password signs in, the old does not", async () => {
    const member = await signedInStaff(t);
    const second = await staffLogin(t, member.email, OLD_PASSWORD).expect(200);
    const before = t.smtp.mails.length;
    await forgot(t, member.email).expect(202);
    const code = await mailedCode(t, member.email, before);
    const res = await reset(t, member.email, code.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: messages.passwordResetOk, sessionsEnded: 2 });
    for (const token of [member.token, (second.body as { accessToken: string }).accessToken]) {
      expect((await request(t.app).get("/api/lab/staff/me").auth(token, { type: "bearer" })).status).toBe(
        401,
      );
    }
    expect((await staffLogin(t, member.email, OLD_PASSWORD)).status).toBe(401);
    expect((await staffLogin(t, member.email, NEW_PASSWORD)).status).toBe(200);
    // Single use, and the member is told.
    const reused = await reset(t, member.email, code, "Another#Pass9");
    expect(reused.status).toBe(404);
    expect(reused.body.code).toBe("code_not_found");
    await t.smtp.waitFor(
      (m) => m.to.includes(member.email) && m.subject === "Your lab console password was reset",
    );
  });

  it("three wrong codes end the code: 400, 400, then 429, and the right code is refused after them", async () => {
    const member = await signedInStaff(t);
    const before = t.smtp.mails.length;
    await forgot(t, member.email).expect(202);
    const code = await mailedCode(t, member.email, before);
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    expect((await reset(t, member.email, wrong)).body.code).toBe("code_invalid");
    expect((await reset(t, member.email, wrong)).body.code).toBe("code_invalid");
    const third = await reset(t, member.email, wrong);
    expect(third.status).toBe(429);
    expect(third.body.code).toBe("too_many_attempts");
    const right = await reset(t, member.email, code);
    expect(right.status).toBe(429);
    expect((await staffLogin(t, member.email, OLD_PASSWORD)).status).toBe(200);
  });

  it("refuses an expired code, a deactivated member's code and an unknown address with 404", async () => {
    const member = await signedInStaff(t);
    let before = t.smtp.mails.length;
    await forgot(t, member.email).expect(202);
    const expired = await mailedCode(t, member.email, before);
    t.clock.advance(301);
    expect((await reset(t, member.email, expired)).status).toBe(404);

    before = t.smtp.mails.length;
    await forgot(t, member.email).expect(202);
    const code = await mailedCode(t, member.email, before);
    await t.database.db.update(staff).set({ active: false }).where(eq(staff.id, member.id));
    expect((await reset(t, member.email, code)).status).toBe(404);
    expect((await reset(t, uniqueEmail("ghost"), code)).status).toBe(404);
  });

  it("answers 400 for a malformed address or a weak password, and never 500", async () => {
    expect((await forgot(t, "not-an-address")).status).toBe(400);
    expect((await request(t.app).post("/api/lab/forgot-password").send({})).status).toBe(400);
    const member = await signedInStaff(t);
    expect((await reset(t, member.email, "ABCDEF", "short")).status).toBe(400);
  });
});

describe("staff forgot password with rate limits on", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ rateLimit: true, trustProxy: true });
  });
  afterAll(async () => {
    await limited.close();
  });

  it("a reset clears the sign-in delay: the new password signs in at once, failures before it forgotten", async () => {
    const member = await signedInStaff(limited);
    for (let i = 0; i < 5; i += 1) {
      await request(limited.app)
        .post("/api/lab/login")
        .set("x-forwarded-for", `10.9.0.${i + 1}`)
        .send({ email: member.email, password: "Wrong#Pass1" })
        .expect(401);
    }
    expect((await staffLogin(limited, member.email, OLD_PASSWORD)).status).toBe(429);
    const before = limited.smtp.mails.length;
    await forgot(limited, member.email).expect(202);
    await reset(limited, member.email, await mailedCode(limited, member.email, before)).expect(200);
    expect((await staffLogin(limited, member.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("limits reset attempts per address like the customers' reset", async () => {
    const email = uniqueEmail("ghost");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await request(limited.app)
            .post("/api/lab/reset-password")
            .set("x-forwarded-for", `10.8.0.${i + 1}`)
            .send({ email, code: "ABCDEF", password: NEW_PASSWORD })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
