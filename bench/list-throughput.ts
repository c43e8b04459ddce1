// The own-samples list under 50 concurrent connections: the API (createApp: auth, validation, domain,
// presenter) against a bare node:http + pg server that runs the same SQL for the same first page and
// writes the same JSON, on the same Node, against the same database. The bar in docs/performance.md asks the
// API for at least 0.7× the bare server's throughput and p99 ≤ 50 ms.
// The servers run in a child process, so the load generator does not share their event loop. The load
// comes from wrk (C, Debian's `wrk` package) when it is installed, else from autocannon (Node), which
// itself takes a good part of these 2 cores: `--autocannon` forces it.
// Run: pnpm --filter @lab/bench list-throughput [samples=2000] [--seconds S] [--rounds R] [--autocannon] [postgres-url]
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import autocannon from "autocannon";
import { createDatabase } from "@lab/db";
import { sql } from "drizzle-orm";
import pg from "pg";
import { pino } from "pino";

import { createApp } from "@lab/api";
import { createSessionStore } from "@lab/api/sessions";
import { createTokenService } from "@lab/api/tokens";

const serverUrl =
  process.argv.find((arg) => arg.startsWith("postgres://")) ?? "postgres://postgres@127.0.0.1:5432/test";
const n = Number(process.argv[2] ?? 2_000);
const secondsArg = process.argv.indexOf("--seconds");
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 10;
const roundsArg = process.argv.indexOf("--rounds");
const roundCount = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 3;
const WRK = "/usr/bin/wrk";
const useWrk = existsSync(WRK) && !process.argv.includes("--autocannon");
const CONNECTIONS = 50;
const POOL = 10;
const secret = "bench-secret-bench-secret-bench-secret-bench";

type Figures = { rps: number; p50: number; p99: number };

/** wrk's latency figure ("812.00us", "24.99ms", "1.02s") in ms. */
function wrkMs(text: string, label: string): number {
  const match = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(text);
  if (!match) throw new Error(`no ${label} in wrk's output:\n${text}`);
  const scale = { us: 0.001, ms: 1, s: 1000 }[match[2] as "us" | "ms" | "s"];
  return Number(match[1]) * scale;
}

function wrk(url: string, headers: Record<string, string>, duration: number): Figures {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${duration}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  const out = spawnSync(WRK, [...args, url], { encoding: "utf8" });
  if (out.status !== 0) throw new Error(`wrk failed: ${out.stderr}`);
  if (/Non-2xx|Socket errors/.test(out.stdout)) throw new Error(`errors under load:\n${out.stdout}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out.stdout)?.[1]);
  return { rps, p50: wrkMs(out.stdout, "50%"), p99: wrkMs(out.stdout, "99%") };
}

async function run(name: string, target: string, headers: Record<string, string>): Promise<Figures> {
  // Warm-up: JIT, pool connections, plan caches.
  if (useWrk) {
    wrk(target, headers, 2);
    return wrk(target, headers, seconds);
  }
  await autocannon({ url: target, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url: target, connections: CONNECTIONS, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

if (!process.argv.includes("--serve")) {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1), "--serve"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const ready = await new Promise<{ apiBase: string; bareBase: string; token: string }>((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split("\n").find((entry) => entry.startsWith("{"));
      if (line) resolve(JSON.parse(line) as { apiBase: string; bareBase: string; token: string });
    });
    child.once("exit", (code) => reject(new Error(`server process exited with ${code}`)));
  });
  const auth = { authorization: `Bearer ${ready.token}` };
  // Interleaved rounds, so that both see the same machine; the ratio is taken per round.
  const rounds: { api: Figures; bare: Figures }[] = [];
  for (let round = 0; round < roundCount; round += 1) {
    const bareResult = await run("bare", `${ready.bareBase}/list`, {});
    const apiResult = await run("api", `${ready.apiBase}/api/sample-submissions?page=1&size=10`, auth);
    rounds.push({ api: apiResult, bare: bareResult });
  }
  console.log(
    `${n} samples, ${CONNECTIONS} connections (${useWrk ? "wrk" : "autocannon"}), pools of ${POOL}, ${seconds} s per run\n`,
  );
  console.log("| round | bare req/s | API req/s | ratio | bare p99 ms | API p50 ms | API p99 ms |");
  console.log("|---|---|---|---|---|---|---|");
  for (const [index, { api: a, bare: b }] of rounds.entries()) {
    console.log(
      `| ${index + 1} | ${b.rps.toFixed(0)} | ${a.rps.toFixed(0)} | ${(a.rps / b.rps).toFixed(2)} | ${b.p99.toFixed(1)} | ${a.p50.toFixed(1)} | ${a.p99.toFixed(1)} |`,
    );
  }
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  process.exit(0);
}

const dbName = `bench_tp_${randomBytes(3).toString("hex")}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;
const database = await createDatabase({ url: url.toString(), poolSize: POOL });
const bare = new pg.Pool({ connectionString: url.toString(), max: POOL });

const listen = async (server: Server) => {
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

// The API's three statements for an unfiltered first page (apps/api/src/domain/sample-list/).
const COUNTS = "select status, n from sample_counts where customer_id = $1";
const PAGE = `select stretch.id, to_char(stretch.k at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at
  from (select id, updated_at as k from samples where customer_id = $1
        order by updated_at desc, id desc limit 10 offset 0) stretch
  order by stretch.k desc, stretch.id desc`;
const ROWS = `select s.*, r.id as report_id from samples s left join reports r on r.sample_id = s.id
  where s.id = any($1) and s.customer_id = $2`;

type Row = Record<string, unknown> & { id: number };
async function bareList(customerId: number) {
  const [counts, page] = await Promise.all([
    bare.query<{ n: number }>(COUNTS, [customerId]),
    bare.query(PAGE, [customerId]),
  ]);
  const ids = page.rows.map((row: Row) => row.id);
  const rows = (await bare.query(ROWS, [ids, customerId])).rows as Row[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const total = counts.rows.reduce((sum: number, row: { n: number }) => sum + Number(row.n), 0);
  const items = ids.map((id: number) => {
    const row = byId.get(id);
    return (
      row && {
        id: row.id,
        consumerId: row["customer_id"],
        status: row["status"],
        samplerName: row["sampler_name"],
        samplerLocation: row["sampler_location"],
        shrimpCategory: row["shrimp_category"],
        shrimpSubCategory: row["shrimp_sub_category"],
        testTypes: row["test_types"],
        phoneNumber: row["phone_number"],
        emailAddress: row["email_address"],
        assigned: row["assigned"],
        createdAt: (row["created_at"] as Date).toISOString(),
        updatedAt: (row["updated_at"] as Date).toISOString(),
        reportId: row["report_id"],
      }
    );
  });
  return { items, total, page: 1, size: 10, cursor: null };
}

try {
  await database.migrate();
  await database.db.execute(sql`
    insert into customers (email, full_name, password_hash, email_verified_at)
    values ('throughput@gmail.com', 'Throughput Farm', 'x', now())`);
  await database.db.execute(sql`
    insert into samples (customer_id, status, sampler_name, sampler_location, lat, lng, shrimp_category,
      test_types, shrimp_sub_category, phone_number, email_address, created_at, updated_at)
    select 1, (array['PENDING','COLLECTING','COLLECTED','TESTING','COMPLETED'])[1 + (g % 5)], 'Farmer ' || g,
      'Village ' || (g % 97) || ', Andhra Pradesh, India', 16.5, 81.5, 'Tiger Shrimp', array['Allergen Testing'],
      'Allergen Testing', '+9190000' || lpad(g::text, 5, '0'), 'farmer' || g || '@gmail.com',
      timestamptz '2024-01-01' + (g || ' minutes')::interval, timestamptz '2024-01-01' + (g || ' minutes')::interval
    from generate_series(1, ${n}) g`);
  await database.db.execute(sql`vacuum analyze samples`);

  const api = createApp({
    database,
    logger: pino({ level: "silent" }),
    jwtSecret: secret,
    mailQueued: () => undefined,
    rateLimit: false,
  });
  const apiBase = await listen(createServer(api));
  const bareBase = await listen(
    createServer((req, res) => {
      bareList(1).then(
        (body) => {
          res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
          res.end(JSON.stringify(body));
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    }),
  );
  // Tokens name a live session: the bench opens one as a sign-in would.
  const { token } = await createSessionStore(database.db, createTokenService(secret)).start(
    database.db,
    "customer",
    1,
    new Date(),
  );
  console.log(JSON.stringify({ apiBase, bareBase, token }));
  await new Promise((resolve) => process.once("SIGTERM", resolve));
} finally {
  await bare.end();
  await database.close();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  // The servers keep their handles; the parent has its figures.
  process.exit();
}
