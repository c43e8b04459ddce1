// The one place a process's parts are made from its configuration: the server, the staff CLI, the test
// harness and the benches build them here, replacing what they must through `overrides` (a test's
// database, clock and mail catcher). createApp (app.ts) turns the parts into the HTTP app; listening,
// starting the jobs and the shutdown order stay with the entry that runs them.
import { join } from "node:path";

import { createDatabase, type Database } from "@lab/db";
import { Redis } from "ioredis";
import { pino, type Logger } from "pino";

import type { AppDeps } from "./app";
import { createDomainContext, type DomainContext } from "./domain/context";
import type { Config } from "./env";
import { createMxLookup, type MxLookup } from "./infra/email-check";
import { lazyGazetteer, type Gazetteer } from "./infra/places";
import { createSessionStore, type SessionStore } from "./infra/sessions";
import { createDispatcher, type Dispatcher } from "./jobs/dispatcher";
import { createLabSimulator } from "./jobs/lab-simulator";
import { createMessageSender, type MessageSender } from "./jobs/message-sender";
import { createOutboxSender, type OutboxSender } from "./jobs/outbox-sender";
import { createReportDocumentJob } from "./jobs/report-documents";
import { createTokenService, type TokenService } from "./lib/tokens";
import {
  createDevMailbox,
  createSmtpTransport,
  type MailboxEntry,
  type MailTransport,
} from "./mail/transport";
import type { SmsChannel, WhatsAppChannel } from "./messaging/channels";
import { createDevOutbox, listDevMessages, type DevMessage } from "./messaging/dev-outbox";
import { createSmppChannel } from "./messaging/sms/smpp-channel";
import { checkSmsTemplates } from "./messaging/sms/sms-templates";
import { createWhatsAppChannel } from "./messaging/whatsapp/cloud-api-channel";
import { createProcessRenderPool, type RenderPool } from "./pdf/render-pool";
import { createRealtime, type Realtime } from "./realtime/realtime";

/** A background job as the entries run it: started once the server listens, stopped on shutdown. */
export interface BackgroundJob {
  start(): unknown;
  stop(): Promise<void>;
}

/** The real-time endpoint's settings where a test picks its own (its Redis, channel, heart-beats). */
export interface RealtimeSettings {
  heartbeatMs?: number | undefined;
  redis?: Redis | undefined;
  channel?: string | undefined;
}

/** Parts a test, bench or tool brings instead of those the configuration names; they stay the caller's to close. */
export interface PartOverrides {
  logger?: Logger | undefined;
  /** Where the HTTP app and its domain context log (request lines, errors); the process's logger when absent. */
  appLogger?: Logger | undefined;
  /** A database the caller made and migrated: the app and the jobs share it. */
  database?: Database | undefined;
  /** The rate limits' and the real-time fan-out's Redis; null: none, whatever REDIS_URL says. */
  redis?: Redis | null | undefined;
  transport?: MailTransport | undefined;
  /** How often the outbox sender looks for mail without being nudged. */
  outboxPollMs?: number | undefined;
  /** The SMS channel (a test's SMPP client to its SMSC) instead of SMPP_URL's or the dev outbox. */
  sms?: SmsChannel | undefined;
  /** The WhatsApp channel (a test's client of its fake Cloud API) instead of the configured one. */
  whatsapp?: WhatsAppChannel | undefined;
  /** How often the message sender looks for SMS and WhatsApp messages without being nudged. */
  messagesPollMs?: number | undefined;
  now?: (() => Date) | undefined;
  bcryptCost?: number | undefined;
  /** The e-mail check's MX lookup; null: none, whatever EMAIL_CHECK_DNS says. */
  mxLookup?: MxLookup | null | undefined;
  tokens?: TokenService | undefined;
  sessions?: SessionStore | undefined;
  /** The real-time endpoint's own settings; null: none (committed changes are published nowhere). */
  realtime?: RealtimeSettings | null | undefined;
  /** Called after a submission committed; this process's dispatcher's wake-up when absent. */
  samplesSubmitted?: (() => void) | undefined;
  /** null: certificates rendered inline. */
  renderPool?: RenderPool | null | undefined;
  gazetteer?: (() => Gazetteer) | undefined;
}

export interface Parts {
  config: Config;
  logger: Logger;
  appLogger: Logger;
  database: Database;
  /** The jobs' own few connections (the same database with PGlite or a caller's database). */
  jobsDatabase: Database;
  redis: Redis | undefined;
  transport: MailTransport;
  /** The development mailbox's reader, when mail goes there rather than to SMTP. */
  devMailbox: ((limit?: number) => Promise<MailboxEntry[]>) | undefined;
  outbox: OutboxSender;
  /** Sends the SMS and WhatsApp outbox. */
  messages: MessageSender;
  /** The dev outbox's phone messages, when a channel has no provider configured (or given). */
  devOutbox: ((limit?: number) => Promise<DevMessage[]>) | undefined;
  tokens: TokenService;
  sessions: SessionStore;
  realtime: Realtime | undefined;
  renderPool: RenderPool | null;
  /** The place index, built on first use. */
  gazetteer: () => Gazetteer;
  /** The HTTP app's context. */
  context: DomainContext;
  /** The jobs' and the CLI's context, on the jobs' connections. */
  jobsContext: DomainContext;
  dispatcher: Dispatcher;
  simulator: BackgroundJob | undefined;
  /** Background jobs (src/jobs): a new job is its file and an entry here. Made, not started. */
  jobs: BackgroundJob[];
  /** Stops the jobs and closes what buildParts opened; what came in `overrides` stays open. */
  close(): Promise<void>;
}

export async function buildParts(config: Config, overrides: PartOverrides = {}): Promise<Parts> {
  const logger = overrides.logger ?? pino({ level: config.logLevel });
  const appLogger = overrides.appLogger ?? logger;
  const opened: (() => unknown)[] = [];

  let database = overrides.database;
  let jobsDatabase = overrides.database;
  if (!database) {
    const own = await createDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, "pg") });
    opened.push(() => own.close());
    await own.migrate();
    // The jobs' own few connections: requests queueing for the pool in a surge must not hold back the
    // dispatcher's 30-second promise or the outbox. PGlite is one in-process database, shared.
    jobsDatabase = config.databaseUrl ? await createDatabase({ url: config.databaseUrl, poolSize: 3 }) : own;
    if (jobsDatabase !== own) opened.push(() => jobsDatabase?.close());
    database = own;
  }
  if (!jobsDatabase) throw new Error("no jobs database");

  let redis = overrides.redis ?? undefined;
  if (overrides.redis === undefined && config.redisUrl) {
    const own = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    own.on("error", (error: Error) => logger.warn({ err: error.message }, "redis unavailable"));
    opened.push(() => own.disconnect());
    redis = own;
  }

  const mailbox =
    overrides.transport || config.smtpUrl ? undefined : createDevMailbox(join(config.dataDir, "mailbox"));
  const ownTransport = overrides.transport
    ? undefined
    : config.smtpUrl
      ? createSmtpTransport(config.smtpUrl)
      : mailbox?.transport;
  if (ownTransport) opened.push(() => ownTransport.close());
  const transport = overrides.transport ?? ownTransport;
  if (!transport) throw new Error("no mail transport");
  const outbox = createOutboxSender({
    db: jobsDatabase.db,
    transport,
    from: config.mailFrom,
    logger,
    pollMs: overrides.outboxPollMs,
  });

  // A template that would put an unregistered URL in an SMS stops the start, whatever the channel.
  checkSmsTemplates(config.publicUrl);
  // Without an SMSC or a WhatsApp account, messages are kept (and listed at /dev/mailbox) instead.
  const devOutbox = createDevOutbox({ db: jobsDatabase.db, logger });
  const ownSms = overrides.sms || !config.sms ? undefined : createSmppChannel({ ...config.sms, logger });
  const cloudApi = config.whatsapp;
  const ownWhatsApp =
    overrides.whatsapp || !cloudApi
      ? undefined
      : createWhatsAppChannel({
          apiUrl: cloudApi.apiUrl,
          token: cloudApi.token,
          phoneNumberId: cloudApi.phoneNumberId,
          logger,
        });
  const sms = overrides.sms ?? ownSms ?? devOutbox.sms;
  const whatsapp = overrides.whatsapp ?? ownWhatsApp ?? devOutbox.whatsapp;
  opened.push(
    () => ownSms?.close(),
    () => ownWhatsApp?.close(),
    () => devOutbox.sms.close(),
  );
  const devChannels = [
    ...(sms === devOutbox.sms ? (["sms"] as const) : []),
    ...(whatsapp === devOutbox.whatsapp ? (["whatsapp"] as const) : []),
  ];
  const messages = createMessageSender({
    db: jobsDatabase.db,
    sms,
    whatsapp,
    logger,
    pollMs: overrides.messagesPollMs,
  });

  // One token service and session store per process: the API and the real-time endpoint honour the
  // same sign-outs.
  const tokens = overrides.tokens ?? createTokenService(config.jwtSecret);
  const sessions = overrides.sessions ?? createSessionStore(database.db, tokens);
  const realtimeSettings = overrides.realtime === undefined ? { redis } : (overrides.realtime ?? undefined);
  const realtime = realtimeSettings
    ? createRealtime({
        tokens,
        sessions,
        logger,
        redis: realtimeSettings.redis,
        channel: realtimeSettings.channel,
        heartbeatMs: realtimeSettings.heartbeatMs,
        limits: { maxSessionsPerAccount: config.realtimeSessionsPerAccount },
      })
    : undefined;

  const mxLookup =
    overrides.mxLookup === undefined
      ? config.emailCheckDns
        ? createMxLookup()
        : undefined
      : (overrides.mxLookup ?? undefined);
  const renderPool = overrides.renderPool === undefined ? createProcessRenderPool() : overrides.renderPool;
  if (renderPool && overrides.renderPool === undefined) opened.push(() => renderPool.close());
  const gazetteer = overrides.gazetteer ?? lazyGazetteer();

  const shared = {
    jwtSecret: config.jwtSecret,
    now: overrides.now,
    bcryptCost: overrides.bcryptCost,
    mailQueued: () => outbox.nudge(),
    messagesQueued: () => messages.nudge(),
    publicUrl: config.publicUrl,
    publish: realtime?.publish,
    tokens,
    sessions,
    renderPool,
  };
  const context = createDomainContext({
    ...shared,
    db: database.db,
    mxLookup,
    // Read at each submission: the dispatcher is made below, on the jobs' context.
    samplesSubmitted: overrides.samplesSubmitted ?? (() => dispatcher.wake()),
    logger: appLogger,
  });
  const jobsContext = createDomainContext({ ...shared, db: jobsDatabase.db, logger });
  // Woken in-process by this instance's submissions and by NOTIFY for every instance's.
  const dispatcher = createDispatcher(jobsContext, logger, { database: jobsDatabase });
  const simulator = config.labSimulator
    ? createLabSimulator(jobsContext, logger, { pace: config.labSimulator })
    : undefined;
  const jobs: BackgroundJob[] = [
    outbox,
    messages,
    dispatcher,
    createReportDocumentJob(jobsContext, logger),
    ...(simulator ? [simulator] : []),
  ];

  const appDb = database.db;
  return {
    config,
    logger,
    appLogger,
    database,
    jobsDatabase,
    redis,
    transport,
    devMailbox: mailbox?.list,
    outbox,
    messages,
    devOutbox: devChannels.length > 0 ? (limit) => listDevMessages(appDb, devChannels, limit) : undefined,
    tokens,
    sessions,
    realtime,
    renderPool,
    gazetteer,
    context,
    jobsContext,
    dispatcher,
    simulator,
    jobs,
    async close() {
      await Promise.all(jobs.map((job) => job.stop()));
      for (const close of opened.reverse()) await close();
    },
  };
}

/** createApp's deps from the parts (a test may then set its own rate-limit keys and such). */
export function appDepsOf(parts: Parts): AppDeps {
  const { config, realtime, dispatcher } = parts;
  return {
    database: parts.database,
    logger: parts.appLogger,
    context: parts.context,
    redis: parts.redis,
    rateLimit: config.rateLimit,
    webDistDir: config.webDistDir,
    devMailbox: config.production ? undefined : parts.devMailbox,
    devOutbox: config.production ? undefined : parts.devOutbox,
    // Meta's signed status webhook, once there is a WhatsApp account to hear from.
    whatsappWebhook: config.whatsapp && {
      appSecret: config.whatsapp.appSecret,
      verifyToken: config.whatsapp.verifyToken,
      messagesQueued: () => parts.messages.nudge(),
    },
    trustProxy: config.trustProxy,
    labEnquiryEmail: config.labEnquiryEmail,
    metricsToken: config.metricsToken,
    // Read at scrape time.
    metricsSources: {
      realtime: realtime && (() => realtime.stats()),
      dispatcher: () => dispatcher.stats(),
    },
    gazetteer: parts.gazetteer,
  };
}
