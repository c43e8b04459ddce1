// The own-samples list at scale, through the HTTP API on real Postgres.
// Seeds one customer with N samples (default 200,000) plus a crowd of other customers' samples, then
// times first/middle/last pages, each status group, a date range and a search, p50/p95/p99.
// Run: pnpm --filter @lab/bench samples-list [N] [--total T] [postgres-url] [--keep] [--reuse DB] [--times K]
//   (default N 200000, T 2N; --reuse times an earlier --keep database again, migrating it first)
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";

import { createDatabase } from "@lab/db";
import { sql } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";

import { createApp } from "@lab/api";
import { createSessionStore } from "@lab/api/sessions";
import { createTokenService } from "@lab/api/tokens";

const serverUrl =
  process.argv.find((arg) => arg.startsWith("postgres://")) ?? "postgres://postgres@127.0.0.1:5432/test";
// --keep leaves the seeded database behind, for EXPLAIN.
const keep = process.argv.includes("--keep");
const n = Number(process.argv[2] ?? 200_000);
// --total T: the whole table holds T samples (the rest spread over 999 other customers); default 2N.
const totalArg = process.argv.indexOf("--total");
const others = (totalArg > 0 ? Number(process.argv[totalArg + 1]) : 2 * n) - n;
// --times K: timed requests per query, after 5 untimed (default 200, so p99 is the second-worst).
const timesArg = process.argv.indexOf("--times");
const timed = timesArg > 0 ? Number(process.argv[timesArg + 1]) : 200;
const reuseArg = process.argv.indexOf("--reuse");
const reuse = reuseArg > 0 ? process.argv[reuseArg + 1] : undefined;
const dbName = reuse ?? `bench_${randomBytes(3).toString("hex")}`;

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
if (!reuse) await admin.query(`create database ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const database = await createDatabase({ url: url.toString(), poolSize: 20 });

async function seed() {
  const t0 = performance.now();
  // Each customer the admin of an organisation of its own, numbered alike, as migration 0020 leaves them.
  await database.db.execute(sql`
    insert into organisations (id, name) select g, 'Bench ' || g from generate_series(1, 1000) g`);
  await database.db.execute(sql`select setval(pg_get_serial_sequence('organisations', 'id'), 1000)`);
  await database.db.execute(sql`
    insert into customers (organisation_id, email, full_name, password_hash, email_verified_at)
    select g, 'bench' || g || '@gmail.com', 'Bench ' || g, 'x', now() from generate_series(1, 1000) g`);
  const statuses = sql`(array['PENDING','COLLECTING','COLLECTED','TESTING','COMPLETED'])[1 + (g % 5)]`;
  const insert = (customer: ReturnType<typeof sql>, count: number) => sql`
    insert into samples (organisation_id, customer_id, status, sampler_name, sampler_location, lat, lng,
      shrimp_category, test_types, shrimp_sub_category, phone_number, email_address, created_at, updated_at)
    select ${customer}, ${customer}, ${statuses}, 'Farmer ' || g, 'Village ' || (g % 977) || ', Andhra Pradesh, India',
      16.5, 81.5, 'Tiger Shrimp', array['Allergen Testing'], 'Allergen Testing',
      '+9190000' || lpad((g % 100000)::text, 5, '0'), 'farmer' || (g % 5000) || '@gmail.com',
      timestamptz '2024-01-01' + (g || ' minutes')::interval,
      timestamptz '2024-01-01' + ((g * 7 % ${count}) || ' minutes')::interval
    from generate_series(1, ${count}) g`;
  // Bulk load the way one would restore a dump: without the per-row counter trigger and the trigram
  // index, both rebuilt afterwards to exactly what the row-by-row path would have produced.
  await database.db.execute(sql`alter table samples disable trigger samples_count_change`);
  await database.db.execute(sql`drop index samples_search_trgm_idx`);
  await database.db.execute(sql`drop index samples_customer_search_idx`);
  await database.db.execute(sql`drop index samples_organisation_search_idx`);
  await database.db.execute(insert(sql`1`, n));
  await database.db.execute(insert(sql`2 + (g % 999)`, others));
  await database.db.execute(sql`set maintenance_work_mem = '512MB'`);
  await database.db.execute(
    sql`create index samples_search_trgm_idx on samples using gin (search_text gin_trgm_ops)`,
  );
  await database.db.execute(
    sql`create index samples_customer_search_idx on samples using gin (customer_id, search_text gin_trgm_ops)`,
  );
  await database.db.execute(
    sql`create index samples_organisation_search_idx on samples using gin (organisation_id, search_text gin_trgm_ops)`,
  );
  await database.db.execute(sql`
    insert into sample_counts (customer_id, status, n)
    select customer_id, status, count(*) from samples group by customer_id, status`);
  await database.db.execute(sql`alter table samples enable trigger samples_count_change`);
  // What autovacuum does on a live server: statistics and the visibility map for index-only scans.
  await database.db.execute(sql`vacuum analyze samples`);
  console.log(
    `seeded ${n} samples for customer 1 and ${others} for 999 others in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}

try {
  await database.migrate();
  if (!reuse) await seed();

  const app = createApp({
    database,
    logger: pino({ level: "silent" }),
    jwtSecret: "bench-secret-bench-secret-bench-secret-bench",
    mailQueued: () => undefined,
    rateLimit: false,
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/sample-submissions`;
  // Tokens name a live session: the bench opens one as a sign-in would.
  const { token } = await createSessionStore(
    database.db,
    createTokenService("bench-secret-bench-secret-bench-secret-bench"),
  ).start(database.db, "customer", 1, new Date());
  const lastPage = Math.ceil(n / 10);
  const middle = Math.floor(lastPage / 2);
  // The cursor of the middle page, as the screen holds it when the user presses Next or Prev there.
  // (None past the end: at a small size the search has no page 5, and that case is left out.)
  const cursorOf = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const { cursor } = (await res.json()) as { cursor: string | null };
    return cursor === null ? undefined : encodeURIComponent(cursor);
  };
  const midCursor = (await cursorOf(`?page=${middle}&size=10`)) ?? "";
  const searchCursor = await cursorOf(`?q=Village%2012&page=5&size=10`);
  const cases: [string, string][] = [
    ["first page", "?page=1&size=10"],
    ["page 100", "?page=100&size=10"],
    ["middle page, jumped to (offset)", `?page=${middle}&size=10`],
    ["middle page, Next (cursor)", `?page=${middle + 1}&size=10&cursor=${midCursor}`],
    ["middle page, Prev (cursor)", `?page=${middle - 1}&size=10&cursor=${midCursor}`],
    ["middle page, 2 ahead (cursor)", `?page=${middle + 2}&size=10&cursor=${midCursor}`],
    ["last page", `?page=${lastPage}&size=10`],
    ["page size 100", "?page=3&size=100"],
    ["pending group", "?status=pending"],
    ["processing group", "?status=processing"],
    ["completed group", "?status=completed"],
    ["date range (1 week)", "?from=2024-02-01&to=2024-02-07"],
    ["date range + completed", "?from=2024-02-01&to=2024-02-07&status=completed"],
    ["search 'Village 12' (1 %)", "?q=Village%2012"],
    ...(searchCursor === undefined
      ? []
      : ([
          ["search 'Village 12', Next (cursor)", `?q=Village%2012&page=6&size=10&cursor=${searchCursor}`],
        ] as [string, string][])),
    ["search 'illage 97' (0.1 %)", "?q=illage%2097"],
    ["search 'farmer4999@' (40 rows)", "?q=farmer4999%40"],
    ["search phone digits", "?q=9000012"],
    ["search 'Village 12' + completed", "?q=Village%2012&status=completed"],
    ["search 'vil' (every row)", "?q=vil"],
    ["summary", "/summary"],
  ];
  console.log("| query | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|");
  for (const [name, path] of cases) {
    const times: number[] = [];
    for (let i = 0; i < timed + 5; i += 1) {
      const start = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      if (i >= 5) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) =>
      (times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0).toFixed(1);
    console.log(`| ${name} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} |`);
  }
  server.close();
} finally {
  await database.close();
  if (keep) console.log(`kept database ${dbName}`);
  else await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
