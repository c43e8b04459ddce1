import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { createServer, type AddressInfo } from "node:net";

import { agents, createDatabase, samples, type Database } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { Client } from "@stomp/stompjs";
import type { Express } from "express";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { createApp } from "../app";
import { createDomainContext } from "../domain/context";
import { createDispatcher } from "../jobs/dispatcher";
import { testEnv } from "../env";
import { enqueueMail } from "../mail/outbox";
import { DESTINATIONS } from "../realtime/events";
import { signedInCustomer, startTestApp, TEST_JWT_SECRET } from "../test/harness";
import { insertCustomerWithOrganisation } from "../test/organisations";
import { until } from "../test/samples";
import type { MetricsSources } from "./metrics";

const TOKEN = "scrape-token-for-the-metrics-tests";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase(testEnv.databaseUrl);
}, 60_000);
afterAll(async () => {
  await database.close();
});

/** The real app without an outbox sender or dispatcher, so queued mail and new samples stay waiting. */
function appWith(
  options: { token?: string; webDistDir?: string; sources?: MetricsSources; database?: Database } = {},
): Express {
  return createApp({
    database: options.database ?? database,
    logger: pino({ level: "silent" }),
    jwtSecret: TEST_JWT_SECRET,
    mailQueued: () => undefined,
    rateLimit: false,
    bcryptCost: 10,
    metricsToken: options.token,
    metricsSources: options.sources,
    webDistDir: options.webDistDir,
  });
}

async function scrape(app: Express): Promise<string> {
  const res = await request(app).get("/metrics").auth(TOKEN, { type: "bearer" }).expect(200);
  return res.text;
}

/** The value of one sample of the exposition text; undefined when absent. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe("GET /metrics protection", () => {
  it("without METRICS_TOKEN: answers 404 with the standard body, not the SPA's index.html", async () => {
    const webDist = mkdtempSync(join(tmpdir(), "lab-web-"));
    writeFileSync(join(webDist, "index.html"), "<!doctype html><title>SPA</title>");
    const app = appWith({ webDistDir: webDist });
    const res = await request(app).get("/metrics").auth(TOKEN, { type: "bearer" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Not found", code: "not_found", messageCode: "not_found" });
    // The fallback itself still serves other paths.
    await request(app).get("/samples").expect(200, /SPA/);
  });

  it("with a token configured: a missing, wrong or longer token gets 401 with the standard body", async () => {
    const app = appWith({ token: TOKEN });
    for (const header of [
      undefined,
      `Bearer ${TOKEN.replace(/.$/, "x")}`,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
    ]) {
      const res =
        header === undefined
          ? await request(app).get("/metrics")
          : await request(app).get("/metrics").set("Authorization", header);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: "unauthenticated" });
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(res.text).not.toContain("process_cpu");
    }
  });

  it("with the right token: 200 in Prometheus text format 0.0.4 with the process metrics", async () => {
    const app = appWith({ token: TOKEN });
    const res = await request(app).get("/metrics").auth(TOKEN, { type: "bearer" }).expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    // prom-client counts CPU from when the collector was created (this app, just now): present, may be 0.
    expect(valueOf(res.text, "process_cpu_user_seconds_total")).toBeGreaterThanOrEqual(0);
    expect(valueOf(res.text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(valueOf(res.text, "lab_database_up")).toBe(1);
  });
});

describe("GET /metrics figures", () => {
  it("labels request latency with the route pattern, never the raw id; unknown paths are 'unmatched'", async () => {
    const app = appWith({ token: TOKEN });
    await request(app).get("/api/reports/987654").expect(401);
    await request(app).get("/api/reports/987655").expect(401);
    await request(app).get("/api/customers/4321/sample-providers").expect(401);
    await request(app).get("/api/health").expect(200);
    await request(app).get("/api/no-such-thing/123").expect(404);
    const text = await scrape(app);
    const count = (route: string, status: string) =>
      valueOf(text, "http_request_duration_seconds_count", { method: "GET", route, status });
    expect(count("/api/reports/:id", "401")).toBe(2);
    expect(count("/api/customers/:id/sample-providers", "401")).toBe(1);
    expect(count("/api/health", "200")).toBe(1);
    expect(count("unmatched", "404")).toBe(1);
    expect(text).not.toMatch(/98765[45]|4321|no-such-thing/);
    expect(valueOf(text, "http_error_responses_total", { status: "401", code: "unauthenticated" })).toBe(3);
    expect(valueOf(text, "http_error_responses_total", { status: "404", code: "not_found" })).toBe(1);
  });

  it("outbox gauges: a queued mail raises the pending count and the oldest age, as /api/ready reports", async () => {
    const app = appWith({ token: TOKEN });
    const before = await scrape(app);
    const pendingBefore = valueOf(before, "lab_outbox_pending") ?? Number.NaN;
    await enqueueMail(database.db, {
      to: ["farmer@gmail.com"],
      subject: "Waiting",
      text: "x",
      queuedAt: new Date(Date.now() - 150_000),
    });
    const after = await scrape(app);
    expect(valueOf(after, "lab_outbox_pending")).toBe(pendingBefore + 1);
    expect(valueOf(after, "lab_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(149);
    expect(valueOf(after, "lab_outbox_oldest_pending_seconds")).toBeLessThan(200);
    expect(valueOf(after, "lab_outbox_failed")).toBe(0);
    const ready = await request(app).get("/api/ready").expect(200);
    expect(ready.body.mail.pending).toBe(valueOf(after, "lab_outbox_pending"));
  });

  it("dispatcher lag: an unassigned PENDING sample 40 s old shows as about 40 s of lag", async () => {
    const app = appWith({ token: TOKEN });
    const before = await scrape(app);
    expect(valueOf(before, "lab_dispatcher_lag_seconds")).toBe(0);
    expect(valueOf(before, "lab_dispatcher_unassigned_samples")).toBe(0);
    const customer = await insertCustomerWithOrganisation(database.db, {
      email: "lag.test@gmail.com",
      fullName: "Ravi Kumar",
      passwordHash: "x",
    });
    await database.db.insert(samples).values({
      organisationId: customer.organisationId,
      customerId: customer.id,
      samplerName: "Pond",
      samplerLocation: "Bhimavaram",
      shrimpCategory: "Tiger Shrimp",
      testTypes: ["Allergen Testing"],
      shrimpSubCategory: "Allergen Testing",
      phoneNumber: "+919848022338",
      createdAt: new Date(Date.now() - 40_000),
    });
    const after = await scrape(app);
    expect(valueOf(after, "lab_dispatcher_lag_seconds")).toBeGreaterThanOrEqual(39);
    expect(valueOf(after, "lab_dispatcher_lag_seconds")).toBeLessThan(80);
    expect(valueOf(after, "lab_dispatcher_unassigned_samples")).toBe(1);
  });

  it("dispatcher: after a real pass assigns that sample, the lag is 0 and its own stats count the assignment", async () => {
    const dispatcher = createDispatcher(
      createDomainContext({ db: database.db, jwtSecret: TEST_JWT_SECRET }),
      pino({ level: "silent" }),
    );
    const app = appWith({ token: TOKEN, sources: { dispatcher: () => dispatcher.stats() } });
    const before = await scrape(app);
    expect(valueOf(before, "lab_dispatcher_assigned_total")).toBe(0);
    await database.db.insert(agents).values({ name: "Suresh", phone: "+919000000081" });
    expect(await dispatcher.runNow()).toBe(1);
    const after = await scrape(app);
    expect(valueOf(after, "lab_dispatcher_assigned_total")).toBe(1);
    // The sample waited about 40 s when the pass began (the test above).
    expect(valueOf(after, "lab_dispatcher_reported_lag_seconds")).toBeGreaterThanOrEqual(39);
    expect(valueOf(after, "lab_dispatcher_last_pass_seconds")).toBeGreaterThan(0);
    expect(valueOf(after, "lab_dispatcher_lag_seconds")).toBe(0);
    expect(valueOf(after, "lab_dispatcher_unassigned_samples")).toBe(0);
    await dispatcher.stop();
  });

  it("database pool: Postgres reports its clients and limit; PGlite, which has no pool, reports none", async () => {
    const app = appWith({ token: TOKEN });
    const text = await scrape(app);
    if (database.kind === "postgres") {
      expect(valueOf(text, "lab_db_pool_max_clients")).toBe(5);
      expect(valueOf(text, "lab_db_pool_clients")).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, "lab_db_pool_waiting_requests")).toBe(0);
    } else {
      expect(text).not.toContain("lab_db_pool");
    }
  });

  it("with the database unreachable: still 200 (never a 500), with lab_database_up 0", async () => {
    // A closed port: connections are refused at once.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await createDatabase({
      url: `postgres://nobody@127.0.0.1:${port}/none`,
      poolSize: 1,
    });
    const app = createApp({
      database: unreachable,
      logger: pino({ level: "silent" }),
      jwtSecret: TEST_JWT_SECRET,
      mailQueued: () => undefined,
      rateLimit: false,
      metricsToken: TOKEN,
    });
    const text = await scrape(app);
    expect(valueOf(text, "lab_database_up")).toBe(0);
    await unreachable.close();
  });
});

describe("GET /metrics real-time figures", () => {
  it("reports the real endpoint's sessions, frames and fan-out state as a STOMP client comes and goes", async () => {
    const t = await startTestApp({ realtime: {} });
    const realtime = t.realtime;
    if (!realtime) throw new Error("no real-time endpoint");
    const app = appWith({
      token: TOKEN,
      database: t.database,
      sources: { realtime: () => realtime.stats() },
    });
    const client = new Client({
      webSocketFactory: () =>
        new WebSocket(`${t.baseUrl.replace("http", "ws")}/api/ws/websocket`, ["v12.stomp"]),
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
    });
    try {
      const idle = await scrape(app);
      expect(valueOf(idle, "lab_stomp_sessions")).toBe(0);
      // No Redis here: one instance, fan-out in process.
      expect(valueOf(idle, "lab_realtime_fanout", { state: "local" })).toBe(1);
      expect(valueOf(idle, "lab_realtime_fanout", { state: "down" })).toBe(0);

      const customer = await signedInCustomer(t);
      client.connectHeaders = { Authorization: `Bearer ${customer.token}` };
      await new Promise<void>((resolve) => {
        client.onConnect = () => resolve();
        client.activate();
      });
      client.subscribe(DESTINATIONS.resync, () => undefined);
      await until(() => realtime.stats().framesIn >= 2);
      const live = await scrape(app);
      expect(valueOf(live, "lab_stomp_sessions")).toBe(1);
      // CONNECT and SUBSCRIBE in, CONNECTED out.
      expect(valueOf(live, "lab_stomp_frames_in_total")).toBeGreaterThanOrEqual(2);
      expect(valueOf(live, "lab_stomp_frames_out_total")).toBeGreaterThanOrEqual(1);
      expect(valueOf(live, "lab_realtime_resyncs_total")).toBe(0);

      await client.deactivate();
      await until(() => realtime.stats().sessions === 0);
      expect(valueOf(await scrape(app), "lab_stomp_sessions")).toBe(0);
    } finally {
      await client.deactivate();
      await t.close();
    }
  }, 30_000);
});
