import { outboxMail } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { testEnv } from "../env";
import { enqueueMail } from "../mail/outbox";
import { createSmtpTransport, type MailTransport } from "../mail/transport";
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
