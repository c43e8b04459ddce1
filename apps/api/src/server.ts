import { join } from "node:path";

import { createDatabase } from "@lab/db";
import { Redis } from "ioredis";
import { pino } from "pino";

import { createApp } from "./app";
import { gracefulShutdown } from "./http/graceful-shutdown";
import { createDomainContext } from "./domain/context";
import { createSessionStore } from "./infra/sessions";
import { createMxLookup } from "./infra/email-check";
import { gazetteer } from "./infra/places";
import { ensureAdmin, staffPasswordIs } from "./domain/staff/staff";
import { loadConfig } from "./env";
import { createDispatcher } from "./jobs/dispatcher";
import { createLabSimulator } from "./jobs/lab-simulator";
import { startBanner } from "./start-banner";
import { createOutboxSender } from "./jobs/outbox-sender";
import { createReportDocumentJob } from "./jobs/report-documents";
import { createTokenService } from "./lib/tokens";
import { createRealtime } from "./realtime/realtime";
import { createDevMailbox, createSmtpTransport } from "./mail/transport";

const config = loadConfig();
const logger = pino({ level: config.logLevel });
// A crash (a throw or an unhandled rejection) reaches the log, with its stack, before Node prints it
// and exits; a container's log collector may keep only the JSON lines.
process.on("uncaughtExceptionMonitor", (error, origin) =>
  logger.fatal({ err: error, origin }, "process crashed"),
);

const database = await createDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, "pg") });
await database.migrate();
// The jobs' own few connections: requests queueing for the pool in a surge must not hold back the
// dispatcher's 30-second promise or the outbox. PGlite is one in-process database, shared.
const jobsDatabase = config.databaseUrl
  ? await createDatabase({ url: config.databaseUrl, poolSize: 3 })
  : database;

const redis = config.redisUrl
  ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
  : undefined;
redis?.on("error", (error: Error) => logger.warn({ err: error.message }, "redis unavailable"));

const devMailbox = config.smtpUrl ? undefined : createDevMailbox(join(config.dataDir, "mailbox"));
const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : devMailbox?.transport;
if (!transport) throw new Error("no mail transport");
const outbox = createOutboxSender({ db: jobsDatabase.db, transport, from: config.mailFrom, logger });

// One token service and session store per process: the API and the real-time endpoint honour the
// same sign-outs.
const tokens = createTokenService(config.jwtSecret);
const sessions = createSessionStore(database.db, tokens);
const realtime = createRealtime({
  tokens,
  sessions,
  logger,
  redis,
  limits: { maxSessionsPerAccount: config.realtimeSessionsPerAccount },
});

const app = createApp({
  database,
  logger,
  jwtSecret: config.jwtSecret,
  mailQueued: () => outbox.nudge(),
  samplesSubmitted: () => dispatcher.wake(),
  mxLookup: config.emailCheckDns ? createMxLookup() : undefined,
  redis,
  rateLimit: config.rateLimit,
  webDistDir: config.webDistDir,
  devMailbox: config.production ? undefined : devMailbox?.list,
  trustProxy: config.trustProxy,
  publicUrl: config.publicUrl,
  publish: realtime.publish,
  tokens,
  sessions,
  labEnquiryEmail: config.labEnquiryEmail,
  metricsToken: config.metricsToken,
  // Read at scrape time, once the server listens: the dispatcher is made below.
  metricsSources: { realtime: () => realtime.stats(), dispatcher: () => dispatcher.stats() },
});

const jobsContext = createDomainContext({
  db: jobsDatabase.db,
  jwtSecret: config.jwtSecret,
  mailQueued: () => outbox.nudge(),
  publicUrl: config.publicUrl,
  publish: realtime.publish,
  tokens,
  sessions,
  logger,
});
// Woken in-process by this instance's submissions and by NOTIFY for every instance's.
const dispatcher = createDispatcher(jobsContext, logger, { database: jobsDatabase });
const simulator = config.labSimulator
  ? createLabSimulator(jobsContext, logger, { pace: config.labSimulator })
  : undefined;
// Background jobs (src/jobs): a new job is its file and an entry here; they start once the server
// listens and stop (their pass finished, claims released) on shutdown.
const jobs: { start(): unknown; stop(): Promise<void> }[] = [
  outbox,
  dispatcher,
  createReportDocumentJob(jobsContext, logger),
  ...(simulator ? [simulator] : []),
];

let demoStaff: { email: string; password: string } | undefined;
if (config.labAdmin) {
  const { email, password, demo } = config.labAdmin;
  const created = await ensureAdmin(jobsContext, email, password);
  // The demo password is printed only while it still opens the account: once changed (console or
  // `npm run lab -- set-password`), it stays private.
  if (demo && (await staffPasswordIs(jobsContext, email, password))) {
    demoStaff = { email, password };
    logger.info(
      { email },
      "lab staff demo account (password printed below) — change it in the console or with npm run lab -- set-password",
    );
  } else if (demo) logger.info({ email }, "lab staff demo account (its password has been changed)");
  else if (created === "created") logger.info({ email }, "first lab staff account created");
}

const server = app.listen(config.port, () => {
  realtime.attach(server);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  for (const job of jobs)
    Promise.resolve(job.start()).catch((error: unknown) => logger.error({ err: error }, "job did not start"));
  // Build the place index now rather than on a customer's first keystroke.
  setImmediate(() => gazetteer());
  logger.info(
    {
      node: process.version,
      database: database.kind,
      mail: transport.kind,
      redis: Boolean(redis),
      simulator: Boolean(simulator),
    },
    `listening on http://localhost:${port}`,
  );
  const mailbox = devMailbox && !config.production ? `http://localhost:${port}/dev/mailbox` : undefined;
  if (mailbox) logger.info(`dev mailbox: ${mailbox}`);
  if (!config.production)
    process.stdout.write(
      `${startBanner({
        url: `http://localhost:${port}`,
        publicUrl: config.publicUrl,
        staff: demoStaff,
        mailbox,
        simulator: Boolean(simulator),
      })}\n`,
    );
});

const draining = gracefulShutdown(server, { timeoutMs: 10_000 });

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  // Real-time clients are told (they reconnect after 1 s, to another instance or this one restarted).
  // Stop taking work at once: HTTP drains (idle sockets closed now, busy ones after their response,
  // all cut after 10 s) while the jobs finish their pass and release their claims.
  const drained = draining.close();
  await Promise.all([realtime.shutdown(), ...jobs.map((job) => job.stop())]);
  await drained;
  transport?.close();
  redis?.disconnect();
  await database.close();
  if (jobsDatabase !== database) await jobsDatabase.close();
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
