import { createHash } from "node:crypto";
import { Writable } from "node:stream";

import { messages, type LoginResponse } from "@lab/contracts";
import { outboxMail, outboxMessages, phoneCodes } from "@lab/db";
import { asc, count, eq } from "drizzle-orm";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createRateLimits } from "../../http/rate-limit";
import { STRONG_PASSWORD, signedInCustomer, startTestApp, type TestApp } from "../../test/harness";
import { completeWithReport, signedInStaff } from "../../test/lab";
import { submitSample } from "../../test/samples";
import { PHONE_CODE_LIMITS, codeRequestLimits } from "./router";

let t: TestApp;
let logged = "";
beforeAll(async () => {
  const logs = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  t = await startTestApp({ logger: pino({ level: "info" }, logs) });
});
afterAll(async () => {
  await t.close();
});

// Indian mobile numbers of this file's own: 94400 00001, 94400 00002, …
let numbers = 0;
const newNumber = () => {
  numbers += 1;
  const national = `94400${String(numbers).padStart(5, "0")}`;
  return { typed: `${national.slice(0, 5)} ${national.slice(5)}`, e164: `+91${national}` };
};

const askCode = (phone: string, purpose: string, app = t.app) =>
  request(app).post("/api/auth/phone/code").send({ phone, purpose });

/** The SMS queued to a number (E.164), oldest first. */
const smsTo = (db: TestApp["database"]["db"], e164: string) =>
  db.select().from(outboxMessages).where(eq(outboxMessages.recipient, e164)).orderBy(asc(outboxMessages.id));

/** The code of the newest SMS to a number, as the dev outbox shows it. */
async function lastCode(e164: string): Promise<string> {
  const sent = await smsTo(t.database.db, e164);
  const variables = sent[sent.length - 1]?.variables as { code?: unknown } | undefined;
  if (typeof variables?.code !== "string") throw new Error(`no code sent to ${e164}`);
  return variables.code;
}

const mailCount = async () => (await t.database.db.select({ n: count() }).from(outboxMail))[0]?.n ?? 0;

/** A member who signed up with a mobile number and no e-mail address, signed in. */
async function phoneMember(fullName = "Lakshmi Devi") {
  const phone = newNumber();
  await askCode(phone.typed, "register").expect(202);
  const res = await request(t.app)
    .post("/api/auth/phone/register")
    .send({ phone: phone.typed, code: await lastCode(phone.e164), fullName, password: STRONG_PASSWORD })
    .expect(200);
  const body = res.body as LoginResponse;
  return { ...phone, id: body.customer.id, token: body.accessToken };
}

const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

describe("POST /api/auth/phone/code", () => {
  it("answers 202 with the code's lifetime and resend delay, and sends 6 digits by SMS, hashed in the database", async () => {
    const phone = newNumber();
    const res = await askCode(phone.typed, "register");
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ sent: true, expiresInSeconds: 300, resendAfterSeconds: 60 });
    const [sms] = await smsTo(t.database.db, phone.e164);
    expect(sms).toMatchObject({ channel: "sms", template: "code", kind: "code", language: "en" });
    const code = await lastCode(phone.e164);
    expect(code).toMatch(/^\d{6}$/);
    expect(sms?.variables).toEqual({ code, minutes: "5" });
    const [stored] = await t.database.db.select().from(phoneCodes).where(eq(phoneCodes.phone, phone.e164));
    expect(stored?.codeHash).toBe(createHash("sha256").update(code).digest("hex"));
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it("reads 94400 12345, +91 94400-12345 and 09440012345 as one number: the resend rule holds across them", async () => {
    await askCode("94400 12345", "register").expect(202);
    const again = await askCode("+91 94400-12345", "register");
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: "resend_too_soon", error: messages.sendTooSoon });
    await askCode("09440012345", "register").expect(429);
    expect(await smsTo(t.database.db, "+919440012345")).toHaveLength(1);
    const res = await request(t.app)
      .post("/api/auth/phone/register")
      .send({
        phone: "09440012345",
        code: await lastCode("+919440012345"),
        fullName: "Ravi Kumar",
        password: STRONG_PASSWORD,
      })
      .expect(200);
    expect((res.body as LoginResponse).customer.phoneNumber).toBe("+91 94400 12345");
  });

  it("resends only after 60 s (429 with Retry-After before), and the new code replaces the old one", async () => {
    const phone = newNumber();
    await askCode(phone.typed, "register").expect(202);
    const first = await lastCode(phone.e164);
    t.clock.advance(30);
    const early = await askCode(phone.typed, "register");
    expect(early.status).toBe(429);
    expect(Number(early.headers["retry-after"])).toBe(30);
    t.clock.advance(31);
    await askCode(phone.typed, "register").expect(202);
    const second = await lastCode(phone.e164);
    expect(await smsTo(t.database.db, phone.e164)).toHaveLength(2);
    const register = (code: string) =>
      request(t.app)
        .post("/api/auth/phone/register")
        .send({ phone: phone.typed, code, fullName: "Ravi Kumar", password: STRONG_PASSWORD });
    if (first !== second) expect((await register(first)).status).toBe(400);
    await register(second).expect(200);
  });

  it("refuses an invalid number or a landline naming the field, and a number abroad until the lab enables them", async () => {
    for (const phone of ["12345", "044 2345 6789", "+91 94400 123456"]) {
      const res = await askCode(phone, "register");
      expect(res.status, phone).toBe(400);
      expect(res.body, phone).toMatchObject({ error: messages.mobileNumberInvalid, field: "phone" });
    }
    const abroad = "+1 415 555 2671";
    const refused = await askCode(abroad, "register");
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: messages.phoneOnlyIndian, field: "phone" });
    expect(await smsTo(t.database.db, "+14155552671")).toHaveLength(0);

    const admin = await signedInStaff(t, { roles: ["admin"], name: "Lab Admin" });
    const analyst = await signedInStaff(t, { roles: ["analyst"], name: "Lab Analyst" });
    await request(t.app)
      .put("/api/lab/settings")
      .auth(analyst.token, { type: "bearer" })
      .send({ internationalPhones: true })
      .expect(403);
    const settings = await request(t.app)
      .put("/api/lab/settings")
      .auth(admin.token, { type: "bearer" })
      .send({ internationalPhones: true })
      .expect(200);
    expect(settings.body).toMatchObject({
      internationalPhones: true,
      history: [expect.objectContaining({ setting: "internationalPhones", value: true })],
    });
    await askCode(abroad, "register").expect(202);
    expect(await smsTo(t.database.db, "+14155552671")).toHaveLength(1);
    await request(t.app)
      .put("/api/lab/settings")
      .auth(admin.token, { type: "bearer" })
      .send({ internationalPhones: false })
      .expect(200);
  });

  it("answers a known and an unknown number alike, for sign-in and reset, and texts only the member", async () => {
    const member = await phoneMember();
    const stranger = newNumber();
    for (const purpose of ["sign-in", "reset"]) {
      t.clock.advance(61);
      const sentBefore = (await smsTo(t.database.db, member.e164)).length;
      const known = await askCode(member.typed, purpose);
      const unknown = await askCode(stranger.typed, purpose);
      expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
      expect(known.status).toBe(202);
      expect(await smsTo(t.database.db, member.e164)).toHaveLength(sentBefore + 1);
      expect(await smsTo(t.database.db, stranger.e164)).toHaveLength(0);
      // A wrong code is answered alike too, with the same tries left.
      const path = purpose === "sign-in" ? "sign-in" : "reset-password";
      const body = (phone: string) =>
        purpose === "sign-in"
          ? { phone, code: "000000", rememberMe: false }
          : { phone, code: "000000", password: STRONG_PASSWORD };
      const code = await lastCode(member.e164);
      const knownWrong = await request(t.app)
        .post(`/api/auth/phone/${path}`)
        .send({ ...body(member.typed), code: wrong(code) });
      const unknownWrong = await request(t.app).post(`/api/auth/phone/${path}`).send(body(stranger.typed));
      expect(knownWrong.status).toBe(400);
      expect(unknownWrong.body).toEqual(knownWrong.body);
      expect(knownWrong.body).toMatchObject({
        error: "That code is not right. Tries left: 2.",
        messageCode: "phone_code_wrong",
        params: { attemptsLeft: 2 },
        field: "code",
      });
    }
  });
});

describe("POST /api/auth/phone/register", () => {
  it("creates the organisation and its admin with the proven number and no e-mail, signed in like a login", async () => {
    const phone = newNumber();
    await request(t.app)
      .post("/api/auth/phone/code")
      .send({ phone: phone.typed, purpose: "register", language: "te" })
      .expect(202);
    const [sms] = await smsTo(t.database.db, phone.e164);
    expect(sms?.language).toBe("te");
    const res = await request(t.app)
      .post("/api/auth/phone/register")
      .send({
        phone: phone.typed,
        code: await lastCode(phone.e164),
        fullName: "Lakshmi Devi",
        password: STRONG_PASSWORD,
        company: "Devi Aqua Farms",
        language: "te",
      });
    expect(res.status).toBe(200);
    const body = res.body as LoginResponse;
    expect(body).toMatchObject({
      tokenType: "Bearer",
      customer: {
        email: null,
        emailVerified: false,
        phoneNumber: "+91 94400 " + phone.e164.slice(-5),
        phoneVerified: true,
        language: "te",
        role: "admin",
        organisation: { name: "Devi Aqua Farms" },
      },
    });
    expect(String(res.headers["set-cookie"])).toMatch(/portal_refresh=[A-Za-z0-9_-]{43}; Path=\/api\/auth;/);
    // The token works as a password sign-in's does.
    const me = await request(t.app)
      .get(`/api/customers/${body.customer.id}`)
      .auth(body.accessToken, { type: "bearer" })
      .expect(200);
    expect(me.body).toMatchObject({ email: null, phoneVerified: true });
    // The code is spent.
    const again = await request(t.app)
      .post("/api/auth/phone/register")
      .send({ phone: phone.typed, code: "123456", fullName: "X", password: STRONG_PASSWORD });
    expect(again.body).toMatchObject({ error: messages.phoneCodeExpired, code: "code_not_found" });
  });

  it("takes an optional e-mail address, unverified, and mails it the usual verification code", async () => {
    const phone = newNumber();
    const email = `phone.${Date.now()}@gmail.com`;
    await askCode(phone.typed, "register").expect(202);
    const res = await request(t.app)
      .post("/api/auth/phone/register")
      .send({
        phone: phone.typed,
        code: await lastCode(phone.e164),
        fullName: "Suresh Babu",
        password: STRONG_PASSWORD,
        email,
      })
      .expect(200);
    expect((res.body as LoginResponse).customer).toMatchObject({ email, emailVerified: false });
    await t.smtp.waitFor((mail) => mail.to.includes(email) && /verification code/.test(mail.subject));
    // The proven number stands for the address: the member signs in with the password at once.
    await request(t.app).post("/api/customers/login").send({ email, password: STRONG_PASSWORD }).expect(200);
  });

  it("refuses a number a live member already proved with 409, after the right code", async () => {
    const member = await phoneMember();
    t.clock.advance(61);
    await askCode(member.typed, "register").expect(202);
    const res = await request(t.app)
      .post("/api/auth/phone/register")
      .send({
        phone: member.typed,
        code: await lastCode(member.e164),
        fullName: "Someone Else",
        password: STRONG_PASSWORD,
      });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: messages.phoneTaken, field: "phone" });
  });

  it("refuses a wrong code with the tries left; the third burns the code, and the right one then reads expired", async () => {
    const phone = newNumber();
    await askCode(phone.typed, "register").expect(202);
    const code = await lastCode(phone.e164);
    const register = (c: string) =>
      request(t.app)
        .post("/api/auth/phone/register")
        .send({ phone: phone.typed, code: c, fullName: "Ravi Kumar", password: STRONG_PASSWORD });
    for (const left of [2, 1, 0]) {
      const res = await register(wrong(code));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "code_invalid", params: { attemptsLeft: left } });
    }
    const burnt = await register(code);
    expect(burnt.status).toBe(400);
    expect(burnt.body).toMatchObject({
      error: "This code has expired. Ask for a new one.",
      code: "code_not_found",
    });
  });

  it("refuses a code older than 300 s as expired", async () => {
    const phone = newNumber();
    await askCode(phone.typed, "register").expect(202);
    const code = await lastCode(phone.e164);
    t.clock.advance(301);
    const res = await request(t.app)
      .post("/api/auth/phone/register")
      .send({ phone: phone.typed, code, fullName: "Ravi Kumar", password: STRONG_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: messages.phoneCodeExpired });
  });
});

describe("POST /api/auth/phone/sign-in", () => {
  it("signs the member in with the code; rememberMe decides whether the refresh cookie outlives the browser", async () => {
    const member = await phoneMember();
    for (const rememberMe of [true, false]) {
      t.clock.advance(61);
      await askCode(member.typed, "sign-in").expect(202);
      const res = await request(t.app)
        .post("/api/auth/phone/sign-in")
        .send({ phone: `0${member.e164.slice(3)}`, code: await lastCode(member.e164), rememberMe });
      expect(res.status).toBe(200);
      expect((res.body as LoginResponse).customer.id).toBe(member.id);
      const cookie = String(res.headers["set-cookie"]);
      if (rememberMe) expect(cookie).toMatch(/Max-Age=2592000/);
      else expect(cookie).not.toMatch(/Max-Age/);
    }
  });

  it("says 'That code is not right' to an unknown number, and never signs it in", async () => {
    const stranger = newNumber();
    await askCode(stranger.typed, "sign-in").expect(202);
    const res = await request(t.app)
      .post("/api/auth/phone/sign-in")
      .send({ phone: stranger.typed, code: "123456", rememberMe: false });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ messageCode: "phone_code_wrong", code: "code_invalid" });
  });
});

describe("POST /api/auth/phone/reset-password", () => {
  it("sets the password, ends every session of the member, and mails no one (the member has no address)", async () => {
    const member = await phoneMember();
    t.clock.advance(61);
    await askCode(member.typed, "reset").expect(202);
    const mails = await mailCount();
    const res = await request(t.app)
      .post("/api/auth/phone/reset-password")
      .send({ phone: member.typed, code: await lastCode(member.e164), password: "Prawn#2025x" })
      .expect(200);
    expect(res.body).toEqual({ success: true, message: messages.passwordResetOk, sessionsEnded: 1 });
    await request(t.app)
      .get(`/api/customers/${member.id}`)
      .auth(member.token, { type: "bearer" })
      .expect(401);
    expect(await mailCount()).toBe(mails);
  });
});

describe("a member's own number: POST /api/customers/me/phone and /verify", () => {
  it("adds a number with a code; a second member cannot prove it again (409), and the profile cannot move it without a code", async () => {
    const first = await signedInCustomer(t, "Anil Rao");
    const second = await signedInCustomer(t, "Bala Rao");
    const phone = newNumber();
    const ask = (who: { token: string }) =>
      request(t.app)
        .post("/api/customers/me/phone")
        .auth(who.token, { type: "bearer" })
        .send({ phone: phone.typed });
    const verify = (who: { token: string }, code: string) =>
      request(t.app)
        .post("/api/customers/me/phone/verify")
        .auth(who.token, { type: "bearer" })
        .send({ phone: phone.typed, code });

    await ask(first).expect(202);
    const code = await lastCode(phone.e164);
    // The code was asked by the first member: it proves nothing for another.
    expect((await verify(second, code)).status).toBe(400);
    const proven = await verify(first, code);
    expect(proven.status).toBe(200);
    expect(proven.body).toMatchObject({ id: first.id, phoneVerified: true });

    t.clock.advance(61);
    await ask(second).expect(202);
    const taken = await verify(second, await lastCode(phone.e164));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: messages.phoneTaken });

    const moved = await request(t.app)
      .put(`/api/customers/${first.id}`)
      .auth(first.token, { type: "bearer" })
      .send({ phoneNumber: "9848022338" });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ error: messages.phoneChangeNeedsCode, field: "phoneNumber" });

    // The number now signs the first member in by code.
    t.clock.advance(61);
    await askCode(phone.typed, "sign-in").expect(202);
    const signedIn = await request(t.app)
      .post("/api/auth/phone/sign-in")
      .send({ phone: phone.typed, code: await lastCode(phone.e164), rememberMe: false })
      .expect(200);
    expect((signedIn.body as LoginResponse).customer.id).toBe(first.id);
  });
});

describe("a member without an e-mail address", () => {
  it("gets no mail when their report is released, and sharing by e-mail asks them to add an address (422)", async () => {
    const member = await phoneMember("Padma Rani");
    const sample = await submitSample(t.app, member, { emailAddress: "buyer@example.com" });
    const staff = await signedInStaff(t);
    const mails = await mailCount();
    await completeWithReport(t, staff.token, sample.id);
    expect(await mailCount()).toBe(mails);

    const share = await request(t.app)
      .post("/api/ledger/email")
      .auth(member.token, { type: "bearer" })
      .send({ sampleIds: [sample.id] });
    expect(share.status).toBe(422);
    expect(share.body).toMatchObject({
      error: "Add an e-mail address to your profile to share by e-mail.",
      messageCode: "email_needed_to_share",
    });
    expect(await mailCount()).toBe(mails);
  });
});

describe("codes are never logged", () => {
  it("the request log holds no code that was sent", async () => {
    const member = await phoneMember();
    const code = await lastCode(member.e164);
    expect(logged).toContain("/api/auth/phone/register");
    expect(logged).not.toContain(code);
  });
});

describe("limits against SMS abuse", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ rateLimit: true, trustProxy: true, database: t.database });
  });
  afterAll(async () => {
    await limited.close();
  });
  const from = (ip: string, phone: string) =>
    request(limited.app)
      .post("/api/auth/phone/code")
      .set("X-Forwarded-For", ip)
      .send({ phone, purpose: "register" });

  it(
    "stops 1,000 requests for random numbers from one address at the 21st: 20 SMS sent, not 1,000",
    { timeout: 120_000 },
    async () => {
      const statuses: number[] = [];
      const sent: string[] = [];
      for (let i = 0; i < 1000; i += 1) {
        const national = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
        const res = await from("198.51.100.7", national);
        statuses.push(res.status);
        if (res.status === 202) sent.push(`+91${national}`);
      }
      // A random 9-series number is now and then outside the numbering plan: refused (400) before any limit.
      const answered = statuses.filter((status) => status !== 400);
      expect(answered.length).toBeGreaterThan(900);
      expect(answered.indexOf(429)).toBe(PHONE_CODE_LIMITS.perIp.points);
      expect(answered.filter((status) => status === 202)).toHaveLength(PHONE_CODE_LIMITS.perIp.points);
      let queued = 0;
      for (const phone of sent) queued += (await smsTo(limited.database.db, phone)).length;
      expect(queued).toBe(PHONE_CODE_LIMITS.perIp.points);
    },
  );

  it("caps one number at 5 codes an hour, whatever the addresses asking", async () => {
    const phone = newNumber();
    for (let i = 0; i < 5; i += 1) {
      await from(`198.51.100.${20 + i}`, phone.typed).expect(202);
      limited.clock.advance(61);
    }
    const capped = await from("198.51.100.30", phone.typed);
    expect(capped.status).toBe(429);
    expect(capped.body).toMatchObject({ code: "rate_limited" });
    expect(Number(capped.headers["retry-after"])).toBeGreaterThan(0);
    expect(await smsTo(limited.database.db, phone.e164)).toHaveLength(5);
  });

  it("caps one number range (the first 8 digits) at 50 codes an hour, against SMS pumping", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i += 1) {
      // 98480 2xxxx: one range, each number once, from addresses that stay under their own limit.
      statuses.push(
        (await from(`203.0.113.${Math.floor(i / 10)}`, `98480 2${String(i).padStart(4, "0")}`)).status,
      );
    }
    expect(statuses.slice(0, 50).every((status) => status === 202)).toBe(true);
    expect(statuses[50]).toBe(429);
  });
});

describe("codeRequestLimits", () => {
  it("caps one number at 10 codes a day even when each hour's 5 are allowed", async () => {
    const limits = createRateLimits({
      enabled: true,
      redis: undefined,
      namespace: `phone-day-${Date.now()}`,
    });
    const phone = "+919440099999";
    const take = () => codeRequestLimits(limits)(phone);
    for (let i = 0; i < 5; i += 1) await take();
    await expect(take()).rejects.toMatchObject({ status: 429 });
    // The next hour: its own 5, the day's 10 reached.
    await limits.reset(PHONE_CODE_LIMITS.perNumberHour, phone);
    for (let i = 0; i < 5; i += 1) await take();
    await limits.reset(PHONE_CODE_LIMITS.perNumberHour, phone);
    const refused = take();
    await expect(refused).rejects.toMatchObject({ status: 429, code: "rate_limited" });
  });
});
