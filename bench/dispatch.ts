// Submission → agent assigned, under a steady submission rate (the bar in docs/performance.md).
// A fresh Postgres database (dispatch_bench, dropped at the end), N active agents spread along the
// east and west coasts, and two API instances (`src/server.ts` as child processes, the real dispatcher
// in each, woken in-process and by NOTIFY); the bench submits `rate` samples per second for `seconds`
// through POST /api/sample-submissions (each with an Idempotency-Key, as the web app sends), spreading
// them over the instances, then reads each sample's assignment event. Latency is from the moment the
// request was sent to the assignment's time (`sample_events.at`, the dispatcher's clock: same machine).
// Also reports the load spread: samples per agent, max / mean, among the agents that have samples
// near them.
// Run: pnpm --filter @lab/bench dispatch [--rate 100] [--seconds 60] [--agents 30] [--instances 2]
//        [--wait 60] [--api-dir <apps/api of another checkout, for a before figure>] [postgres://server-url]
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { createDatabase, agents, customers, organisations } from "@lab/db";
import pg from "pg";

import { createSessionStore } from "@lab/api/sessions";
import { createTokenService } from "@lab/api/tokens";

const argValue = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const serverUrl =
  process.argv.find((arg) => arg.startsWith("postgres://")) ?? "postgres://postgres@127.0.0.1:5432/test";
const rate = Number(argValue("rate", "100"));
const seconds = Number(argValue("seconds", "60"));
const agentCount = Number(argValue("agents", "30"));
const instanceCount = Number(argValue("instances", "2"));
const waitSeconds = Number(argValue("wait", "60"));
const here = dirname(fileURLToPath(import.meta.url));
const apiDir = resolve(argValue("api-dir", join(here, "..", "apps", "api")));
const CUSTOMERS = 50;
const DB_NAME = "dispatch_bench";
const secret = "dispatch-bench-secret-dispatch-bench-secret";

// Shrimp-farming towns on both coasts; agents sit near them, samples come from around them.
const TOWNS = [
  { lat: 16.544, lng: 81.521 }, // Bhimavaram
  { lat: 16.989, lng: 82.247 }, // Kakinada
  { lat: 15.506, lng: 80.049 }, // Ongole
  { lat: 14.443, lng: 79.986 }, // Nellore
  { lat: 13.083, lng: 80.27 }, // Chennai
  { lat: 10.766, lng: 79.843 }, // Nagapattinam
  { lat: 21.494, lng: 86.933 }, // Balasore
  { lat: 19.813, lng: 85.831 }, // Puri
  { lat: 20.905, lng: 70.367 }, // Veraval
  { lat: 21.17, lng: 72.831 }, // Surat
  { lat: 16.99, lng: 73.312 }, // Ratnagiri
  { lat: 12.914, lng: 74.856 }, // Mangaluru
  { lat: 9.931, lng: 76.267 }, // Kochi
];

/** Deterministic pseudo-random numbers, so two runs place the same agents and samples. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}
const random = seeded(42);
/** A point within about `km` of a town. */
const near = (town: { lat: number; lng: number }, km: number) => ({
  lat: Number((town.lat + ((random() - 0.5) * 2 * km) / 111).toFixed(5)),
  lng: Number((town.lng + ((random() - 0.5) * 2 * km) / 111).toFixed(5)),
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`drop database if exists ${DB_NAME} with (force)`);
await admin.query(`create database ${DB_NAME}`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${DB_NAME}`;
const dataDir = mkdtempSync(join(tmpdir(), "dispatch-bench-"));
const children: ChildProcess[] = [];
const stopChildren = () => {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
};
process.on("exit", stopChildren);

try {
  const database = await createDatabase({ url: dbUrl.toString(), poolSize: 4 });
  await database.migrate();
  // Agents: spread over the towns, a few km from each.
  await database.db.insert(agents).values(
    Array.from({ length: agentCount }, (_, i) => {
      const town = TOWNS[i % TOWNS.length] ?? TOWNS[0];
      const at = near(town ?? { lat: 16.5, lng: 81.5 }, 15);
      return { name: `Agent ${i + 1}`, phone: `+9190000${String(10_000 + i)}`, ...at };
    }),
  );
  // Each customer the admin of an organisation of its own.
  const organisationIds = await database.db
    .insert(organisations)
    .values(Array.from({ length: CUSTOMERS }, (_, i) => ({ name: `Bench ${i}` })))
    .returning({ id: organisations.id });
  const owners = await database.db
    .insert(customers)
    .values(
      organisationIds.map(({ id }, i) => ({
        organisationId: id,
        email: `bench${i}@gmail.com`,
        fullName: `Bench ${i}`,
        passwordHash: "x",
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: customers.id });
  const sessions = createSessionStore(database.db, createTokenService(secret));
  const who = await Promise.all(
    owners.map(async (owner) => ({
      id: owner.id,
      token: (await sessions.start(database.db, "customer", owner.id, new Date())).token,
    })),
  );

  const bases: string[] = [];
  for (let i = 0; i < instanceCount; i += 1) {
    const port = 4100 + Math.floor(Math.random() * 800);
    const child = spawn("pnpm", ["exec", "tsx", "src/server.ts"], {
      cwd: apiDir,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: dbUrl.toString(),
        DATA_DIR: join(dataDir, String(i)),
        JWT_SECRET: secret,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        RATE_LIMIT: "off",
        EMAIL_CHECK_DNS: "off",
        LAB_SIMULATOR: "off",
        LOG_LEVEL: "warn",
      },
      // Their start banners are noise here; warnings and errors go to stderr.
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    });
    children.push(child);
    bases.push(`http://127.0.0.1:${port}`);
  }
  for (const base of bases) {
    for (let i = 0; ; i += 1) {
      if (i > 240) throw new Error(`${base} did not start`);
      if (
        await fetch(`${base}/api/ready`).then(
          (res) => res.ok,
          () => false,
        )
      )
        break;
      await sleep(500);
    }
  }

  // Warm-up: a few submissions per instance (JIT, pools), not counted.
  const submit = async (n: number) => {
    const customer = who[n % who.length] ?? who[0];
    const base = bases[n % bases.length] ?? bases[0];
    if (!customer || !base) throw new Error("no customer or instance");
    const town = TOWNS[Math.floor(random() * TOWNS.length)] ?? TOWNS[0];
    const sentAt = Date.now();
    const res = await fetch(`${base}/api/sample-submissions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${customer.token}`,
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
      },
      body: JSON.stringify({
        consumerId: customer.id,
        samplerName: "Pond",
        samplerLocation: "Bench",
        coordinate: near(town ?? { lat: 16.5, lng: 81.5 }, 30),
        shrimpCategory: "Tiger Shrimp",
        testTypes: ["Allergen Testing"],
        phoneNumber: "9848022338",
      }),
    });
    const body = (await res.json()) as { id?: number; code?: string };
    return { status: res.status, id: body.id, code: body.code, sentAt, answeredAt: Date.now() };
  };
  for (let i = 0; i < 10 * bases.length; i += 1) await submit(i);
  await sleep(2_000);

  const total = Math.round(rate * seconds);
  const started = Date.now();
  const pending: Promise<Awaited<ReturnType<typeof submit>>>[] = [];
  // Open loop: each request leaves at its own time, whatever the earlier ones are doing.
  for (let n = 0; n < total; n += 1) {
    const due = started + (n * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    pending.push(submit(n));
  }
  const sent = await Promise.all(pending);
  const sendSeconds = (Date.now() - started) / 1000;
  const failed = sent.filter((entry) => entry.status !== 201 || entry.id === undefined);
  const ok = sent.filter((entry) => entry.status === 201 && entry.id !== undefined);

  // Every accepted sample's assignment, waiting up to --wait seconds for the last ones.
  const ids = ok.map((entry) => entry.id ?? 0);
  let assigned = new Map<number, { at: number; agentId: number; createdAt: number }>();
  const reader = new pg.Client({ connectionString: dbUrl.toString() });
  await reader.connect();
  for (let i = 0; i < waitSeconds * 2; i += 1) {
    const rows = await reader.query<{ id: number; at: Date; agent_id: number; created_at: Date }>(
      `select e.sample_id as id, e.at, s.agent_id, s.created_at from sample_events e join samples s on s.id = e.sample_id
       where e.to_status = 'COLLECTING' and e.sample_id = any($1::int[])`,
      [ids],
    );
    assigned = new Map(
      rows.rows.map((row) => [
        row.id,
        { at: row.at.getTime(), agentId: row.agent_id, createdAt: row.created_at.getTime() },
      ]),
    );
    if (assigned.size >= ids.length) break;
    await sleep(500);
  }
  await reader.end();
  await database.close();
  // Figures.
  const latencies = ok
    .flatMap((entry) => {
      const move = assigned.get(entry.id ?? 0);
      return move ? [(move.at - entry.sentAt) / 1000] : [];
    })
    .sort((a, b) => a - b);
  // From the moment the API wrote the sample (its created_at, just before the commit): the dispatcher's
  // own share, without the time the request took to arrive and be handled.
  const fromWrite = [...assigned.values()]
    .map((move) => (move.at - move.createdAt) / 1000)
    .sort((a, b) => a - b);
  const submitMs = sent.map((entry) => entry.answeredAt - entry.sentAt).sort((a, b) => a - b);
  const perAgent = new Map<number, number>();
  for (const move of assigned.values()) perAgent.set(move.agentId, (perAgent.get(move.agentId) ?? 0) + 1);
  const counts = [...perAgent.values()];
  const mean = counts.reduce((sum, n) => sum + n, 0) / Math.max(1, counts.length);
  const result = {
    rate,
    seconds,
    achievedRate: Number((sent.length / sendSeconds).toFixed(1)),
    instances: bases.length,
    agents: agentCount,
    submitted: sent.length,
    failed: failed.length,
    // What the failures answered: status and error code, with how many.
    failedBy: Object.fromEntries(
      [...new Set(failed.map((entry) => `${entry.status} ${entry.code ?? ""}`))].map((key) => [
        key,
        failed.filter((entry) => `${entry.status} ${entry.code ?? ""}` === key).length,
      ]),
    ),
    assigned: latencies.length,
    unassigned: ok.length - latencies.length,
    submitMs: { p50: percentile(submitMs, 50), p95: percentile(submitMs, 95), p99: percentile(submitMs, 99) },
    assignSeconds: {
      p50: Number(percentile(latencies, 50).toFixed(3)),
      p95: Number(percentile(latencies, 95).toFixed(3)),
      p99: Number(percentile(latencies, 99).toFixed(3)),
      max: Number((latencies.at(-1) ?? NaN).toFixed(3)),
      over30s: latencies.filter((s) => s > 30).length,
    },
    assignSecondsFromWrite: {
      p50: Number(percentile(fromWrite, 50).toFixed(3)),
      p95: Number(percentile(fromWrite, 95).toFixed(3)),
      p99: Number(percentile(fromWrite, 99).toFixed(3)),
      max: Number((fromWrite.at(-1) ?? NaN).toFixed(3)),
    },
    // `uptime`'s 1, 5 and 15-minute load averages before the bench started and at its end (2 cores).
    loadBefore,
    loadAfter: loadavg().map((n) => Number(n.toFixed(2))),
    loadSpread: {
      agentsWithSamples: counts.length,
      max: Math.max(...counts),
      mean: Number(mean.toFixed(1)),
      maxOverMean: Number((Math.max(...counts) / mean).toFixed(2)),
    },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  stopChildren();
  await sleep(1_500);
  await admin.query(`drop database if exists ${DB_NAME} with (force)`).catch(() => undefined);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
