import { outboxMessageParts, outboxMessages, type Database, type OutboxMessageRow } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";

import type { Effects } from "../domain/unit-of-work";
import { testEnv } from "../env";
import { ChannelError, type DeliveryReport, type SmsChannel } from "../messaging/channels";
import { queueMessages, type AnyQueuedMessage } from "../messaging/queue";
import { createSmppChannel } from "../messaging/sms/smpp-channel";
import { createWhatsAppChannel } from "../messaging/whatsapp/cloud-api-channel";
import { startFakeCloudApi, type FakeCloudApi } from "../test/fake-cloud-api";
import { startFakeSmsc, type FakeSmsc } from "../test/fake-smsc";
import { createMessageSender, type MessageSender } from "./message-sender";

const logger = pino({ level: "silent" });

// Each test its own database: a sender claims every due message it finds.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const later = (cleanup: () => Promise<unknown>) => cleanups.push(cleanup);

async function database(): Promise<Database> {
  const db = await createTestDatabase(testEnv.databaseUrl);
  later(() => db.close());
  return db;
}

async function smsc(): Promise<FakeSmsc> {
  const server = await startFakeSmsc();
  later(() => server.close());
  return server;
}

/** Until the channel has bound, a submit is refused as "not bound" (and retried): tests start bound. */
const bound = (server: FakeSmsc, sessions = 1) =>
  waitFor(
    () => Promise.resolve(server.boundSessions),
    (count) => count >= sessions,
  );

async function cloudApi(): Promise<FakeCloudApi> {
  const server = await startFakeCloudApi();
  later(() => server.close());
  return server;
}

function smppChannel(server: FakeSmsc): SmsChannel {
  const channel = createSmppChannel({
    url: server.url,
    dltEntityId: "1101234567890123456",
    sender: "AQUATL",
    ratePerSecond: 100,
    window: 10,
    logger,
  });
  later(() => channel.close());
  return channel;
}

function whatsappChannel(server: FakeCloudApi) {
  const channel = createWhatsAppChannel({
    apiUrl: server.url,
    token: server.token,
    phoneNumberId: server.phoneNumberId,
    logger,
  });
  later(() => channel.close());
  return channel;
}

function sender(options: Parameters<typeof createMessageSender>[0]): MessageSender {
  const made = createMessageSender(options);
  later(() => made.stop());
  return made;
}

/** Effects outside a unit of work: each test drains its sender itself instead of being woken. */
const noEffects: Effects = { add: () => undefined };

const codeSms = (to: string, code = "482913"): AnyQueuedMessage => ({
  channel: "sms",
  to,
  template: "code",
  variables: { code, minutes: "5" },
  language: "en",
  kind: "code",
});

const reportWhatsApp = (to: string, smsFallback: boolean): AnyQueuedMessage => ({
  channel: "whatsapp",
  to,
  template: "reportReleased",
  variables: { sample: "#17", link: "http://localhost:3000/verify/NSP-CERT-2026-000017" },
  language: "te",
  kind: "reportReleased",
  sampleId: null,
  smsFallback,
});

async function queue(db: Database, ...messages: AnyQueuedMessage[]): Promise<OutboxMessageRow[]> {
  return queueMessages(db.db, noEffects, messages);
}

const rows = (db: Database) => db.db.select().from(outboxMessages).orderBy(asc(outboxMessages.id));

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** An SMS channel that is down (the SMSC unreachable) until `up` is set, counting what it is offered. */
function flakySms(refusal: () => ChannelError | undefined) {
  const taken: string[] = [];
  let offered = 0;
  const channel: SmsChannel = {
    submit(sms) {
      offered += 1;
      const error = refusal();
      if (error) return Promise.reject(error);
      taken.push(sms.text);
      return Promise.resolve({ providerIds: [`flaky-${String(sms.messageId)}-${String(taken.length)}`] });
    },
    onReport: () => undefined,
    close: () => Promise.resolve(),
  };
  return { channel, taken, offered: () => offered };
}

const down = () => new ChannelError("SMSC unreachable", false, "not bound");

describe("message sender, SMS over SMPP", () => {
  it("submits a queued SMS once with its DLT fields, stores its SMSC id and part, and the receipt marks it delivered", async () => {
    const db = await database();
    const server = await smsc();
    const messages = sender({
      db: db.db,
      sms: smppChannel(server),
      whatsapp: whatsappChannel(await cloudApi()),
      logger,
    });
    await bound(server);
    const [queued] = await queue(db, codeSms("+919440012345"));

    expect(
      await waitFor(
        () => messages.drain(),
        (sent) => sent === 1,
      ),
    ).toBe(1);
    expect(await messages.drain()).toBe(0);

    expect(server.submits).toHaveLength(1);
    const [submit] = server.submits;
    expect(submit).toMatchObject({
      destinationAddr: "919440012345",
      sourceAddr: "AQUATL",
      tlvs: { peId: "1101234567890123456", templateId: "1000000000000001001" },
    });
    expect(submit?.text).toContain("482913");
    const [sent] = await rows(db);
    expect(sent).toMatchObject({
      id: queued?.id,
      status: "sent",
      providerId: submit?.messageId,
      attempts: 1,
    });
    expect(sent?.sentAt).toBeInstanceOf(Date);
    const parts = await db.db.select().from(outboxMessageParts);
    expect(parts).toEqual([
      expect.objectContaining({ messageId: queued?.id, part: 1, providerId: submit?.messageId }),
    ]);

    await server.sendReceipt(submit?.messageId ?? "", "DELIVRD");
    const [delivered] = await waitFor(
      () => rows(db),
      ([row]) => row?.status === "delivered",
    );
    expect(delivered?.deliveredAt).toBeInstanceOf(Date);
  });

  it("a receipt saying the SMS was not delivered fails it with the SMSC's words", async () => {
    const db = await database();
    const server = await smsc();
    const messages = sender({
      db: db.db,
      sms: smppChannel(server),
      whatsapp: whatsappChannel(await cloudApi()),
      logger,
    });
    await bound(server);
    await queue(db, codeSms("+919440012346"));
    await waitFor(
      () => messages.drain(),
      (sent) => sent === 1,
    );
    await server.sendReceipt(server.submits[0]?.messageId ?? "", "UNDELIV", { err: "011" });
    const [failed] = await waitFor(
      () => rows(db),
      ([row]) => row?.status === "failed",
    );
    expect(failed?.statusReason).toMatch(/UNDELIV/);
    expect(failed?.failedAt).toBeInstanceOf(Date);
  });

  it("a restart: a new sender over the same database sends what is still queued, and nothing twice", async () => {
    const db = await database();
    const server = await smsc();
    const whatsapp = whatsappChannel(await cloudApi());
    const first = sender({ db: db.db, sms: smppChannel(server), whatsapp, logger });
    await bound(server);
    await queue(db, codeSms("+919440010001", "100001"), codeSms("+919440010002", "100002"));
    await waitFor(
      () => first.drain(),
      (sent) => sent === 2,
    );
    await first.stop();

    await queue(db, codeSms("+919440010003", "100003"));
    const second = sender({ db: db.db, sms: smppChannel(server), whatsapp, logger });
    await bound(server, 2);
    expect(
      await waitFor(
        () => second.drain(),
        (sent) => sent === 1,
      ),
    ).toBe(1);
    expect(await second.drain()).toBe(0);

    expect(server.submits.map((submit) => submit.destinationAddr)).toEqual([
      "919440010001",
      "919440010002",
      "919440010003",
    ]);
    expect((await rows(db)).map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("two senders draining at once never submit one message twice", async () => {
    const db = await database();
    const server = await smsc();
    server.responseDelayMs = 5;
    const whatsapp = whatsappChannel(await cloudApi());
    const a = sender({ db: db.db, sms: smppChannel(server), whatsapp, logger, batchSize: 3 });
    const b = sender({ db: db.db, sms: smppChannel(server), whatsapp, logger, batchSize: 3 });
    await bound(server, 2);
    const numbers = Array.from({ length: 12 }, (_, i) => `+9194400200${String(i).padStart(2, "0")}`);
    await queue(db, ...numbers.map((to) => codeSms(to)));
    const drainBoth = async () => {
      await Promise.all([a.drain(), b.drain()]);
      return rows(db);
    };
    await waitFor(drainBoth, (all) => all.every((row) => row.status === "sent"));
    expect(server.submits.map((submit) => `+${submit.destinationAddr}`).sort()).toEqual(numbers);
  });
});

describe("message sender, retries", () => {
  it("keeps an SMS while the channel is down, backing off, then sends it once when a probe finds it back", async () => {
    const db = await database();
    let up = false;
    const flaky = flakySms(() => (up ? undefined : down()));
    const messages = sender({
      db: db.db,
      sms: flaky.channel,
      whatsapp: whatsappChannel(await cloudApi()),
      logger,
      probeMs: 0,
    });
    await queue(db, codeSms("+919440030001"));

    expect(await messages.drain()).toBe(0);
    const [waiting] = await rows(db);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1, lastError: "SMSC unreachable" });
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Still down: the probe tries it early without counting an attempt, and it keeps its backoff.
    expect(await messages.drain()).toBe(0);
    const [probed] = await rows(db);
    expect(probed).toMatchObject({ status: "queued", attempts: 1 });
    expect(probed?.nextAttemptAt.getTime()).toBe(waiting?.nextAttemptAt.getTime());

    up = true;
    expect(await messages.drain()).toBe(1);
    expect(await messages.drain()).toBe(0);
    expect(flaky.taken).toHaveLength(1);
    expect((await rows(db))[0]).toMatchObject({ status: "sent", lastError: null });
  });

  it("backs off exponentially, or as long as the provider asked", async () => {
    const db = await database();
    let refusal = down();
    const flaky = flakySms(() => refusal);
    const messages = sender({
      db: db.db,
      sms: flaky.channel,
      whatsapp: whatsappChannel(await cloudApi()),
      logger,
    });
    const [queued] = await queue(db, codeSms("+919440030002"));
    const due = async () => {
      await db.db
        .update(outboxMessages)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(outboxMessages.id, queued?.id ?? 0));
      const before = Date.now();
      await messages.drain();
      const [row] = await rows(db);
      return Math.round(((row?.nextAttemptAt.getTime() ?? 0) - before) / 1000);
    };
    expect(await due()).toBeCloseTo(5, 0);
    expect(await due()).toBeCloseTo(10, 0);
    expect(await due()).toBeCloseTo(20, 0);
    refusal = new ChannelError("throttled", false, "429", 90_000);
    expect(await due()).toBeCloseTo(90, 0);
  });

  it("fails a message the channel refuses for good with the channel's reason, and never offers it again", async () => {
    const db = await database();
    const flaky = flakySms(() => new ChannelError("ESME_RINVDSTADR", true, "invalid destination address"));
    const messages = sender({
      db: db.db,
      sms: flaky.channel,
      whatsapp: whatsappChannel(await cloudApi()),
      logger,
    });
    await queue(db, codeSms("+919440030003"));
    expect(await messages.drain()).toBe(0);
    expect(await messages.drain()).toBe(0);
    expect(flaky.offered()).toBe(1);
    const [failed] = await rows(db);
    expect(failed).toMatchObject({ status: "failed", statusReason: "invalid destination address" });
    expect(failed?.failedAt).toBeInstanceOf(Date);
  });

  it("gives up after the last attempt: failed, 'gave up after N attempts'", async () => {
    const db = await database();
    const flaky = flakySms(down);
    const messages = sender({
      db: db.db,
      sms: flaky.channel,
      whatsapp: whatsappChannel(await cloudApi()),
      logger,
      maxAttempts: 3,
      probeMs: 60_000,
    });
    const [queued] = await queue(db, codeSms("+919440030004"));
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await db.db
        .update(outboxMessages)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(outboxMessages.id, queued?.id ?? 0));
      await messages.drain();
    }
    expect(flaky.offered()).toBe(3);
    expect((await rows(db))[0]).toMatchObject({
      status: "failed",
      statusReason: "gave up after 3 attempts",
      lastError: "SMSC unreachable",
    });
  });

  it("an SMS channel that is down holds back no WhatsApp message", async () => {
    const db = await database();
    const api = await cloudApi();
    const flaky = flakySms(down);
    const messages = sender({ db: db.db, sms: flaky.channel, whatsapp: whatsappChannel(api), logger });
    await queue(db, codeSms("+919440030005"), reportWhatsApp("+919440030006", false));
    expect(await messages.drain()).toBe(1);
    expect(api.messages).toHaveLength(1);
    expect((await rows(db)).map((row) => [row.channel, row.status])).toEqual([
      ["sms", "queued"],
      ["whatsapp", "sent"],
    ]);
  });
});

describe("message sender, WhatsApp", () => {
  it("sends an approved template in the reader's language and stores its wamid", async () => {
    const db = await database();
    const api = await cloudApi();
    const messages = sender({
      db: db.db,
      sms: smppChannel(await smsc()),
      whatsapp: whatsappChannel(api),
      logger,
    });
    await queue(db, reportWhatsApp("+919440040001", true));
    expect(await messages.drain()).toBe(1);
    expect(api.messages).toEqual([
      expect.objectContaining({
        to: "919440040001",
        template: "aquatest_report_released",
        languageCode: "te",
        bodyParameters: ["#17", "http://localhost:3000/verify/NSP-CERT-2026-000017"],
      }),
    ]);
    expect((await rows(db))[0]).toMatchObject({ status: "sent", providerId: api.messages[0]?.wamid });
  });

  it("a WhatsApp message refused for good fails with the Cloud API's reason, and its SMS stand-in goes once in the same pass", async () => {
    const db = await database();
    const api = await cloudApi();
    const server = await smsc();
    const messages = sender({ db: db.db, sms: smppChannel(server), whatsapp: whatsappChannel(api), logger });
    await bound(server);
    const [original] = await queue(db, reportWhatsApp("+919440040002", true));
    api.failNext({ kind: "invalidRecipient" });

    expect(
      await waitFor(
        () => messages.drain(),
        (sent) => sent === 1,
      ),
    ).toBe(1);
    expect(await messages.drain()).toBe(0);
    const [failed, standIn] = await rows(db);
    expect(failed).toMatchObject({ channel: "whatsapp", status: "failed" });
    expect(failed?.statusReason).toMatch(/131026|Undeliverable/i);
    expect(standIn).toMatchObject({
      channel: "sms",
      status: "sent",
      fallbackOf: original?.id,
      template: "reportReleased",
      language: "te",
      recipient: "+919440040002",
      variables: original?.variables,
    });
    // One SMS, in as many parts as its Telugu text takes (UCS-2), each submitted once.
    const parts = await db.db
      .select()
      .from(outboxMessageParts)
      .where(eq(outboxMessageParts.messageId, standIn?.id ?? 0));
    expect(server.submits.length).toBe(parts.length);
    expect(new Set(server.submits.map((submit) => submit.destinationAddr))).toEqual(
      new Set(["919440040002"]),
    );
    expect(new Set(server.submits.map((submit) => submit.udh?.reference))).toHaveProperty("size", 1);
    expect(server.submits.map((submit) => submit.udh?.total ?? 1)).toEqual(
      server.submits.map(() => parts.length),
    );
  });

  it("a WhatsApp message refused for good without SMS fallback gets no stand-in", async () => {
    const db = await database();
    const api = await cloudApi();
    const server = await smsc();
    const messages = sender({ db: db.db, sms: smppChannel(server), whatsapp: whatsappChannel(api), logger });
    await queue(db, reportWhatsApp("+919440040003", false));
    api.failNext({ kind: "invalidRecipient" });
    expect(await messages.drain()).toBe(0);
    expect((await rows(db)).map((row) => [row.channel, row.status])).toEqual([["whatsapp", "failed"]]);
    expect(server.submits).toHaveLength(0);
  });

  it("a WhatsApp message the Cloud API rate-limits waits as long as it was told and then goes", async () => {
    const db = await database();
    const api = await cloudApi();
    const messages = sender({
      db: db.db,
      sms: smppChannel(await smsc()),
      whatsapp: whatsappChannel(api),
      logger,
    });
    await queue(db, reportWhatsApp("+919440040004", false));
    api.failNext({ kind: "rateLimit", retryAfterSeconds: 30 });
    const before = Date.now();
    expect(await messages.drain()).toBe(0);
    const [waiting] = await rows(db);
    expect(waiting?.status).toBe("queued");
    expect(Math.round(((waiting?.nextAttemptAt.getTime() ?? 0) - before) / 1000)).toBeCloseTo(30, 0);
    await db.db.update(outboxMessages).set({ nextAttemptAt: new Date(0) });
    expect(await messages.drain()).toBe(1);
    expect(api.messages).toHaveLength(1);
  });
});

describe("message sender, receipts that outrun the submit's answer", () => {
  it("a receipt arriving before the message's id is stored is applied once it is", async () => {
    const db = await database();
    const listeners: ((report: DeliveryReport) => void | Promise<void>)[] = [];
    // An SMSC that sends the receipt before it answers the submit.
    const eager: SmsChannel = {
      async submit(sms) {
        const providerId = `eager-${String(sms.messageId)}`;
        for (const listener of listeners) await listener({ providerId, status: "delivered", at: new Date() });
        return { providerIds: [providerId] };
      },
      onReport: (listener) => void listeners.push(listener),
      close: () => Promise.resolve(),
    };
    const messages = sender({ db: db.db, sms: eager, whatsapp: whatsappChannel(await cloudApi()), logger });
    await queue(db, codeSms("+919440050001"));
    expect(await messages.drain()).toBe(1);
    const [row] = await waitFor(
      () => rows(db),
      ([message]) => message?.status === "delivered",
    );
    expect(row?.providerId).toBe(`eager-${String(row?.id)}`);
  });
});
