import { randomUUID } from "node:crypto";
import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import { createTestDatabase } from "@lab/db/testing";
import { outboxMessages, type Database, type OutboxMessageRow } from "@lab/db";
import { asc, eq } from "drizzle-orm";
import type { Express } from "express";
import type { Redis } from "ioredis";
import { pino, type Logger } from "pino";
import request from "supertest";

import { createApp } from "../app";
import { appDepsOf, buildParts } from "../composition";
import type { MxLookup } from "../infra/email-check";
import { DEFAULT_LAB_ENQUIRY_EMAIL, testEnv, type Config, type TrustProxy } from "../env";
import type { MessageSender } from "../jobs/message-sender";
import type { OutboxSender } from "../jobs/outbox-sender";
import { createSmtpTransport } from "../mail/transport";
import type { SmsChannel, WhatsAppChannel } from "../messaging/channels";
import type { Realtime } from "../realtime/realtime";
import { startSmtpCatcher, type SmtpCatcher } from "./smtp-catcher";

export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-signing";
export const STRONG_PASSWORD = "Shrimp#2024";

/** A controllable clock for expiry rules. */
export function testClock(start = Date.now()) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(seconds: number) {
      t += seconds * 1000;
    },
  };
}

/** A test process's configuration: what the harness does not replace through buildParts' overrides. */
function testConfig(trustProxy: TrustProxy, rateLimit: boolean): Config {
  return {
    production: false,
    port: 0,
    databaseUrl: testEnv.databaseUrl,
    dataDir: "",
    redisUrl: undefined,
    smtpUrl: undefined,
    mailFrom: "lab@test.local",
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: "http://localhost:3000",
    emailCheckDns: false,
    rateLimit,
    // No SPA: /api and /dev only.
    webDistDir: "",
    logLevel: "silent",
    trustProxy,
    metricsToken: undefined,
    realtimeSessionsPerAccount: 20,
    labSimulator: undefined,
    labAdmin: undefined,
    labEnquiryEmail: DEFAULT_LAB_ENQUIRY_EMAIL,
    sms: undefined,
    whatsapp: undefined,
  };
}

export interface TestApp {
  app: Express;
  /** Set when started with realtime: the listening server's base URL and the realtime endpoint. */
  baseUrl: string;
  realtime: Realtime | undefined;
  database: Database;
  smtp: SmtpCatcher;
  outbox: OutboxSender;
  /** The SMS and WhatsApp sender, running (the dev outbox's channels unless the test gave its own). */
  messages: MessageSender;
  clock: ReturnType<typeof testClock>;
  close(): Promise<void>;
}

/** The real app on a fresh database, with mail going over SMTP to a catcher. */
export async function startTestApp(
  options: {
    rateLimit?: boolean;
    redis?: Redis;
    mxLookup?: MxLookup;
    database?: Database;
    /** Serve /api/ws on a real listening server (heart-beats in ms). */
    realtime?: { heartbeatMs?: number; redis?: Redis; channel?: string };
    /** The HTTP app's logger (request lines and errors), to read what it logs; silent when absent. */
    logger?: Logger;
    /**
     * TRUST_PROXY; `true` makes the test client (loopback) the trusted proxy, so its
     * X-Forwarded-For/-Proto play clients at several addresses or over https.
     */
    trustProxy?: true | TrustProxy;
    /** Called after a submission committed (a test's dispatcher wake-up). */
    samplesSubmitted?: () => void;
    /** Rate-limit keys; each app gets its own unless two must share (Redis outlives test runs). */
    rateLimitNamespace?: string;
    /** Phone channels of the test's own (a fake SMSC's client, a fake Cloud API's); the dev outbox's otherwise. */
    sms?: SmsChannel;
    whatsapp?: WhatsAppChannel;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(testEnv.databaseUrl));
  const smtp = await startSmtpCatcher();
  const transport = createSmtpTransport(smtp.url);
  const clock = testClock();
  const config = testConfig(
    options.trustProxy === true ? ["127.0.0.1", "::1"] : (options.trustProxy ?? false),
    options.rateLimit ?? false,
  );
  const parts = await buildParts(config, {
    logger: pino({ level: "silent" }),
    appLogger: options.logger,
    database,
    redis: options.redis ?? null,
    transport,
    outboxPollMs: 50,
    sms: options.sms,
    whatsapp: options.whatsapp,
    messagesPollMs: 100,
    now: clock.now,
    bcryptCost: 10,
    mxLookup: options.mxLookup ?? null,
    realtime: options.realtime
      ? {
          heartbeatMs: options.realtime.heartbeatMs,
          redis: options.realtime.redis,
          channel: options.realtime.channel,
        }
      : null,
    samplesSubmitted: options.samplesSubmitted,
  });
  // Of the jobs only the outboxes run: a test runs the others when it means to.
  const { outbox, messages, realtime } = parts;
  outbox.start();
  messages.start();
  const app = createApp({
    ...appDepsOf(parts),
    rateLimitNamespace: options.rateLimitNamespace ?? `rl-test-${randomUUID()}`,
  });
  let server: Server | undefined;
  let baseUrl = "";
  if (realtime) {
    const listening = app.listen(0, "127.0.0.1");
    await once(listening, "listening");
    realtime.attach(listening);
    server = listening;
    baseUrl = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  }
  return {
    app,
    baseUrl,
    realtime,
    database,
    smtp,
    outbox,
    messages,
    clock,
    async close() {
      if (realtime && server) {
        await realtime.shutdown(0);
        server.closeAllConnections();
        await new Promise((resolve) => server?.close(resolve));
      }
      await parts.close();
      transport.close();
      await smtp.close();
      if (!options.database) await database.close();
    },
  };
}

export function codeFrom(subject: string): string {
  const code = /verification code: ([A-Z0-9]{6})$/.exec(subject)?.[1];
  if (!code) throw new Error(`no code in subject "${subject}"`);
  return code;
}

/** The newest code mailed to an address, waiting for it if need be. */
export async function latestCode(t: TestApp, email: string, after = 0): Promise<string> {
  await t.smtp.waitFor((mail) => mail.to.includes(email) && t.smtp.mails.indexOf(mail) >= after);
  const mine = t.smtp.mails.filter((mail) => mail.to.includes(email));
  const last = mine[mine.length - 1];
  if (!last) throw new Error("no mail");
  return codeFrom(last.subject);
}

/** The SMS and WhatsApp messages queued for a number (E.164), oldest first. */
export const messagesTo = (t: Pick<TestApp, "database">, phone: string): Promise<OutboxMessageRow[]> =>
  t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, phone))
    .orderBy(asc(outboxMessages.id));

/**
 * Waits until the messages to a number satisfy `done` (say, all delivered), draining the sender
 * meanwhile; answers them.
 */
export async function waitForMessages(
  t: Pick<TestApp, "database" | "messages">,
  phone: string,
  done: (messages: OutboxMessageRow[]) => boolean,
  timeoutMs = 5000,
): Promise<OutboxMessageRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.messages.drain();
    const messages = await messagesTo(t, phone);
    if (done(messages)) return messages;
    if (Date.now() > deadline)
      throw new Error(
        `messages to ${phone} never got there: ${JSON.stringify(messages.map((m) => m.status))}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let counter = 0;
export const uniqueEmail = (prefix = "farmer"): string =>
  `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@gmail.com`;

/** Registers, verifies and signs in a customer; answers its id and token. */
export async function signedInCustomer(t: TestApp, fullName = "Ravi Kumar") {
  const email = uniqueEmail();
  const registered = await request(t.app)
    .post("/api/customers/register")
    .send({ fullName, email, password: STRONG_PASSWORD })
    .expect(201);
  const code = await latestCode(t, email);
  await request(t.app).post("/api/auth/verify-email").send({ email, code }).expect(200);
  const login = await request(t.app)
    .post("/api/customers/login")
    .send({ email, password: STRONG_PASSWORD })
    .expect(200);
  return {
    id: (registered.body as { id: number }).id,
    email,
    token: (login.body as { accessToken: string }).accessToken,
  };
}
