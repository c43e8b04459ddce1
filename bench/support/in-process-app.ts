// The API inside the bench's own process, made the way the server makes it (buildParts, appDepsOf,
// createApp), on a database the bench seeded. Configured as in production where it changes what a
// request costs (no dev mailbox route, no SPA); no rate limits, no Redis, no real-time endpoint, and
// the jobs are never started: the benches time requests, not background work.
// composition.ts is not among @lab/api's exports, hence the path into its sources.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { Database } from "@lab/db";
import { pino, type Logger } from "pino";

import { createApp } from "@lab/api";
import { appDepsOf, buildParts, type Parts } from "../../apps/api/src/composition";
import type { Config } from "../../apps/api/src/env";

export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-bench";

export interface InProcessApp {
  app: ReturnType<typeof createApp>;
  parts: Parts;
  /** A bearer token of a live session of this customer, opened as a sign-in would. */
  customerToken: (customerId: number) => Promise<string>;
  close: () => Promise<void>;
}

export async function startInProcessApp(options: {
  database: Database;
  /** Where the HTTP app logs its request lines; silent when absent. */
  appLogger?: Logger | undefined;
  metricsToken?: string | undefined;
}): Promise<InProcessApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-"));
  const config: Config = {
    production: true,
    port: 0,
    databaseUrl: undefined,
    // Nothing is written there: mail is queued in the database, and the outbox never runs here.
    dataDir,
    redisUrl: undefined,
    smtpUrl: undefined,
    mailFrom: "bench@bench.local",
    jwtSecret: BENCH_SECRET,
    publicUrl: "http://localhost:3000",
    emailCheckDns: false,
    rateLimit: false,
    webDistDir: "",
    logLevel: "silent",
    trustProxy: false,
    metricsToken: options.metricsToken,
    realtimeSessionsPerAccount: 20,
    labSimulator: undefined,
    labAdmin: undefined,
    sms: undefined,
    whatsapp: undefined,
    labEnquiryEmail: "lab@bench.local",
  };
  const parts = await buildParts(config, {
    logger: pino({ level: "silent" }),
    appLogger: options.appLogger ?? pino({ level: "silent" }),
    database: options.database,
    redis: null,
    mxLookup: null,
    realtime: null,
  });
  return {
    app: createApp(appDepsOf(parts)),
    parts,
    async customerToken(customerId) {
      const { token } = await parts.sessions.start(options.database.db, "customer", customerId, new Date());
      return token;
    },
    async close() {
      await parts.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
