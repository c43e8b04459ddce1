import { messages } from "@lab/contracts";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  STRONG_PASSWORD,
  latestCode,
  signedInCustomer,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from "../../test/harness";
import { REGISTRATIONS_PER_IP } from "../customers/router";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function registered(): Promise<{ email: string; code: string }> {
  const email = uniqueEmail();
  await request(t.app)
    .post("/api/customers/register")
    .send({ fullName: "Suresh Babu", email, password: STRONG_PASSWORD })
    .expect(201);
  return { email, code: await latestCode(t, email) };
}

const verify = (email: string, code: string) =>
  request(t.app).post("/api/auth/verify-email").send({ email, code });
const send = (email: string, path = "send-verification") =>
  request(t.app).post(`/api/auth/${path}`).send({ email });
const wrongCode = (code: string) => (code === "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ");

describe("POST /api/auth/verify-email", () => {
  it("verifies with the mailed code (any case), once; the account can then sign in", async () => {
    const { email, code } = await registered();
    const res = await verify(email, code.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, verified: true, message: messages.verifiedOk });
    await request(t.app).post("/api/customers/login").send({ email, password: STRONG_PASSWORD }).expect(200);
    // The code is spent: it verifies nothing again and no new code is live.
    const again = await verify(email, code);
    expect(again.body.message).toBe(messages.alreadyVerified);
  });

  it("counts wrong codes: 400 twice, the third ends the code with 429, and the right code no longer works", async () => {
    const { email, code } = await registered();
    for (let i = 0; i < 2; i += 1) {
      const res = await verify(email, wrongCode(code));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: messages.invalidCode,
        code: "code_invalid",
        messageCode: "invalid_code",
      });
    }
    const third = await verify(email, wrongCode(code));
    expect(third.status).toBe(429);
    expect(third.body).toEqual({
      error: messages.tooManyAttempts,
      code: "too_many_attempts",
      messageCode: "too_many_attempts",
    });
    const right = await verify(email, code);
    expect(right.status).toBe(429);
  });

  it("expires the code after 300 s with 404", async () => {
    const { email, code } = await registered();
    t.clock.advance(301);
    const res = await verify(email, code);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: messages.codeNotFound,
      code: "code_not_found",
      messageCode: "code_not_found",
    });
  });

  it("accepts the code just before 300 s", async () => {
    const { email, code } = await registered();
    t.clock.advance(299);
    expect((await verify(email, code)).status).toBe(200);
  });

  it("answers 404 for an address with no account and 400 for an empty or over-long code", async () => {
    expect((await verify(uniqueEmail("ghost"), "ABC123")).status).toBe(404);
    const { email } = await registered();
    const empty = await verify(email, "  ");
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(messages.emptyCode);
    expect((await verify(email, "ABCDEFG")).status).toBe(400);
  });
});

describe("POST /api/auth/send-verification and resend-verification", () => {
  it("refuses a new code within 60 s (429 with Retry-After), then sends one that replaces the old", async () => {
    const { email, code: first } = await registered();
    const tooSoon = await send(email);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toEqual({
      error: messages.sendTooSoon,
      code: "resend_too_soon",
      messageCode: "send_too_soon",
    });
    expect(Number(tooSoon.headers["retry-after"])).toBeGreaterThan(0);

    t.clock.advance(61);
    const mailsBefore = t.smtp.mails.length;
    const res = await send(email, "resend-verification");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: messages.codeSent, expiresIn: 300, resendAfter: 60 });
    const second = await latestCode(t, email, mailsBefore);
    if (second !== first) expect((await verify(email, first)).status).toBe(400);
    expect((await verify(email, second)).status).toBe(200);
  });

  it("resets the attempt counter on resend", async () => {
    const { email, code } = await registered();
    for (let i = 0; i < 3; i += 1) await verify(email, wrongCode(code));
    t.clock.advance(61);
    const mailsBefore = t.smtp.mails.length;
    await send(email).expect(200);
    const fresh = await latestCode(t, email, mailsBefore);
    expect((await verify(email, wrongCode(fresh))).status).toBe(400);
    expect((await verify(email, fresh)).status).toBe(200);
  });

  it("answers an unknown address like a known one and mails nothing", async () => {
    const ghost = uniqueEmail("ghost");
    const res = await send(ghost);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    await t.outbox.drain();
    expect(t.smtp.mails.some((mail) => mail.to.includes(ghost))).toBe(false);
  });

  it("refuses an invalid address with 400 'Invalid email address'", async () => {
    const res = await request(t.app).post("/api/auth/send-verification").send({});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(messages.invalidEmailAddress);
    expect((await send("not-an-email")).status).toBe(400);
  });
});

describe("mail to an address not yet proven carries nothing anyone typed", () => {
  const HOSTILE_NAME = "Your bank: account locked, call 0800 123 456";
  const holdsNoName = (mail: { subject: string; text: string; html: string }) => {
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain("Your bank");
    expect(mail.text).toMatch(/^Hello,\n/);
  };

  it("registration and resend: the verification mail holds the code and the lab's words, not the typed name", async () => {
    const email = uniqueEmail("stranger");
    await request(t.app)
      .post("/api/customers/register")
      .send({ fullName: HOSTILE_NAME, email, password: STRONG_PASSWORD })
      .expect(201);
    holdsNoName(await t.smtp.waitFor((mail) => mail.to.includes(email)));
    await t.outbox.drain();
    t.clock.advance(61);
    const before = t.smtp.mails.length;
    await send(email, "resend-verification").expect(200);
    holdsNoName(
      await t.smtp.waitFor((mail) => mail.to.includes(email) && t.smtp.mails.indexOf(mail) >= before),
    );
  });

  it("a password reset code for an unverified account names nobody", async () => {
    const email = uniqueEmail("stranger");
    await request(t.app)
      .post("/api/customers/register")
      .send({ fullName: HOSTILE_NAME, email, password: STRONG_PASSWORD })
      .expect(201);
    await request(t.app).post("/api/auth/forgot-password").send({ email }).expect(202);
    holdsNoName(
      await t.smtp.waitFor(
        (mail) => mail.to.includes(email) && mail.subject.startsWith("Your password reset code: "),
      ),
    );
  });

  it("an e-mail change: the code to the new address names nobody; the old, proven one is greeted by name", async () => {
    const owner = await signedInCustomer(t, HOSTILE_NAME);
    const moved = uniqueEmail("moved");
    await request(t.app)
      .put(`/api/customers/${owner.id}`)
      .auth(owner.token, { type: "bearer" })
      .send({ email: moved, currentPassword: STRONG_PASSWORD })
      .expect(200);
    holdsNoName(await t.smtp.waitFor((mail) => mail.to.includes(moved)));
    const notice = await t.smtp.waitFor(
      (mail) => mail.to.includes(owner.email) && mail.subject.includes("e-mail address of your account"),
    );
    expect(notice.text).toContain(`Hello ${HOSTILE_NAME},`);
  });

  it("+tag and Gmail-dot variants of one inbox share the 60 s resend rule", async () => {
    const local = `inbox${Date.now().toString(36)}`;
    await send(`${local}+1@gmail.com`).expect(200);
    const variant = await send(`${local.slice(0, 2)}.${local.slice(2)}+2@googlemail.com`);
    expect(variant.status).toBe(429);
    expect(variant.body).toMatchObject({ code: "resend_too_soon" });
  });

  it(`one client address may register ${REGISTRATIONS_PER_IP.points} accounts an hour; the next is a 429`, async () => {
    const limited = await startTestApp({ rateLimit: true, database: t.database, trustProxy: true });
    try {
      const register = () =>
        request(limited.app)
          .post("/api/customers/register")
          .set("X-Forwarded-For", "203.0.113.80")
          .send({ fullName: "Sybil", email: uniqueEmail("sybil"), password: STRONG_PASSWORD });
      for (let i = 0; i < REGISTRATIONS_PER_IP.points; i += 1) expect((await register()).status).toBe(201);
      const next = await register();
      expect(next.status).toBe(429);
      expect(Number(next.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
