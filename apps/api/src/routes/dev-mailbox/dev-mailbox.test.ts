import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApp } from "../../app";
import { appDepsOf, buildParts } from "../../composition";
import type { Effects } from "../../domain/unit-of-work";
import { createDevMailbox } from "../../mail/transport";
import type { DevMessage } from "../../messaging/dev-outbox";
import { queueMessages } from "../../messaging/queue";
import { whatsappMessage } from "../../messaging/whatsapp/whatsapp-templates";
import { startTestApp, TEST_JWT_SECRET, waitForMessages, type TestApp } from "../../test/harness";

const noEffects: Effects = { add: () => undefined };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Outbox {
  items: { to: string[]; subject: string }[];
  messages: DevMessage[];
}

describe("dev outbox page (/dev/mailbox)", () => {
  it("lists a WhatsApp message kept in the dev outbox with its Telugu body and its delivered status", async () => {
    const to = "+919440070001";
    const variables = { sample: "#51", link: "http://localhost:3000/verify/NSP-CERT-2026-000051" };
    await queueMessages(t.database.db, noEffects, [
      {
        channel: "whatsapp",
        to,
        template: "reportReleased",
        variables,
        language: "te",
        kind: "reportReleased",
      },
    ]);
    await waitForMessages(t, to, (messages) => messages[0]?.status === "delivered");
    const body = whatsappMessage("reportReleased", "te", variables).body;

    const json = await request(t.app).get("/dev/mailbox.json").expect(200);
    const outbox = json.body as Outbox;
    expect(outbox.items).toEqual([]);
    expect(outbox.messages.find((message) => message.to === to)).toMatchObject({
      channel: "whatsapp",
      template: "reportReleased",
      language: "te",
      status: "delivered",
      body,
    });

    const page = await request(t.app).get("/dev/mailbox").expect(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.text).toContain("Dev outbox");
    expect(page.text).toMatch(
      new RegExp(
        `data-testid="dev-message" data-channel="whatsapp" data-status="delivered" data-to="\\${to}"`,
      ),
    );
    expect(page.text).toContain(`<pre lang="te" data-testid="dev-message-body">${body}</pre>`);
    expect(page.text).toContain('<span class="badge whatsapp">WhatsApp</span>');
  });

  it("shows mails and phone messages in one list, newest first, every text escaped", async () => {
    const mailbox = createDevMailbox(mkdtempSync(join(tmpdir(), "lab-mailbox-")));
    await mailbox.transport.send({
      from: "lab@test.local",
      to: ["ravi@gmail.com"],
      subject: "Your verification code: AB2CD3",
      text: "Code <AB2CD3>",
      attachments: [],
    });
    const message = (at: string, body: string): DevMessage => ({
      id: 1,
      channel: "sms",
      to: "+919440070002",
      kind: "code",
      template: "code",
      language: "en",
      body,
      status: "failed",
      reason: "invalid <destination>",
      createdAt: at,
      sentAt: null,
      deliveredAt: null,
      readAt: null,
      failedAt: at,
    });
    const app = createApp({
      database: t.database,
      logger: pino({ level: "silent" }),
      jwtSecret: TEST_JWT_SECRET,
      mailQueued: () => undefined,
      rateLimit: false,
      devMailbox: mailbox.list,
      devOutbox: () =>
        Promise.resolve([
          message(new Date(Date.now() + 60_000).toISOString(), "123456 is your <code>"),
          message(new Date(0).toISOString(), "old"),
        ]),
    });
    const page = await request(app).get("/dev/mailbox").expect(200);
    const newer = page.text.indexOf("123456 is your &#60;code&#62;");
    const mail = page.text.indexOf("Code &#60;AB2CD3&#62;");
    const older = page.text.indexOf(">old</pre>");
    expect([newer, mail, older].every((at) => at > 0)).toBe(true);
    expect(newer).toBeLessThan(mail);
    expect(mail).toBeLessThan(older);
    expect(page.text).toContain("failed: invalid &#60;destination&#62;");
    const json = await request(app).get("/dev/mailbox.json").expect(200);
    expect((json.body as Outbox).items[0]).toMatchObject({ subject: "Your verification code: AB2CD3" });
    expect((json.body as Outbox).messages).toHaveLength(2);
  });

  it("is not offered in production, nor for channels that have a provider", async () => {
    const base = {
      production: false,
      port: 0,
      databaseUrl: undefined,
      dataDir: mkdtempSync(join(tmpdir(), "lab-data-")),
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: "lab@test.local",
      jwtSecret: TEST_JWT_SECRET,
      publicUrl: "http://localhost:3000",
      emailCheckDns: false,
      rateLimit: false,
      webDistDir: "",
      logLevel: "silent" as const,
      trustProxy: false as const,
      metricsToken: undefined,
      realtimeSessionsPerAccount: 20,
      labSimulator: undefined,
      labAdmin: undefined,
      labEnquiryEmail: "lab@test.local",
      sms: undefined,
      whatsapp: undefined,
    };
    const overrides = {
      database: t.database,
      redis: null,
      realtime: null,
      renderPool: null,
      mxLookup: null,
      logger: pino({ level: "silent" }),
    };
    const development = await buildParts(base, overrides);
    const production = await buildParts({ ...base, production: true }, overrides);
    const whatsappConfigured = await buildParts(
      {
        ...base,
        whatsapp: {
          apiUrl: "http://127.0.0.1:9/v21.0",
          token: "token",
          phoneNumberId: "1",
          appSecret: "secret",
          verifyToken: undefined,
        },
      },
      overrides,
    );
    try {
      expect(appDepsOf(development).devOutbox).toBeDefined();
      expect(appDepsOf(development).whatsappWebhook).toBeUndefined();
      expect(appDepsOf(production).devOutbox).toBeUndefined();
      expect(appDepsOf(production).devMailbox).toBeUndefined();
      await request(createApp(appDepsOf(production)))
        .get("/dev/mailbox.json")
        .expect(404);
      // WhatsApp has its Cloud API: only SMS is kept, and Meta's webhook is wired.
      const kept = appDepsOf(whatsappConfigured);
      expect(kept.whatsappWebhook).toMatchObject({ appSecret: "secret" });
      const revoked = { template: "reportRevoked", variables: { sample: "#52" }, language: "en" } as const;
      await queueMessages(t.database.db, noEffects, [
        { ...revoked, channel: "whatsapp", to: "+919440070003", kind: "reportRevoked" },
        { ...revoked, channel: "sms", to: "+919440070003", kind: "reportRevoked" },
      ]);
      const listed = (await kept.devOutbox?.()) ?? [];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((message) => message.channel === "sms")).toBe(true);
    } finally {
      await Promise.all([development.close(), production.close(), whatsappConfigured.close()]);
    }
  });
});
