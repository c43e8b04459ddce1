import { createHash } from "node:crypto";

import {
  LEDGER_EMAIL_ACCOUNTS_PER_IP_PER_DAY,
  LEDGER_EMAIL_RECIPIENTS_PER_DAY,
  LEDGER_EMAIL_RECIPIENTS_PER_IP_PER_DAY,
  messages,
  type Sample,
} from "@lab/contracts";
import { customers, mailOptOuts, outboxMail, samples } from "@lab/db";
import { eq, inArray } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { hashPassword } from "../../lib/passwords";
import {
  STRONG_PASSWORD,
  signedInCustomer,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from "../../test/harness";
import { insertCustomerWithOrganisation } from "../../test/organisations";
import { submitSample } from "../../test/samples";
import { completeWithReport, signedInStaff } from "../../test/lab";
import { pdfPages } from "../../test/pdf-text";
import { revokeByTwo } from "../../test/revocations";

let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInCustomer>>;
let owner: Who;
let other: Who;
let staffToken: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signedInCustomer(t, "Ravi Kumar");
  other = await signedInCustomer(t, "Other Farm");
  staffToken = (await signedInStaff(t)).token;
});
afterAll(async () => {
  await t.close();
});

const submit = (who: Who, emailAddress: string) => submitSample(t.app, who, { emailAddress });
const send = (who: Who, body: object) =>
  request(t.app).post("/api/ledger/email").auth(who.token, { type: "bearer" }).send(body);

async function complete(sample: Sample): Promise<string> {
  return (await completeWithReport(t, staffToken, sample.id)).details.certification;
}

describe("POST /api/ledger/email", () => {
  it("mails each unique address (case-insensitive) once, with its own samples' report PDFs", async () => {
    const first = await submit(owner, "Farmer.One@Gmail.com");
    const second = await submit(owner, "farmer.one@gmail.com");
    const third = await submit(owner, "agent.two@gmail.com");
    const certification = await complete(first);
    const res = await send(owner, {
      sampleIds: [first.id, second.id, third.id],
      includeReports: true,
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recipients: 2, reportsAttached: 1, skipped: 0 });

    const toFarmer = await t.smtp.waitFor((mail) => mail.to.includes("farmer.one@gmail.com"));
    expect(toFarmer.to).toEqual(["farmer.one@gmail.com"]);
    expect(toFarmer.raw).toContain(`filename=${certification}.pdf`);
    expect(toFarmer.raw).toContain("JVBERi0"); // base64 of "%PDF-"
    // The attachment is the issued PDF itself: its SHA-256 opens the public check's full answer.
    const base64 =
      /filename=[^\r\n]*\.pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(toFarmer.raw)?.[1] ?? "";
    const attached = createHash("sha256")
      .update(Buffer.from(base64.replace(/\s+/g, ""), "base64"))
      .digest("hex");
    const published = await request(t.app)
      .get(`/api/certificates/${certification}`)
      .query({ sha256: attached })
      .expect(200);
    expect(published.body).toMatchObject({ detail: "full", sha256: attached });
    expect(toFarmer.text).toContain(`Sample #${second.id}`);
    const toAgent = await t.smtp.waitFor((mail) => mail.to.includes("agent.two@gmail.com"));
    expect(toAgent.raw).not.toContain(".pdf");
    expect(toAgent.text).not.toContain(`Sample #${first.id}`);
  });

  it("names each sample's certificate, and says in words when its report was revoked", async () => {
    const valid = await submit(owner, "two.reports@gmail.com");
    const revoked = await submit(owner, "two.reports@gmail.com");
    const validReport = await completeWithReport(t, staffToken, valid.id);
    const revokedReport = await completeWithReport(t, staffToken, revoked.id);
    await revokeByTwo(t, revokedReport.id, { reasonCode: "sample_mislabelled", note: "Sample mislabelled" });
    const res = await send(owner, {
      sampleIds: [valid.id, revoked.id],
      includeReports: true,
    });
    expect(res.body).toEqual({ recipients: 1, reportsAttached: 2, skipped: 0 });
    const mail = await t.smtp.waitFor((m) => m.to.includes("two.reports@gmail.com"));
    const text = mail.text;
    expect(text).toContain(
      `Sample #${valid.id}: Tiger Shrimp, COMPLETED, ${validReport.details.certification}\n`,
    );
    expect(text).toContain(
      `Sample #${revoked.id}: Tiger Shrimp, COMPLETED, ${revokedReport.details.certification} (revoked: no longer valid)`,
    ); // The revoked report's PDF goes stamped on every page and named so; the standing one as issued.
    expect(mail.raw).toContain(`filename=${validReport.details.certification}.pdf`);
    const base64 =
      new RegExp(
        `filename=${revokedReport.details.certification}-REVOKED\\.pdf[\\s\\S]*?\\r?\\n\\r?\\n([A-Za-z0-9+/=\\r\\n]+)`,
      ).exec(mail.raw)?.[1] ?? "";
    const pages = await pdfPages(Buffer.from(base64.replace(/\s+/g, ""), "base64"));
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page).toContain("REVOKED on ");
    for (const page of pages) expect(page).toContain("The sample was mislabelled or mixed up");
  });

  it("attaches nothing unless asked, and needs no subject or message", async () => {
    const sample = await submit(owner, "plain@gmail.com");
    expect((await send(owner, { sampleIds: [sample.id] })).body).toEqual({
      recipients: 1,
      reportsAttached: 0,
      skipped: 0,
    });
    const mail = await t.smtp.waitFor((m) => m.to.includes("plain@gmail.com"));
    expect(mail.raw).not.toContain("application/pdf");
    expect(mail.text).toContain("e-mail address, " + owner.email + ".\n\nSamples:\n");
  });

  it("answers the spec's errors: nothing selected, no addresses; ignores other customers' samples", async () => {
    const none = await send(owner, { sampleIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(messages.ledgerSelectSample);
    const noEmail = await submit(owner, "");
    const res = await send(owner, { sampleIds: [noEmail.id] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(messages.ledgerNoEmails);
    const theirs = await submit(other, "their.farmer@gmail.com");
    expect((await send(owner, { sampleIds: [theirs.id] })).status).toBe(404);
    const mixed = await send(owner, { sampleIds: [theirs.id, noEmail.id] });
    expect(mixed.body.error).toBe(messages.ledgerNoEmails);
  });
});

describe("shared-report mail is the lab's template, not a relay", () => {
  it("comes from the lab with a fixed subject; the body marks the name as the customer's, shows no company and none of their subject or message; replies go to the customer", async () => {
    const sharer = await signedInCustomer(t, "Your bank: account locked, call 0800 123 456");
    await t.database.db
      .update(customers)
      .set({ company: "Pay at http://evil.example" })
      .where(eq(customers.id, sharer.id));
    const sample = await submitSample(t.app, sharer, { emailAddress: "Template.Check@gmail.com" });
    const report = await completeWithReport(t, staffToken, sample.id);
    // What an older client (or an attacker) still sends: ignored, never mailed.
    const res = await send(sharer, {
      sampleIds: [sample.id],
      subject: "Your account is suspended",
      message: 'Pay now at <a href="https://evil.example">evil</a>',
      includeReports: true,
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ recipients: 1, reportsAttached: 1, skipped: 0 });

    const mail = await t.smtp.waitFor((m) => m.to.includes("template.check@gmail.com"));
    expect(mail.from).toBe("lab@test.local");
    expect(mail.headers.from).toContain("lab@test.local");
    expect(mail.headers["reply-to"]).toBe(sharer.email);
    expect(mail.subject).toBe("Sample reports shared with you — AquaTest Laboratory");
    expect(mail.headers["list-unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3000\/api\/mail\/unsubscribe\?e=template\.check%40gmail\.com&s=[\w-]+>$/,
    );
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");

    expect(mail.text).toContain(
      `The customer gave their name as “Your bank: account locked, call 0800 123 456”; the laboratory has verified only their account's e-mail address, ${sharer.email}.`,
    );
    expect(mail.text).toContain(
      `- Sample #${sample.id}: Tiger Shrimp, COMPLETED, ${report.details.certification}`,
    );
    expect(mail.text).toContain(`Reply to this e-mail to answer the customer at ${sharer.email}.`);
    expect(mail.text).toMatch(
      /unsubscribe: http:\/\/localhost:3000\/unsubscribe\?e=template\.check%40gmail\.com&s=[\w-]+/,
    );
    expect(mail.raw).toContain(`filename=${report.details.certification}.pdf`);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("suspended");
      expect(part).not.toContain("Pay ");
    }
    // The name appears once per language, inside the sentence that marks it, and never as markup.
    expect(mail.text.split("Your bank")).toHaveLength(2);
    expect(mail.html).toContain(
      '<a href="http://localhost:3000/unsubscribe?e=template.check%40gmail.com&#38;s=',
    );
  });

  it("one-click unsubscribe (form body) is honoured: the next send skips that address and says so; all opted out is a 400", async () => {
    const sharer = await signedInCustomer(t, "Opt Out Farm");
    const leaving = await submitSample(t.app, sharer, { emailAddress: "Leaving@gmail.com" });
    const staying = await submitSample(t.app, sharer, { emailAddress: "staying@gmail.com" });
    expect((await send(sharer, { sampleIds: [leaving.id] })).status).toBe(202);
    const first = await t.smtp.waitFor((m) => m.to.includes("leaving@gmail.com"));
    const link = /^<(.+)>$/.exec(first.headers["list-unsubscribe"] ?? "")?.[1] ?? "";
    const url = new URL(link);

    // What a mail client does (RFC 8058): POST the header's URL with the one-click form body.
    const oneClick = await request(t.app)
      .post(`${url.pathname}${url.search}`)
      .type("form")
      .send("List-Unsubscribe=One-Click");
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toEqual({ email: "leaving@gmail.com", unsubscribed: true });
    const stored = await t.database.db
      .select()
      .from(mailOptOuts)
      .where(eq(mailOptOuts.email, "leaving@gmail.com"));
    expect(stored).toHaveLength(1);

    const before = t.smtp.mails.filter((m) => m.to.includes("leaving@gmail.com")).length;
    const second = await send(sharer, { sampleIds: [leaving.id, staying.id] });
    expect(second.status).toBe(202);
    expect(second.body).toEqual({ recipients: 1, reportsAttached: 0, skipped: 1 });
    await t.smtp.waitFor((m) => m.to.includes("staying@gmail.com"));
    await t.outbox.drain();
    expect(t.smtp.mails.filter((m) => m.to.includes("leaving@gmail.com"))).toHaveLength(before);

    const onlyLeaving = await send(sharer, { sampleIds: [leaving.id] });
    expect(onlyLeaving.status).toBe(400);
    expect(onlyLeaving.body.error).toBe(messages.ledgerAllOptedOut);
  });

  it("a customer may reach 200 recipients in 24 hours, counted from the outbox: the 201st is a 429 with Retry-After, even when two sends race", async () => {
    const sharer = await signedInCustomer(t, "Quota Farm");
    const now = t.clock.now().getTime();
    const hour = 3600 * 1000;
    const addresses = (tag: string, n: number) =>
      Array.from({ length: n }, (_, i) => `${tag}${i}@example.com`);
    // Already sent: 200 recipients 25 hours ago (outside the window) and 199 an hour ago.
    await t.database.db.insert(outboxMail).values([
      {
        to: addresses("old", LEDGER_EMAIL_RECIPIENTS_PER_DAY),
        subject: "old",
        text: "old",
        sharedBy: sharer.id,
        sentAt: new Date(now - 25 * hour),
        createdAt: new Date(now - 25 * hour),
      },
      {
        to: addresses("recent", LEDGER_EMAIL_RECIPIENTS_PER_DAY - 1),
        subject: "recent",
        text: "recent",
        sharedBy: sharer.id,
        sentAt: new Date(now - hour),
        createdAt: new Date(now - hour),
      },
    ]);
    const a = await submitSample(t.app, sharer, { emailAddress: "quota.a@gmail.com" });
    const b = await submitSample(t.app, sharer, { emailAddress: "quota.b@gmail.com" });

    const both = await send(sharer, { sampleIds: [a.id, b.id] });
    expect(both.status).toBe(429);
    expect(both.body).toMatchObject({ code: "quota_exceeded", error: messages.ledgerQuotaExceeded });
    const retryAfter = Number(both.headers["retry-after"]);
    // The mails of an hour ago leave the window in 23 hours.
    expect(retryAfter).toBeGreaterThan(23 * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(23 * 3600);

    // Two sends of one recipient at once: only one of them may be the 200th.
    const raced = await Promise.all([
      send(sharer, { sampleIds: [a.id] }),
      send(sharer, { sampleIds: [b.id] }),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([202, 429]);
    const queued = await t.database.db.select().from(outboxMail).where(eq(outboxMail.sharedBy, sharer.id));
    expect(queued.reduce((sum, row) => sum + row.to.length, 0)).toBe(2 * LEDGER_EMAIL_RECIPIENTS_PER_DAY);

    // Another customer's quota is their own.
    const fresh = await submit(other, "quota.other@gmail.com");
    expect((await send(other, { sampleIds: [fresh.id] })).status).toBe(202);
  });
});

describe("per client address: more accounts do not mean more reach", () => {
  /** Copies of a submitted sample, one per address: many recipients without many submissions. */
  async function samplesFor(who: Who, tag: string, n: number): Promise<number[]> {
    const first = await submit(who, `${tag}0@example.com`);
    const [row] = await t.database.db.select().from(samples).where(eq(samples.id, first.id));
    if (!row) throw new Error("no sample");
    const { id: _id, searchText: _search, ...copy } = row;
    const more = await t.database.db
      .insert(samples)
      .values(
        Array.from({ length: n - 1 }, (_, i) => ({ ...copy, emailAddress: `${tag}${i + 1}@example.com` })),
      )
      .returning({ id: samples.id });
    return [first.id, ...more.map((r) => r.id)];
  }

  /** A verified account made in the database: eleven sign-ups need not wait for eleven code mails. */
  async function verifiedCustomer(fullName: string): Promise<Who> {
    const email = uniqueEmail("sharer");
    const row = await insertCustomerWithOrganisation(t.database.db, {
      email,
      fullName,
      passwordHash: await passwordHash,
      emailVerifiedAt: t.clock.now(),
    });
    const login = await request(t.app)
      .post("/api/customers/login")
      .send({ email, password: STRONG_PASSWORD })
      .expect(200);
    return { id: row.id, email, token: (login.body as { accessToken: string }).accessToken };
  }
  const passwordHash = hashPassword(STRONG_PASSWORD, 10);

  async function limitedApp(): Promise<TestApp> {
    return startTestApp({ rateLimit: true, database: t.database, trustProxy: true });
  }

  it(`11 accounts from one address: only ${LEDGER_EMAIL_ACCOUNTS_PER_IP_PER_DAY} may share that day, the rest get 429 with Retry-After`, async () => {
    const limited = await limitedApp();
    try {
      const accounts: Who[] = [];
      for (let i = 0; i < 11; i += 1) accounts.push(await verifiedCustomer(`Sybil ${i}`));
      const statuses: number[] = [];
      for (const [i, who] of accounts.entries()) {
        const sample = await submit(who, `sybil${i}.${Date.now().toString(36)}@example.com`);
        const res = await request(limited.app)
          .post("/api/ledger/email")
          .set("X-Forwarded-For", "203.0.113.50")
          .auth(who.token, { type: "bearer" })
          .send({ sampleIds: [sample.id] });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body).toMatchObject({ code: "rate_limited" });
          expect(Number(res.headers["retry-after"])).toBeGreaterThan(23 * 3600);
        }
      }
      expect(statuses).toEqual([
        ...Array<number>(LEDGER_EMAIL_ACCOUNTS_PER_IP_PER_DAY).fill(202),
        ...Array<number>(11 - LEDGER_EMAIL_ACCOUNTS_PER_IP_PER_DAY).fill(429),
      ]);
      // An account already counted at the address shares again; from another address a new one may too.
      const again = await submit(accounts[0] ?? owner, "sybil.again@example.com");
      const repeat = await request(limited.app)
        .post("/api/ledger/email")
        .set("X-Forwarded-For", "203.0.113.50")
        .auth((accounts[0] ?? owner).token, { type: "bearer" })
        .send({ sampleIds: [again.id] });
      expect(repeat.status).toBe(202);
      const last = accounts[10] ?? owner;
      const elsewhere = await submit(last, "sybil.elsewhere@example.com");
      const moved = await request(limited.app)
        .post("/api/ledger/email")
        .set("X-Forwarded-For", "203.0.113.51")
        .auth(last.token, { type: "bearer" })
        .send({ sampleIds: [elsewhere.id] });
      expect(moved.status).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it(`the accounts of one address share ${LEDGER_EMAIL_RECIPIENTS_PER_IP_PER_DAY} recipients a day: past that a 429 quota_exceeded with Retry-After, nothing queued`, async () => {
    const limited = await limitedApp();
    try {
      const a = await verifiedCustomer("Reach A");
      const b = await verifiedCustomer("Reach B");
      const tag = Date.now().toString(36);
      const first = await samplesFor(a, `reach.a.${tag}.`, 150);
      const second = await samplesFor(b, `reach.b.${tag}.`, 60);
      const share = (who: Who, sampleIds: number[]) =>
        request(limited.app)
          .post("/api/ledger/email")
          .set("X-Forwarded-For", "203.0.113.60")
          .auth(who.token, { type: "bearer" })
          .send({ sampleIds });
      expect((await share(a, first)).body).toMatchObject({ recipients: 150 });
      // B is well inside its own 200, but the address has only 50 left.
      const over = await share(b, second);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: "quota_exceeded", error: messages.ledgerQuotaExceeded });
      expect(Number(over.headers["retry-after"])).toBeGreaterThan(23 * 3600);
      const queued = await t.database.db.select().from(outboxMail).where(eq(outboxMail.sharedBy, b.id));
      expect(queued).toHaveLength(0);
      // A refused request took nothing: the 50 left still fit.
      expect((await share(b, second.slice(0, 50))).body).toMatchObject({ recipients: 50 });
      expect((await share(b, second.slice(50, 51))).status).toBe(429);
      const sent = await t.database.db
        .select()
        .from(outboxMail)
        .where(inArray(outboxMail.sharedBy, [a.id, b.id]));
      expect(sent.reduce((sum, row) => sum + row.to.length, 0)).toBe(LEDGER_EMAIL_RECIPIENTS_PER_IP_PER_DAY);
    } finally {
      await limited.close();
    }
    // Two hundred mails go through the outbox while the test runs.
  }, 120_000);
});
