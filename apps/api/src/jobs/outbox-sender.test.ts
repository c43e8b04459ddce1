import { outboxMail } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { eq, like } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testEnv } from "../env";
import { requestPasswordReset } from "../domain/accounts/accounts";
import { createDomainContext } from "../domain/context";
import { checkCode, issueVerificationCode, verifyEmail } from "../domain/accounts/verification-codes";
import { enqueueMail, outboxBacklog } from "../mail/outbox";
import { createSmtpTransport, type MailTransport, type OutgoingMail } from "../mail/transport";
import { insertCustomerWithOrganisation } from "../test/organisations";
import { startSmtpCatcher } from "../test/smtp-catcher";
import { createOutboxSender, retryDelaySeconds } from "./outbox-sender";

const logger = pino({ level: "silent" });
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase(testEnv.databaseUrl);
});
afterAll(async () => {
  await database.close();
});

describe("outbox sender", () => {
  it("keeps a mail while SMTP refuses it, retries later with backoff and delivers it once with its attachment", async () => {
    let refusing = true;
    const smtp = await startSmtpCatcher({ refuse: () => refusing });
    const transport = createSmtpTransport(smtp.url);
    const sender = createOutboxSender({ db: database.db, transport, from: "lab@test.local", logger });
    try {
      const subject = `Report ${Date.now()}`;
      await enqueueMail(database.db, {
        to: ["farmer@gmail.com"],
        subject,
        text: "Your report is attached.",
        attachments: [
          {
            filename: "report.pdf",
            contentType: "application/pdf",
            content: Buffer.from("%PDF-1.7 test").toString("base64"),
          },
        ],
      });
      expect(await sender.drain()).toBe(0);
      const [waiting] = await database.db.select().from(outboxMail).where(eq(outboxMail.subject, subject));
      expect(waiting).toMatchObject({ sentAt: null, attempts: 1 });
      expect(waiting?.lastError).toMatch(/451/);
      expect(waiting && waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

      refusing = false;
      // Make it due now instead of waiting out the backoff.
      await database.db
        .update(outboxMail)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(outboxMail.subject, subject));
      expect(await sender.drain()).toBe(1);
      expect(await sender.drain()).toBe(0);
      const delivered = smtp.mails.filter((mail) => mail.subject === subject);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]?.raw).toContain("filename=report.pdf");
      expect(delivered[0]?.raw).toContain(Buffer.from("%PDF-1.7 test").toString("base64"));
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it("carries a mail's extra headers and Reply-To through to SMTP", async () => {
    const smtp = await startSmtpCatcher();
    const transport = createSmtpTransport(smtp.url);
    const sender = createOutboxSender({ db: database.db, transport, from: "lab@test.local", logger });
    try {
      const subject = `Shared ${Date.now()}`;
      await enqueueMail(database.db, {
        to: ["contact@gmail.com"],
        subject,
        text: "Shared reports",
        replyTo: "customer@gmail.com",
        headers: {
          "List-Unsubscribe": "<https://lab.example/api/mail/unsubscribe?e=contact%40gmail.com&s=abc>",
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
      await sender.drain();
      const mail = await smtp.waitFor((m) => m.subject === subject);
      expect(mail.headers["reply-to"]).toBe("customer@gmail.com");
      expect(mail.headers.from).toBe("lab@test.local");
      expect(mail.headers["list-unsubscribe"]).toBe(
        "<https://lab.example/api/mail/unsubscribe?e=contact%40gmail.com&s=abc>",
      );
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it("never sends one mail twice when two senders drain at once", async () => {
    const sent: string[] = [];
    const slow: MailTransport = {
      kind: "smtp",
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(mail.subject);
      },
      close: () => undefined,
    };
    const tag = `bulk-${Date.now()}`;
    for (let i = 0; i < 30; i += 1) {
      await enqueueMail(database.db, { to: ["a@gmail.com"], subject: `${tag}-${i}`, text: "x" });
    }
    const a = createOutboxSender({
      db: database.db,
      transport: slow,
      from: "lab@test.local",
      logger,
      batchSize: 4,
    });
    const b = createOutboxSender({
      db: database.db,
      transport: slow,
      from: "lab@test.local",
      logger,
      batchSize: 4,
    });
    await Promise.all([a.drain(), b.drain(), a.drain()]);
    const mine = sent.filter((subject) => subject.startsWith(tag));
    expect(mine).toHaveLength(30);
    expect(new Set(mine).size).toBe(30);
  });

  it("backs off exponentially from 5 s up to an hour", () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([5, 10, 20, 40]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});

/** The transport boundary: refuses like an unreachable SMTP relay while `down`, then records what it sends. */
function flakyTransport() {
  const state = { down: true, tries: 0, sent: [] as (OutgoingMail & { at: number })[] };
  const transport: MailTransport = {
    kind: "smtp",
    async send(mail) {
      state.tries += 1;
      if (state.down)
        throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ECONNECTION" });
      state.sent.push({ ...mail, at: Date.now() });
    },
    close: () => undefined,
  };
  return { state, transport };
}

async function customer(email: string) {
  const row = await insertCustomerWithOrganisation(database.db, {
    email,
    fullName: "లక్ష్మీ దేవి",
    passwordHash: "x",
  });
  return { ...row, email };
}

const codeIn = (mail: OutgoingMail | undefined): string =>
  /(?:code|is): ([A-Z0-9]{6})\b/.exec(mail?.text ?? "")?.[1] ?? "";

describe("outbox sender after an SMTP outage", () => {
  it("sends a backlog built over a long outage within 10 s of SMTP's recovery, each mail exactly once", async () => {
    const { state, transport } = flakyTransport();
    const tag = `outage-${Date.now()}`;
    for (let i = 0; i < 25; i += 1) {
      await enqueueMail(database.db, { to: ["farmer@gmail.com"], subject: `${tag}-${i}`, text: "x" });
    }
    const sender = createOutboxSender({
      db: database.db,
      transport,
      from: "lab@test.local",
      logger,
      pollMs: 20,
      probeMs: 200,
    });
    try {
      expect(await sender.drain()).toBe(0);
      // A long outage leaves every mail several tries in, backing off for the better part of an hour.
      await database.db
        .update(outboxMail)
        .set({ attempts: 9, nextAttemptAt: new Date(Date.now() + 40 * 60_000) })
        .where(like(outboxMail.subject, `${tag}-%`));
      sender.start();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const triesWhileDown = state.tries;
      // Probing while down tries one mail at a time, not the whole backlog.
      expect(triesWhileDown).toBeLessThan(25 + 10);
      const backlog = await outboxBacklog(database.db);
      expect(backlog.pending).toBeGreaterThanOrEqual(25);

      const recovered = Date.now();
      state.down = false;
      const deadline = recovered + 10_000;
      while (state.sent.filter((m) => m.subject.startsWith(tag)).length < 25 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const mine = state.sent.filter((m) => m.subject.startsWith(tag));
      expect(mine).toHaveLength(25);
      const last = Math.max(...mine.map((m) => m.at));
      // Well inside 10 s: a probe every 200 ms here (5 s by default), then the whole backlog at once.
      expect(last - recovered).toBeLessThan(2000);
      expect(await sender.drain()).toBe(0);
      expect(new Set(mine.map((m) => m.subject)).size).toBe(25);
      const rows = await database.db
        .select()
        .from(outboxMail)
        .where(like(outboxMail.subject, `${tag}-%`));
      // The probes counted no attempt: a long outage does not use up a mail's tries.
      expect(rows.every((row) => row.sentAt !== null && row.attempts <= 10)).toBe(true);
    } finally {
      await sender.stop();
    }
  });

  it("sends verification and password-reset codes before older mail, without the outbox notes as headers", async () => {
    const { state, transport } = flakyTransport();
    state.down = false;
    const tag = `order-${Date.now()}`;
    for (let i = 0; i < 3; i += 1) {
      await enqueueMail(database.db, {
        to: ["farmer@gmail.com"],
        subject: `${tag}-newsletter-${i}`,
        text: "x",
      });
    }
    const verifying = await customer(`${tag}-v@gmail.com`);
    const resetting = await customer(`${tag}-r@gmail.com`);
    const ctx = createDomainContext({
      db: database.db,
      jwtSecret: "test-secret-that-is-long-enough-for-hs256",
    });
    await database.db.transaction((tx) => issueVerificationCode(tx, new Date(), verifying));
    await requestPasswordReset(ctx, resetting.email);
    const sender = createOutboxSender({ db: database.db, transport, from: "lab@test.local", logger });
    await sender.drain();
    const mine = state.sent.filter((m) => m.subject.startsWith(tag) || m.to[0]?.startsWith(tag));
    expect(mine.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your verification code/),
      expect.stringMatching(/^Your password reset code/),
      `${tag}-newsletter-0`,
      `${tag}-newsletter-1`,
      `${tag}-newsletter-2`,
    ]);
    expect(mine[0]?.headers).toBeUndefined();
  });

  it("replaces a code that expired while its mail waited with a fresh one that verifies, sent once", async () => {
    const { state, transport } = flakyTransport();
    const tag = `expired-${Date.now()}`;
    const person = await customer(`${tag}@gmail.com`);
    const queuedAt = new Date();
    await database.db.transaction((tx) => issueVerificationCode(tx, queuedAt, person));
    const [queued] = await database.db
      .select()
      .from(outboxMail)
      .where(eq(outboxMail.to, [person.email]));
    const oldCode = /code is: ([A-Z0-9]+)/.exec(queued?.text ?? "")?.[1] ?? "";
    expect(oldCode).not.toBe("");
    // SMTP comes back 10 minutes later: the 5-minute code has expired.
    let clock = new Date(queuedAt.getTime() + 10 * 60_000);
    const sender = createOutboxSender({
      db: database.db,
      transport,
      from: "lab@test.local",
      logger,
      now: () => clock,
    });
    expect(await sender.drain()).toBe(0);
    state.down = false;
    await database.db
      .update(outboxMail)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outboxMail.to, [person.email]));
    await sender.drain();
    await sender.drain();
    const mine = state.sent.filter((m) => m.to[0] === person.email);
    expect(mine).toHaveLength(1);
    const newCode = codeIn(mine[0]);
    expect(newCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(newCode).not.toBe(oldCode);
    expect(mine[0]?.html).toContain(newCode);
    const ctx = createDomainContext({
      db: database.db,
      jwtSecret: "test-secret-that-is-long-enough-for-hs256",
      now: () => clock,
    });
    clock = new Date(clock.getTime() + 60_000);
    expect(await verifyEmail(ctx, person.email, newCode)).toBe("verified");
  });

  it("sends a code mail as queued while its code is fresh", async () => {
    const { state, transport } = flakyTransport();
    state.down = false;
    const person = await customer(`fresh-${Date.now()}@gmail.com`);
    await database.db.transaction((tx) => issueVerificationCode(tx, new Date(), person));
    const [queued] = await database.db
      .select()
      .from(outboxMail)
      .where(eq(outboxMail.to, [person.email]));
    const sender = createOutboxSender({ db: database.db, transport, from: "lab@test.local", logger });
    await sender.drain();
    const mine = state.sent.filter((m) => m.to[0] === person.email);
    expect(mine.map((m) => m.text)).toEqual([queued?.text]);
  });

  it("keeps a waiting password-reset mail's code when a newer code is queued, so the newer code still works", async () => {
    const { state, transport } = flakyTransport();
    const tag = `reset-${Date.now()}`;
    const person = await customer(`${tag}@gmail.com`);
    const start = new Date();
    let clock = start;
    const ctx = createDomainContext({
      db: database.db,
      jwtSecret: "test-secret-that-is-long-enough-for-hs256",
      now: () => clock,
    });
    await requestPasswordReset(ctx, person.email);
    // Six minutes into the outage the customer asks again: a newer code is queued behind the first.
    clock = new Date(start.getTime() + 6 * 60_000);
    await requestPasswordReset(ctx, person.email);
    clock = new Date(start.getTime() + 7 * 60_000);
    const sender = createOutboxSender({
      db: database.db,
      transport,
      from: "lab@test.local",
      logger,
      now: () => clock,
    });
    expect(await sender.drain()).toBe(0);
    state.down = false;
    await database.db
      .update(outboxMail)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(outboxMail.to, [person.email]));
    await sender.drain();
    const mine = state.sent.filter((m) => m.to[0] === person.email);
    expect(mine).toHaveLength(2);
    const [first, newest] = mine.map(codeIn);
    // The first mail keeps its code: issuing another would kill the newer one the customer also gets.
    expect(first).toMatch(/^[A-Z0-9]{6}$/);
    expect(newest).not.toBe(first);
    const checked = await database.db.transaction((tx) =>
      checkCode(tx, clock, person.id, "reset", newest ?? ""),
    );
    expect(checked).toEqual({ ok: true });
  });

  it("replaces an expired password-reset code with a fresh one that resets", async () => {
    const { state, transport } = flakyTransport();
    const person = await customer(`reset-expired-${Date.now()}@gmail.com`);
    const start = new Date();
    let clock = start;
    const ctx = createDomainContext({
      db: database.db,
      jwtSecret: "test-secret-that-is-long-enough-for-hs256",
      now: () => clock,
    });
    await requestPasswordReset(ctx, person.email);
    const [queued] = await database.db
      .select()
      .from(outboxMail)
      .where(eq(outboxMail.to, [person.email]));
    const oldCode = /is: ([A-Z0-9]{6})\b/.exec(queued?.text ?? "")?.[1];
    clock = new Date(start.getTime() + 4.5 * 60_000);
    state.down = false;
    const sender = createOutboxSender({
      db: database.db,
      transport,
      from: "lab@test.local",
      logger,
      now: () => clock,
    });
    await sender.drain();
    const mine = state.sent.filter((m) => m.to[0] === person.email);
    expect(mine).toHaveLength(1);
    const newCode = codeIn(mine[0]);
    // 30 s left is too little to read and type it: a fresh code goes instead.
    expect(newCode).not.toBe(oldCode);
    const checked = await database.db.transaction((tx) => checkCode(tx, clock, person.id, "reset", newCode));
    expect(checked).toEqual({ ok: true });
  });
});
