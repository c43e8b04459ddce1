import { messages } from "@lab/contracts";
import { contactEnquiries, outboxMail } from "@lab/db";
import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEFAULT_LAB_ENQUIRY_EMAIL } from "../../env";
import { signedInCustomer, startTestApp, uniqueEmail, type TestApp } from "../../test/harness";
import { signedInStaff } from "../../test/lab";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid = (email: string) => ({
  firstName: "లక్ష్మీ",
  lastName: "देवी",
  email,
  phone: "098765 43210",
  message: "Do you test for white spot virus? We have 4 ponds near Bhimavaram.",
});
const rowsOf = (email: string) =>
  t.database.db.select().from(contactEnquiries).where(eq(contactEnquiries.email, email));

describe("POST /api/enquiries (the landing page's contact form)", () => {
  it("answers 202 with the confirmation, stores the row and mails the lab (Reply-To the person) and the person", async () => {
    const email = uniqueEmail("enquirer");
    const res = await request(t.app)
      .post("/api/enquiries")
      .send({ ...valid(email), email: email.toUpperCase() });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ success: true, message: messages.enquiryReceived });

    const [row] = await rowsOf(email);
    expect(row).toMatchObject({
      firstName: "లక్ష్మీ",
      lastName: "देवी",
      phone: "+919876543210",
      handledAt: null,
    });

    const lab = await t.smtp.waitFor(
      (mail) => mail.to.includes(DEFAULT_LAB_ENQUIRY_EMAIL) && mail.text.includes(email),
    );
    expect(lab.subject).toBe(`Website enquiry #${row?.id} from లక్ష్మీ देवी`);
    expect(lab.headers["reply-to"]).toContain(email);
    expect(lab.text).toContain("Do you test for white spot virus?");
    expect(lab.text).toContain("+91 98765 43210");

    const ack = await t.smtp.waitFor((mail) => mail.to.includes(email));
    expect(ack.subject).toBe("We received your enquiry");
    expect(ack.text).toContain("We received your enquiry through the contact form");
    expect(ack.headers["reply-to"]).toContain(DEFAULT_LAB_ENQUIRY_EMAIL);
  });

  it("the acknowledgement to the typed address is the lab's fixed text: no typed name or message reaches it", async () => {
    const email = uniqueEmail("stranger");
    const hostile = {
      firstName: "Your account is suspended",
      lastName: "Pay now",
      message: "Your account is suspended, pay at http://evil.example within 24 hours.",
    };
    await request(t.app)
      .post("/api/enquiries")
      .send({ ...valid(email), ...hostile })
      .expect(202);
    const ack = await t.smtp.waitFor((mail) => mail.to.includes(email));
    for (const part of [ack.subject, ack.text, ack.html]) {
      expect(part).not.toContain("suspended");
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("Pay now");
    }
    // The lab's own copy keeps every word, with Reply-To the person.
    const lab = await t.smtp.waitFor(
      (mail) => mail.to.includes(DEFAULT_LAB_ENQUIRY_EMAIL) && mail.text.includes(email),
    );
    expect(lab.text).toContain(hostile.message);
    expect(lab.headers["reply-to"]).toContain(email);
  });

  it("a line break typed in a name stays out of the lab mail's headers (one-line subject, no injected header)", async () => {
    const email = uniqueEmail("injector");
    await request(t.app)
      .post("/api/enquiries")
      .send({ ...valid(email), firstName: "Ravi\r\nBcc: victim@example.com", lastName: "Kumar\nX-Evil: 1" })
      .expect(202);
    const lab = await t.smtp.waitFor(
      (mail) => mail.to.includes(DEFAULT_LAB_ENQUIRY_EMAIL) && mail.text.includes(email),
    );
    expect(lab.subject).toMatch(/^Website enquiry #\d+ from Ravi Bcc: victim@example\.com Kumar X-Evil: 1$/);
    expect(lab.headers["bcc"]).toBeUndefined();
    expect(lab.headers["x-evil"]).toBeUndefined();
    expect(lab.to).toEqual([DEFAULT_LAB_ENQUIRY_EMAIL]);
  });

  it("only first name, e-mail and message are needed: no phone stores an empty phone", async () => {
    const email = uniqueEmail("enquirer");
    await request(t.app)
      .post("/api/enquiries")
      .send({ firstName: "Ravi", email, message: "Price list please" })
      .expect(202);
    const [row] = await rowsOf(email);
    expect(row).toMatchObject({ lastName: "", phone: "" });
  });

  it.each([
    ["no first name", { firstName: "  " }, messages.enquiryFirstNameRequired],
    ["an 81-character first name", { firstName: "A".repeat(81) }, messages.enquiryFirstNameTooLong],
    ["an 81-character last name", { lastName: "B".repeat(81) }, messages.enquiryLastNameTooLong],
    ["no e-mail", { email: "" }, messages.enquiryEmailRequired],
    ["an e-mail without a domain", { email: "ravi@" }, messages.invalidEmailFormat],
    ["a phone that is not a number", { phone: "12ab" }, messages.phoneInvalid],
    ["a 33-character phone", { phone: "9".repeat(33) }, messages.phoneInvalid],
    ["no message", { message: "" }, messages.enquiryMessageRequired],
    ["a 2001-character message", { message: "m".repeat(2001) }, messages.enquiryMessageTooLong],
  ])("refuses %s with a 400 and a plain message, storing nothing", async (_name, change, message) => {
    const email = uniqueEmail("refused");
    const res = await request(t.app)
      .post("/api/enquiries")
      .send({ ...valid(email), ...change });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation_failed", error: message });
    expect(await rowsOf(email)).toHaveLength(0);
  });

  it("refuses a NUL character as text_invalid, and a non-object body, with 400s", async () => {
    const email = uniqueEmail("refused");
    const nul = await request(t.app)
      .post("/api/enquiries")
      .send({ ...valid(email), message: "a\u0000b" });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ code: "text_invalid", error: messages.textInvalid });
    const list = await request(t.app).post("/api/enquiries").send([1, 2]);
    expect(list.status).toBe(400);
    expect(await rowsOf(email)).toHaveLength(0);
  });
});

describe("hostile input to the public enquiry and newsletter calls", () => {
  const HOSTILE: unknown[] = ["Ravi\u0000Kumar", "Ravi \ud800", "x".repeat(5_000), 42, {}, [], null, true];

  it("every field of POST /api/enquiries with each hostile value answers a 4xx {error, code} and stores nothing", async () => {
    for (const field of ["firstName", "lastName", "email", "phone", "message"]) {
      for (const value of HOSTILE) {
        const email = uniqueEmail("hostile");
        const res = await request(t.app)
          .post("/api/enquiries")
          .send({ ...valid(email), [field]: value });
        expect(res.status, `${field} = ${JSON.stringify(value)?.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
        expect(await rowsOf(email)).toHaveLength(0);
      }
    }
  });

  it("hostile e-mails and tokens to /api/newsletter answer 4xx, never 500", async () => {
    for (const value of HOSTILE) {
      const subscribe = await request(t.app).post("/api/newsletter/subscriptions").send({ email: value });
      expect(subscribe.status).toBeGreaterThanOrEqual(400);
      expect(subscribe.status).toBeLessThan(500);
      for (const path of ["/api/newsletter/confirm", "/api/newsletter/unsubscribe"]) {
        const res = await request(t.app).post(path).send({ token: value });
        expect(res.status).toBe(400);
        // Text the database cannot store says so (text_invalid); anything else is a bad link.
        expect([messages.newsletterLinkInvalid, messages.textInvalid]).toContain(res.body.error);
      }
    }
    const raw = await request(t.app)
      .post("/api/newsletter/confirm")
      .set("Content-Type", "application/json")
      .send("{not json");
    expect(raw.status).toBe(400);
  });
});

describe("enquiry rate limits", () => {
  it("a 4th enquiry from one e-mail address within the hour is a 429 with Retry-After, and stores nothing", async () => {
    const limited = await startTestApp({ rateLimit: true, database: t.database, trustProxy: true });
    try {
      const email = uniqueEmail("eager");
      for (let i = 0; i < 3; i += 1) {
        await request(limited.app)
          .post("/api/enquiries")
          .set("X-Forwarded-For", `198.51.100.${i + 1}`)
          .send(valid(email))
          .expect(202);
      }
      const fourth = await request(limited.app)
        .post("/api/enquiries")
        .set("X-Forwarded-For", "198.51.100.9")
        .send(valid(email));
      expect(fourth.status).toBe(429);
      expect(fourth.body).toMatchObject({ code: "rate_limited", error: messages.tooManyRequests });
      expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(0);
      expect(await rowsOf(email)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it("+tag, case and Gmail-dot variants of one inbox share its limit: the 4th variant is a 429", async () => {
    const limited = await startTestApp({ rateLimit: true, database: t.database, trustProxy: true });
    try {
      const local = `victim${Date.now().toString(36)}`;
      const variants = [
        `${local}+1@gmail.com`,
        `${local.slice(0, 3)}.${local.slice(3)}@gmail.com`,
        `${local.toUpperCase()}+x@googlemail.com`,
      ];
      for (const [i, email] of variants.entries()) {
        await request(limited.app)
          .post("/api/enquiries")
          .set("X-Forwarded-For", `198.51.100.${i + 20}`)
          .send(valid(email))
          .expect(202);
      }
      const fourth = await request(limited.app)
        .post("/api/enquiries")
        .set("X-Forwarded-For", "198.51.100.29")
        .send(valid(`${local}+4@gmail.com`));
      expect(fourth.status).toBe(429);
      expect(fourth.body).toMatchObject({ code: "rate_limited", error: messages.tooManyRequests });
      expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it("an 11th enquiry from one client address within the hour is a 429, whatever the e-mail", async () => {
    const limited = await startTestApp({ rateLimit: true, database: t.database, trustProxy: true });
    try {
      for (let i = 0; i < 10; i += 1) {
        await request(limited.app)
          .post("/api/enquiries")
          .set("X-Forwarded-For", "203.0.113.7")
          .send(valid(uniqueEmail("office")))
          .expect(202);
      }
      const res = await request(limited.app)
        .post("/api/enquiries")
        .set("X-Forwarded-For", "203.0.113.7")
        .send(valid(uniqueEmail("office")));
      expect(res.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("/api/lab/enquiries (staff)", () => {
  it("needs a staff token: none is 401, a customer's is 403", async () => {
    expect((await request(t.app).get("/api/lab/enquiries")).status).toBe(401);
    expect((await request(t.app).post("/api/lab/enquiries/1/handled")).status).toBe(401);
    const customer = await signedInCustomer(t);
    const asCustomer = await request(t.app)
      .get("/api/lab/enquiries")
      .auth(customer.token, { type: "bearer" });
    expect(asCustomer.status).toBe(403);
    const handled = await request(t.app)
      .post("/api/lab/enquiries/1/handled")
      .auth(customer.token, { type: "bearer" });
    expect(handled.status).toBe(403);
  });

  it("lists newest first in pages joined by nextCursor, and marks one handled (again keeps the first time)", async () => {
    const staff = await signedInStaff(t);
    const first = uniqueEmail("older");
    const second = uniqueEmail("newer");
    await request(t.app).post("/api/enquiries").send(valid(first)).expect(202);
    await request(t.app).post("/api/enquiries").send(valid(second)).expect(202);
    const lab = (path: string) => request(t.app).get(path).auth(staff.token, { type: "bearer" });

    const page1 = await lab("/api/lab/enquiries?limit=1");
    expect(page1.status).toBe(200);
    expect(page1.body.items).toHaveLength(1);
    expect(page1.body.items[0]).toMatchObject({ email: second, phone: "+91 98765 43210", handledAt: null });
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await lab(`/api/lab/enquiries?limit=1&cursor=${page1.body.nextCursor}`);
    expect(page2.body.items[0]).toMatchObject({ email: first });

    const id = page2.body.items[0].id as number;
    const handled = await request(t.app)
      .post(`/api/lab/enquiries/${id}/handled`)
      .auth(staff.token, { type: "bearer" });
    expect(handled.status).toBe(200);
    expect(handled.body.handledAt).toEqual(expect.any(String));
    const again = await request(t.app)
      .post(`/api/lab/enquiries/${id}/handled`)
      .auth(staff.token, { type: "bearer" });
    expect(again.body.handledAt).toBe(handled.body.handledAt);
    const [row] = await rowsOf(first);
    expect(row?.handledAt?.toISOString()).toBe(handled.body.handledAt);
  });

  it("an unknown enquiry is a 404, a bad cursor or page size a 400", async () => {
    const staff = await signedInStaff(t);
    const missing = await request(t.app)
      .post("/api/lab/enquiries/2147483647/handled")
      .auth(staff.token, { type: "bearer" });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(messages.enquiryNotFound);
    const cursor = await request(t.app)
      .get("/api/lab/enquiries?cursor=abc")
      .auth(staff.token, { type: "bearer" });
    expect(cursor.status).toBe(400);
    expect(cursor.body.error).toBe(messages.cursorInvalid);
    const size = await request(t.app)
      .get("/api/lab/enquiries?limit=500")
      .auth(staff.token, { type: "bearer" });
    expect(size.status).toBe(400);
    expect(size.body.error).toBe(messages.pageSizeInvalid);
  });
});

describe("enquiry outbox", () => {
  it("queues both mails in the enquiry's transaction: one outbox row to the lab, one to the person", async () => {
    const email = uniqueEmail("outbox");
    await request(t.app).post("/api/enquiries").send(valid(email)).expect(202);
    const rows = await t.database.db
      .select({ to: outboxMail.to, replyTo: outboxMail.replyTo })
      .from(outboxMail)
      .where(sql`${email} = any(${outboxMail.to}) or ${outboxMail.replyTo} = ${email}`);
    expect(rows).toEqual(
      expect.arrayContaining([
        { to: [DEFAULT_LAB_ENQUIRY_EMAIL], replyTo: email },
        { to: [email], replyTo: DEFAULT_LAB_ENQUIRY_EMAIL },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});
