import { pino } from "pino";

import { createApp } from "./app";
import { appDepsOf, buildParts } from "./composition";
import { gracefulShutdown } from "./http/graceful-shutdown";
import { ensureAdmin, staffPasswordIs } from "./domain/staff/staff";
import { loadConfig } from "./env";
import { startBanner } from "./start-banner";

const config = loadConfig();
const logger = pino({ level: config.logLevel });
// A crash (a throw or an unhandled rejection) reaches the log, with its stack, before Node prints it
// and exits; a container's log collector may keep only the JSON lines.
process.on("uncaughtExceptionMonitor", (error, origin) =>
  logger.fatal({ err: error, origin }, "process crashed"),
);

// Everything this process runs on, made in composition.ts; the jobs start once the server listens.
const parts = await buildParts(config, { logger });
const { database, jobsContext, jobs, realtime, redis, simulator, transport, devMailbox, devOutbox } = parts;
const app = createApp(appDepsOf(parts));

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
  realtime?.attach(server);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  for (const job of jobs)
    Promise.resolve(job.start()).catch((error: unknown) => logger.error({ err: error }, "job did not start"));
  // Build the place index now rather than on a customer's first keystroke.
  setImmediate(() => parts.gazetteer());
  logger.info(
    {
      node: process.version,
      database: database.kind,
      mail: transport.kind,
      // Checked at start-up (buildParts): every SMS template's URLs are under DLT-registered prefixes.
      sms: config.sms ? "smpp" : "dev-outbox",
      whatsapp: config.whatsapp ? "cloud-api" : "dev-outbox",
      redis: Boolean(redis),
      simulator: Boolean(simulator),
    },
    `listening on http://localhost:${port}`,
  );
  const mailbox =
    (devMailbox || devOutbox) && !config.production ? `http://localhost:${port}/dev/mailbox` : undefined;
  if (mailbox) logger.info(`dev outbox (mail, SMS, WhatsApp kept on this machine): ${mailbox}`);
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
  await Promise.all([realtime?.shutdown(), ...jobs.map((job) => job.stop())]);
  await drained;
  await parts.close();
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
