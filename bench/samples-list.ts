// The samples list at scale, through the HTTP API on real Postgres.
// Seeds one organisation with N samples (default 200,000) submitted by M members (default 5) plus a crowd
// of other organisations' samples (one member each), then times first/middle/last pages, each status
// group, a date range and searches, p50/p95/p99: every query as member 1 (the admin, scope all: the
// organisation's N), the main ones as member 2 (scope own: the N/M they submitted).
// Run: pnpm --filter @lab/bench samples-list [N] [--total T] [--members M] [postgres-url] [--keep]
//        [--seed-only] [--reuse DB] [--times K]
//        [--explain]
//   (default N 200000, T 2N; --keep leaves the database, --seed-only stops after seeding it, --reuse
//   times an earlier --keep database again, migrating it first; --explain, with --reuse, times nothing
//   but sends the scope-all first page, its search "Village 12" and the scope-own first page with
//   auto_explain on for the database, so that their plans (ANALYZE, BUFFERS) reach the server's log)
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";

import { createDatabase } from "@lab/db";
import { sql } from "drizzle-orm";
import pg from "pg";

import { startInProcessApp } from "./support/in-process-app";
import { bulkLoadSamples, insertSamples, ORGANISATIONS, seedOrganisations } from "./support/seed-samples";

const serverUrl =
  process.argv.find((arg) => arg.startsWith("postgres://")) ?? "postgres://postgres@127.0.0.1:5432/test";
const option = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const seedOnly = process.argv.includes("--seed-only");
const n = Number(process.argv[2] ?? 200_000);
// --total T: the whole table holds T samples (the rest spread over 999 other organisations); default 2N.
const others = Number(option("total") ?? 2 * n) - n;
// --members M: the organisation's members, who submitted its samples in turn.
const members = Number(option("members") ?? 5);
// --times K: timed requests per query, after 5 untimed (default 200, so p99 is the second-worst).
const timed = Number(option("times") ?? 200);
const reuse = option("reuse");
// --keep leaves the seeded database behind, for --explain and --reuse; a reused one is kept too.
const keep = process.argv.includes("--keep") || reuse !== undefined;
const explain = reuse !== undefined && process.argv.includes("--explain");
const dbName = reuse ?? `bench_${randomBytes(3).toString("hex")}`;
// Customers 1..M are the organisation's members; customer M + k is the one member of organisation 1 + k.
const ADMIN = 1;
const OWN_SCOPE_MEMBER = 2;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if (!reuse) await admin.query(`create database ${dbName}`);
// Before the bench's pool connects: the settings apply to sessions opened afterwards.
if (explain)
  for (const setting of [
    "session_preload_libraries = 'auto_explain'",
    "auto_explain.log_min_duration = 0",
    "auto_explain.log_analyze = on",
    "auto_explain.log_buffers = on",
  ])
    await admin.query(`alter database ${dbName} set ${setting}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const database = await createDatabase({ url: url.toString(), poolSize: 20 });

async function seed() {
  const t0 = performance.now();
  await seedOrganisations(database, members);
  // In turn, so that each member's samples span the whole period and every status.
  const rebuilt = await bulkLoadSamples(database, url.toString(), [
    insertSamples({ organisation: sql`1`, customer: sql`1 + (g / 5 % ${members})`, count: n }),
    insertSamples({
      organisation: sql`2 + (g % ${ORGANISATIONS - 1})`,
      customer: sql`${members + 1} + (g % ${ORGANISATIONS - 1})`,
      count: others,
    }),
  ]);
  // What autovacuum does on a live server: statistics and the visibility map for index-only scans.
  await database.db.execute(sql`vacuum analyze`);
  console.log(
    `seeded ${n} samples for organisation 1 (${members} members) and ${others} for ${ORGANISATIONS - 1} others, ` +
      `${rebuilt} indexes rebuilt, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

/** Times each case's requests as one member; `main`: only the cases a scope-own member is timed on. */
async function measure(base: string, customerId: number, token: string, label: string, main: boolean) {
  const headers = { authorization: `Bearer ${token}` };
  const read = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers });
    if (res.status !== 200) throw new Error(`${label} ${path}: ${res.status}`);
    return (await res.json()) as { cursor: string | null; total: number };
  };
  // The pages this member's list holds: the organisation's or their own.
  const { total } = await read("?page=1&size=10");
  const lastPage = Math.max(1, Math.ceil(total / 10));
  const middle = Math.max(2, Math.floor(lastPage / 2));
  // The cursor of the middle page, as the screen holds it when the user presses Next or Prev there.
  // (None past the end: at a small size the search has no page 5, and that case is left out.)
  const cursorOf = async (path: string) => {
    const { cursor } = await read(path);
    return cursor === null ? undefined : encodeURIComponent(cursor);
  };
  const midCursor = (await cursorOf(`?page=${middle}&size=10`)) ?? "";
  const searchCursor = await cursorOf(`?q=Village%2012&page=5&size=10`);
  // [name, path, timed for a scope-own member too]
  const cases: [string, string, boolean][] = [
    ["first page", "?page=1&size=10", true],
    ["page 100", "?page=100&size=10", false],
    ["middle page, jumped to (offset)", `?page=${middle}&size=10`, true],
    ["middle page, Next (cursor)", `?page=${middle + 1}&size=10&cursor=${midCursor}`, true],
    ["middle page, Prev (cursor)", `?page=${middle - 1}&size=10&cursor=${midCursor}`, false],
    ["middle page, 2 ahead (cursor)", `?page=${middle + 2}&size=10&cursor=${midCursor}`, false],
    ["last page", `?page=${lastPage}&size=10`, false],
    ["page size 100", "?page=3&size=100", false],
    ["pending group", "?status=pending", true],
    ["processing group", "?status=processing", false],
    ["completed group", "?status=completed", false],
    ["date range (1 week)", "?from=2024-02-01&to=2024-02-07", true],
    ["date range + completed", "?from=2024-02-01&to=2024-02-07&status=completed", false],
    ["search 'Village 12' (1 %)", "?q=Village%2012", true],
    ...(searchCursor === undefined
      ? []
      : ([
          [
            "search 'Village 12', Next (cursor)",
            `?q=Village%2012&page=6&size=10&cursor=${searchCursor}`,
            false,
          ],
        ] as [string, string, boolean][])),
    ["search 'illage 97' (0.1 %)", "?q=illage%2097", false],
    ["search 'farmer4999@' (40 rows)", "?q=farmer4999%40", false],
    ["search phone digits", "?q=9000012", false],
    ["search 'Village 12' + completed", "?q=Village%2012&status=completed", false],
    ["search 'vil' (every row)", "?q=vil", true],
    ["summary", "/summary", true],
  ];
  console.log(`\nas customer ${customerId}, ${label}: ${total} samples in the list\n`);
  console.log("| query | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|");
  for (const [name, path, inMain] of cases) {
    if (main && !inMain) continue;
    const times: number[] = [];
    for (let i = 0; i < timed + 5; i += 1) {
      const start = performance.now();
      const res = await fetch(`${base}${path}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      if (i >= 5) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      (times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(1);
    console.log(`| ${name} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} |`);
  }
}

try {
  await database.migrate();
  if (!reuse) await seed();
  if (!seedOnly) {
    const { app, customerToken, close } = await startInProcessApp({ database });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/sample-submissions`;
    try {
      if (explain) {
        // Seven each, as the timed runs send them again and again: the last is the plan a warm
        // server runs (a prepared statement may have moved to its generic plan by then).
        const requests: [number, string][] = [
          [ADMIN, "?page=1&size=10"],
          [ADMIN, "?q=Village%2012"],
          [OWN_SCOPE_MEMBER, "?page=1&size=10"],
        ];
        for (const [customerId, path] of requests) {
          const headers = { authorization: `Bearer ${await customerToken(customerId)}` };
          for (let i = 0; i < 7; i += 1) await (await fetch(`${base}${path}`, { headers })).arrayBuffer();
        }
        console.log(`plans of customer ${ADMIN}'s and ${OWN_SCOPE_MEMBER}'s lists are in the server's log`);
      } else {
        await measure(base, ADMIN, await customerToken(ADMIN), "the admin (scope all)", false);
        await measure(
          base,
          OWN_SCOPE_MEMBER,
          await customerToken(OWN_SCOPE_MEMBER),
          "a full member of scope own",
          true,
        );
      }
    } finally {
      server.close();
      await close();
    }
  }
} finally {
  await database.close();
  if (explain) await admin.query(`alter database ${dbName} reset all`);
  if (keep) console.log(`kept database ${dbName}`);
  else await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
