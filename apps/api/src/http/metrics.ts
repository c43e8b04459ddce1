import { createHash, timingSafeEqual } from "node:crypto";

import { samples, type Database } from "@lab/db";
import { and, eq, isNull, sql } from "drizzle-orm";
import { Router, type Express, type RequestHandler } from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

import type { DispatcherStats } from "../jobs/dispatcher";
import { outboxBacklog, type OutboxBacklog } from "../mail/outbox";
import type { RealtimeStats } from "../realtime/realtime";
import { notFound, unauthorized } from "../lib/app-error";
import { createRouteLabeller } from "./metrics-routes";

/** Live figures of this process's parts, read at scrape time. */
export interface MetricsSources {
  realtime?: (() => RealtimeStats) | undefined;
  dispatcher?: (() => DispatcherStats) | undefined;
}

export interface Metrics {
  /** Times every request by method, route pattern and status; counts error answers by code. */
  observe: RequestHandler;
  /** GET /metrics behind the bearer token (404 when no token is configured). */
  router: Router;
  registry: Registry;
}

const FAN_OUT_STATES = ["up", "down", "local"] as const;
// Error codes are the contracts' snake_case words; anything else is not a label value.
const ERROR_CODE = /^[a-z_]{1,40}$/;

/** Runs `load` once for all the gauges one scrape collects concurrently. */
function perScrape<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

interface DispatchQueue {
  unassigned: number;
  oldestSeconds: number;
}

/** PENDING samples no agent has been given yet, and the age of the oldest: the dispatcher's lag. */
async function dispatchQueue(database: Database): Promise<DispatchQueue> {
  const [row] = await database.db
    .select({
      unassigned: sql<number>`count(*)::int`,
      oldest: sql<number | null>`extract(epoch from now() - min(${samples.createdAt}))::float8`,
    })
    .from(samples)
    .where(and(eq(samples.status, "PENDING"), isNull(samples.agentId)));
  return {
    unassigned: Number(row?.unassigned ?? 0),
    oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)),
  };
}

/** The token's digest: comparing digests takes the same time whatever the length of the guess. */
const digest = (value: string): Buffer => createHash("sha256").update(value).digest();

function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

/**
 * Prometheus metrics of one app, in a registry of its own (tests build many apps in one process).
 * Database figures (outbox backlog, dispatcher lag, pool) are read when scraped, not kept up to date.
 */
export function createMetrics(options: {
  app: Express;
  database: Database;
  token: string | undefined;
  sources?: MetricsSources | undefined;
}): Metrics {
  const { database } = options;
  const registry = new Registry();
  const exposed = options.token !== undefined;
  // Nothing is measured when nothing can be scraped: no per-request cost, and no event-loop and GC
  // monitors for the many apps a test run builds.
  if (exposed) collectDefaultMetrics({ register: registry });
  const routeOf = createRouteLabeller(options.app);

  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: 'Time to answer HTTP requests, by method, route pattern (route="unmatched" when no route matched, static files included) and status.',
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const errors = new Counter({
    name: "http_error_responses_total",
    help: '4xx and 5xx answers by status and the error body\'s code (code="none" without a JSON error).',
    labelNames: ["status", "code"] as const,
    registers: [registry],
  });

  const readDatabase = perScrape(async () => {
    const [backlog, queue] = await Promise.all([outboxBacklog(database.db), dispatchQueue(database)]).catch(
      () => [undefined, undefined] as const,
    );
    return { backlog, queue };
  });
  new Gauge({
    name: "lab_database_up",
    help: "1 when this scrape could read the database, else 0 (the outbox and dispatcher figures then keep their last value).",
    registers: [registry],
    async collect() {
      const { backlog, queue } = await readDatabase();
      this.set(backlog && queue ? 1 : 0);
    },
  });
  const fromBacklog = (name: string, help: string, pick: (backlog: OutboxBacklog) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const { backlog } = await readDatabase();
        if (backlog) this.set(pick(backlog));
      },
    });
  fromBacklog("lab_outbox_pending", "Mails waiting in the outbox (still to be tried).", (b) => b.pending);
  fromBacklog(
    "lab_outbox_oldest_pending_seconds",
    "Age of the oldest mail waiting in the outbox; 0 when none waits.",
    (b) => b.oldestPendingSeconds,
  );
  fromBacklog("lab_outbox_failed", "Mails given up after their last try (never sent).", (b) => b.failed);
  const fromQueue = (name: string, help: string, pick: (queue: DispatchQueue) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const { queue } = await readDatabase();
        if (queue) this.set(pick(queue));
      },
    });
  fromQueue(
    "lab_dispatcher_lag_seconds",
    "Age of the oldest PENDING sample without an agent; 0 when none waits. The site promises an agent within 30 s.",
    (q) => q.oldestSeconds,
  );
  fromQueue("lab_dispatcher_unassigned_samples", "PENDING samples without an agent.", (q) => q.unassigned);

  // PGlite has no pool (one in-process connection): these stay absent there.
  if (database.poolStats()) {
    const pool = (
      name: string,
      help: string,
      pick: (stats: { total: number; idle: number; waiting: number; max: number }) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const stats = database.poolStats();
          if (stats) this.set(pick(stats));
        },
      });
    pool(
      "lab_db_pool_clients",
      "Postgres clients open in this process's pool (idle or in use).",
      (s) => s.total,
    );
    pool("lab_db_pool_idle_clients", "Postgres clients open and idle.", (s) => s.idle);
    pool(
      "lab_db_pool_waiting_requests",
      "Queries waiting for a free Postgres client (pool exhausted while > 0).",
      (s) => s.waiting,
    );
    pool("lab_db_pool_max_clients", "The pool's size limit.", (s) => s.max);
  }

  const realtime = options.sources?.realtime;
  if (realtime) {
    const live = (name: string, help: string, pick: (stats: RealtimeStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(pick(realtime()));
        },
      });
    live("lab_stomp_sessions", "Open STOMP sessions on this instance.", (s) => s.sessions);
    // Totals since start, reported as the source counts them (they only grow; rate() applies).
    const total = (name: string, help: string, pick: (stats: RealtimeStats) => number) =>
      new Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(pick(realtime()));
        },
      });
    total("lab_stomp_frames_in_total", "STOMP frames received (heart-beats not counted).", (s) => s.framesIn);
    total("lab_stomp_frames_out_total", "STOMP frames sent (heart-beats not counted).", (s) => s.framesOut);
    total(
      "lab_realtime_resyncs_total",
      "Re-sync notices sent to this instance's sessions.",
      (s) => s.resyncs,
    );
    new Gauge({
      name: "lab_realtime_fanout",
      help: "1 for the state of the cross-instance fan-out: up (Redis), down (Redis lost: live updates not crossing), local (no Redis).",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const now = realtime().fanOut;
        for (const state of FAN_OUT_STATES) this.set({ state }, state === now ? 1 : 0);
      },
    });
  }

  const dispatcher = options.sources?.dispatcher;
  if (dispatcher) {
    new Gauge({
      name: "lab_dispatcher_last_pass_seconds",
      help: "How long the dispatcher's last pass took on this instance.",
      registers: [registry],
      collect() {
        this.set(dispatcher().lastPassMs / 1000);
      },
    });
    new Gauge({
      name: "lab_dispatcher_reported_lag_seconds",
      help: "The dispatcher's own lag figure after its last pass on this instance.",
      registers: [registry],
      collect() {
        this.set(dispatcher().lagSeconds);
      },
    });
    new Counter({
      name: "lab_dispatcher_assigned_total",
      help: "Samples this instance's dispatcher assigned since start.",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(dispatcher().assignedTotal);
      },
    });
  }

  const observe: RequestHandler = (req, res, next) => {
    if (!exposed) {
      next();
      return;
    }
    const started = performance.now();
    let code = "none";
    // The error handler answers with { error, code }: note the code on its way out.
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 400 && typeof body === "object" && body !== null && "code" in body) {
        const value = body.code;
        code = typeof value === "string" && ERROR_CODE.test(value) ? value : "other";
      }
      return json(body);
    };
    res.once("finish", () => {
      const status = String(res.statusCode);
      duration.observe(
        { method: req.method, route: routeOf(req.method, req.originalUrl), status },
        (performance.now() - started) / 1000,
      );
      if (res.statusCode >= 400) errors.inc({ status, code });
    });
    next();
  };

  const expected = options.token === undefined ? undefined : digest(options.token);
  const router = Router();
  router.get("/metrics", async (req, res) => {
    // Not configured: not exposed at all (and not the SPA's page either).
    if (!expected) throw notFound();
    if (!bearerMatches(req.get("authorization"), expected)) {
      throw unauthorized("authRequired", "unauthenticated", { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    const body = await registry.metrics();
    res.set("Cache-Control", "no-store").type(registry.contentType).send(body);
  });

  return { observe, router, registry };
}
