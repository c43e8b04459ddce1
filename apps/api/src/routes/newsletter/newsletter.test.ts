import { createHash } from "node:crypto";

import { messages } from "@lab/contracts";
import { newsletterSubscriptions, outboxMail } from "@lab/db";
import { asc, eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startTestApp, uniqueEmail, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const subscribe = (email: string, app = t.app) =>
  request(app).post("/api/newsletter/subscriptions").send({ email });
const rowOf = async (email: string) =>
  (
    await t.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email.toLowerCase()))
  )[0];
const queuedFor = async (email: string) =>
  (
    await t.database.db
      .select({ text: outboxMail.text, headers: outboxMail.headers })
      .from(outboxMail)
      .where(sql`${email} = any(${outboxMail.to})`)
      .orderBy(asc(outboxMail.id))
  ).map((row) => row.text);

/** The token of the n-th confirmation link queued for an address (from 1). */
async function tokenFrom(email: string, n = 1): Promise<string> {
  const texts = await queuedFor(email);
  const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(texts[n - 1] ?? "")?.[1];
  if (!token) throw new Error(`no confirm link ${n} for ${email}`);
  return token;
}

describe("POST /api/newsletter/subscriptions (double opt-in)", () => {
  it("a new address: 202 'check your inbox', an unconfirmed row holding only the token's sha256, and a mail with confirm and unsubscribe links", async () => {
    const email = uniqueEmail("reader");
    const res = await subscribe(email.toUpperCase());
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, message: messages.newsletterCheckInbox });
    const row = await rowOf(email);
    expect(row).toMatchObject({ email, confirmedAt: null, unsubscribedAt: null });
    const token = await tokenFrom(email);
    expect(row?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row?.tokenHash).not.toContain(token);

    const mail = await t.smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe("Confirm your newsletter subscription");
    expect(mail.text).toContain(`http://localhost:3000/newsletter/confirm?token=${token}`);
    expect(mail.text).toContain(`http://localhost:3000/newsletter/unsubscribe?token=${token}`);
    expect(mail.headers["list-unsubscribe"]).toContain(`/newsletter/unsubscribe?token=${token}`);
  });

  it("answers the same 202 for pending and confirmed addresses; pending gets a new link (the old one stops working), confirmed gets no mail", async () => {
    const email = uniqueEmail("reader");
    await subscribe(email).expect(202);
    const first = await tokenFrom(email);
    const pending = await subscribe(email);
    expect(pending.status).toBe(202);
    expect(pending.body).toEqual({ success: true, message: messages.newsletterCheckInbox });
    const second = await tokenFrom(email, 2);
    expect(second).not.toBe(first);
    const stale = await request(t.app).post("/api/newsletter/confirm").send({ token: first });
    expect(stale.status).toBe(404);
    expect(stale.body.error).toBe(messages.newsletterLinkInvalid);

    const confirmed = await request(t.app).post("/api/newsletter/confirm").send({ token: second });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email, status: "confirmed", message: messages.newsletterConfirmed });
    const confirmedAt = (await rowOf(email))?.confirmedAt;
    expect(confirmedAt).toBeInstanceOf(Date);

    const again = await subscribe(email);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(pending.body);
    expect(await queuedFor(email)).toHaveLength(2);
    expect((await rowOf(email))?.confirmedAt).toEqual(confirmedAt);
  });

  it("confirming twice is harmless and keeps the first confirmation time", async () => {
    const email = uniqueEmail("reader");
    await subscribe(email).expect(202);
    const token = await tokenFrom(email);
    await request(t.app).post("/api/newsletter/confirm").send({ token }).expect(200);
    const first = (await rowOf(email))?.confirmedAt;
    t.clock.advance(60);
    await request(t.app).post("/api/newsletter/confirm").send({ token }).expect(200);
    expect((await rowOf(email))?.confirmedAt).toEqual(first);
  });

  it("the unsubscribe link stops it; subscribing again needs a new confirmation", async () => {
    const email = uniqueEmail("reader");
    await subscribe(email).expect(202);
    const token = await tokenFrom(email);
    await request(t.app).post("/api/newsletter/confirm").send({ token }).expect(200);
    const res = await request(t.app).post("/api/newsletter/unsubscribe").send({ token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email, status: "unsubscribed", message: messages.newsletterUnsubscribed });
    expect((await rowOf(email))?.unsubscribedAt).toBeInstanceOf(Date);
    await request(t.app).post("/api/newsletter/unsubscribe").send({ token }).expect(200);

    await subscribe(email).expect(202);
    expect(await rowOf(email)).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
    const next = await tokenFrom(email, 2);
    await request(t.app).post("/api/newsletter/confirm").send({ token: next }).expect(200);
  });

  it("refuses a bad e-mail and a malformed token with 400s, an unknown token with a 404", async () => {
    const bad = await subscribe("not-an-address");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "validation_failed", error: messages.invalidEmailFormat });
    const empty = await subscribe("");
    expect(empty.body.error).toBe(messages.enquiryEmailRequired);
    for (const token of ["", "short", "x".repeat(101), "bad token with spaces!!!!", 42]) {
      const res = await request(t.app).post("/api/newsletter/confirm").send({ token });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(messages.newsletterLinkInvalid);
    }
    const unknown = await request(t.app)
      .post("/api/newsletter/unsubscribe")
      .send({ token: "A".repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "not_found", error: messages.newsletterLinkInvalid });
  });

  it("rate limits: a 4th subscription for one address within the hour is a 429, and mails nothing more", async () => {
    const limited = await startTestApp({ rateLimit: true, database: t.database, trustProxy: true });
    try {
      const email = uniqueEmail("flooded");
      for (let i = 0; i < 3; i += 1) {
        await request(limited.app)
          .post("/api/newsletter/subscriptions")
          .set("X-Forwarded-For", `192.0.2.${i + 1}`)
          .send({ email })
          .expect(202);
      }
      const res = await request(limited.app)
        .post("/api/newsletter/subscriptions")
        .set("X-Forwarded-For", "192.0.2.99")
        .send({ email });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe("rate_limited");
      expect(await queuedFor(email)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it("rate limits: +tag and Gmail-dot variants of one inbox count as one address", async () => {
    const limited = await startTestApp({ rateLimit: true, database: t.database, trustProxy: true });
    try {
      const local = `flood${Date.now().toString(36)}`;
      const variants = [
        `${local}+a@gmail.com`,
        `${local}+b@gmail.com`,
        `${local.slice(0, 2)}.${local.slice(2)}@googlemail.com`,
      ];
      for (const [i, email] of variants.entries()) {
        await request(limited.app)
          .post("/api/newsletter/subscriptions")
          .set("X-Forwarded-For", `192.0.2.${i + 10}`)
          .send({ email })
          .expect(202);
      }
      const res = await request(limited.app)
        .post("/api/newsletter/subscriptions")
        .set("X-Forwarded-For", "192.0.2.98")
        .send({ email: `${local}+d@gmail.com` });
      expect(res.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("the confirmation mail is the lab's fixed text: nothing typed but the address it goes to", async () => {
    const email = uniqueEmail("reader");
    await subscribe(email).expect(202);
    const token = await tokenFrom(email);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email));
    const confirm = `http://localhost:3000/newsletter/confirm?token=${token}`;
    const leave = `http://localhost:3000/newsletter/unsubscribe?token=${token}`;
    expect(mail.subject).toBe("Confirm your newsletter subscription");
    expect(mail.text.trimEnd()).toBe(
      [
        "Hello,",
        "Someone, probably you, asked to receive the AquaTest Laboratory newsletter at this address: new articles and testing updates, once a month.",
        `Confirm your subscription: ${confirm}`,
        "If you did not ask for it, ignore this e-mail: without the confirmation we send you nothing more.",
        `Unsubscribe at any time: ${leave}`,
        "AquaTest Laboratory",
      ].join("\n\n"),
    );
  });
});
