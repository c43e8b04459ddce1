// The samples list (its one customer the admin of its organisation, scope all) under 50 concurrent
// connections: the API (built as the server builds it, buildParts + createApp, and as production runs
// it: helmet, compression, request id and log line, metrics, session check, validation, domain,
// presenter) against a bare node:http + pg server that runs the same SQL for the same first page and writes the
// same items, on the same Node, against the same database. The bar in docs/performance.md asks the API
// for at least 0.7× the bare server's throughput and p99 ≤ 50 ms.
// The servers run in a child process, so the load generator does not share their event loop. The load
// comes from wrk (C, Debian's `wrk` package) when it is installed, else from autocannon (Node), which
// itself takes a good part of these 2 cores: `--autocannon` forces it.
// Besides req/s, each run reports the CPU a request cost: the server process's own and, when Postgres
// runs on this machine, its backends' (read from /proc). On a shared machine these move far less than
// req/s, and their ratio is what the req/s ratio tends to once the cores are saturated.
// Run: pnpm --filter @lab/bench list-throughput [samples=2000] [--seconds S] [--rounds R] [--autocannon] [postgres-url]
//      --smoke: 30 samples, one 1 s round, no warm-up; checks both servers answer the same page.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import autocannon from "autocannon";
import { createDatabase } from "@lab/db";
import { sql } from "drizzle-orm";
import pg from "pg";
import { destination, pino } from "pino";

import { startInProcessApp } from "./support/in-process-app";

const serverUrl =
  process.argv.find((arg) => arg.startsWith("postgres://")) ?? "postgres://postgres@127.0.0.1:5432/test";
const smoke = process.argv.includes("--smoke");
const option = (name: string, fallback: number): number => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const n = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? (smoke ? 30 : 2_000));
const seconds = smoke ? 1 : option("seconds", 10);
const warmUpSeconds = smoke ? 0 : 2;
const roundCount = smoke ? 1 : option("rounds", 3);
const WRK = "/usr/bin/wrk";
const useWrk = existsSync(WRK) && !process.argv.includes("--autocannon");
const CONNECTIONS = 50;
const POOL = 10;
const API_PATH = "/api/sample-submissions?page=1&size=10";

/** CPU ms a request: the server process's, and its Postgres backends' (null when not readable). */
type Cpu = { node: number; postgres: number | null };
type Figures = { rps: number; requests: number; p50: number; p99: number; cpu?: Cpu };

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
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out.stdout)?.[1]),
    requests: Number(/(\d+) requests in/.exec(out.stdout)?.[1]),
    p50: wrkMs(out.stdout, "50%"),
    p99: wrkMs(out.stdout, "99%"),
  };
}

async function load(name: string, url: string, headers: Record<string, string>, duration: number) {
  if (useWrk) return wrk(url, headers, duration);
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** CPU ms so far: the process's, and each Postgres backend's by pid (null when not readable). */
type CpuTotals = { node: number; postgres: Record<string, number> | null };
async function cpuTotals(control: string): Promise<CpuTotals> {
  return (await (await fetch(`${control}/cpu`)).json()) as CpuTotals;
}

async function run(name: string, url: string, headers: Record<string, string>, control: string) {
  // Warm-up: JIT, pool connections, plan caches.
  if (warmUpSeconds > 0) await load(name, url, headers, warmUpSeconds);
  // Only one server is under load at a time, so the CPU spent meanwhile is that server's.
  const before = await cpuTotals(control);
  const figures = await load(name, url, headers, seconds);
  const after = await cpuTotals(control);
  const perRequest = (spent: number) => spent / Math.max(1, figures.requests);
  // By backend: pools open and close connections during a run.
  const earlier = before.postgres;
  const postgres =
    earlier === null || after.postgres === null
      ? null
      : perRequest(
          Object.entries(after.postgres).reduce((sum, [pid, spent]) => sum + spent - (earlier[pid] ?? 0), 0),
        );
  return { ...figures, cpu: { node: perRequest(after.node - before.node), postgres } };
}

type Ready = { apiBase: string; bareBase: string; control: string; token: string };

if (!process.argv.includes("--serve")) {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1), "--serve"], {
    // The IPC channel closes when this process ends, however it ends: the server process follows.
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const line = text.split("\n").find((entry) => entry.startsWith("{"));
      if (line) resolve(JSON.parse(line) as Ready);
    });
    child.once("exit", (code) => reject(new Error(`server process exited with ${code}`)));
  });
  const auth = { authorization: `Bearer ${ready.token}` };
  if (smoke) {
    // Both servers answer the same page: the bare one still runs the API's query.
    const read = async (url: string, headers: Record<string, string>) => {
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return (await response.json()) as { items: { id: number }[]; total: number };
    };
    const [bareList, apiList] = await Promise.all([
      read(`${ready.bareBase}/list`, {}),
      read(`${ready.apiBase}${API_PATH}`, auth),
    ]);
    const ids = (list: { items: { id: number }[]; total: number }) =>
      `${list.total}: ${list.items.map((item) => item.id).join(",")}`;
    if (ids(bareList) !== ids(apiList) || apiList.total !== n)
      throw new Error(`the bare page (${ids(bareList)}) is not the API's (${ids(apiList)})`);
  }
  // Interleaved rounds, so that both see the same machine; the ratio is taken per round.
  const rounds: { api: Figures; bare: Figures }[] = [];
  for (let round = 0; round < roundCount; round += 1) {
    const bareResult = await run("bare", `${ready.bareBase}/list`, {}, ready.control);
    const apiResult = await run("api", `${ready.apiBase}${API_PATH}`, auth, ready.control);
    rounds.push({ api: apiResult, bare: bareResult });
  }
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));

  const ms = (value: number | null | undefined) => (value == null ? "—" : value.toFixed(3));
  const total = (cpu: Cpu | undefined) => (cpu ? cpu.node + (cpu.postgres ?? 0) : 0);
  console.log(
    `${n} samples, ${CONNECTIONS} connections (${useWrk ? "wrk" : "autocannon"}), pools of ${POOL}, ${seconds} s per run\n`,
  );
  console.log(
    "| round | bare req/s | API req/s | ratio | bare p99 ms | API p50 ms | API p99 ms | bare CPU ms/req (node + pg) | API CPU ms/req (node + pg) | CPU ratio |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const [index, { api: a, bare: b }] of rounds.entries()) {
    console.log(
      `| ${index + 1} | ${b.rps.toFixed(0)} | ${a.rps.toFixed(0)} | ${(a.rps / b.rps).toFixed(2)} | ${b.p99.toFixed(1)} | ${a.p50.toFixed(1)} | ${a.p99.toFixed(1)} | ${ms(b.cpu?.node)} + ${ms(b.cpu?.postgres)} | ${ms(a.cpu?.node)} + ${ms(a.cpu?.postgres)} | ${(total(b.cpu) / total(a.cpu)).toFixed(2)} |`,
    );
  }
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

// The API's three statements for an unfiltered first page as the organisation's admin (scope all:
// counters summed over its members, rows by organisation; apps/api/src/domain/samples/list/), sent as
// plain queries: no prepared statements, no query builder.
const COUNTS = `select sample_counts.status, sum(sample_counts.n)::int as n
  from sample_counts inner join customers on customers.id = sample_counts.customer_id
  where customers.organisation_id = $1 group by sample_counts.status`;
const PAGE = `select stretch.id, to_char(stretch.k at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at
  from (select id, updated_at as k from samples where organisation_id = $1
        order by updated_at desc, id desc limit 10 offset 0) stretch
  order by stretch.k desc, stretch.id desc`;
const ROWS = `select s.*, r.id as report_id,
    case when r.status = 'revoked' then 'revoked' when r.replaces_id is not null then 'replaced' end
      as report_revocation
  from samples s left join reports r on r.sample_id = s.id and r.replaced_by_id is null
  where s.id = any($1) and s.organisation_id = $2`;

type Row = Record<string, unknown> & { id: number };
/** The API's items (phone numbers as stored, not formatted for display; no signed cursor). */
async function bareList(organisationId: number) {
  const [counts, page] = await Promise.all([
    bare.query<{ n: number }>(COUNTS, [organisationId]),
    bare.query(PAGE, [organisationId]),
  ]);
  const ids = page.rows.map((row: Row) => row.id);
  const rows = (await bare.query(ROWS, [ids, organisationId])).rows as Row[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const total = counts.rows.reduce((sum: number, row: { n: number }) => sum + Number(row.n), 0);
  const items = ids.map((id: number) => {
    const row = byId.get(id);
    return (
      row && {
        id: row.id,
        consumerId: row["customer_id"],
        providerId: row["provider_id"],
        status: row["status"],
        samplerName: row["sampler_name"],
        samplerLocation: row["sampler_location"],
        coordinates: row["lat"] !== null && row["lng"] !== null ? { lat: row["lat"], lng: row["lng"] } : null,
        shrimpCategory: row["shrimp_category"],
        shrimpSubCategory: row["shrimp_sub_category"],
        testTypes: row["test_types"],
        markets: row["markets"],
        phoneNumber: row["phone_number"],
        emailAddress: row["email_address"],
        assigned: row["assigned"],
        testingEta: row["testing_eta"],
        createdAt: (row["created_at"] as Date).toISOString(),
        updatedAt: (row["updated_at"] as Date).toISOString(),
        reportId: row["report_id"],
        reportRevocation: row["report_revocation"],
      }
    );
  });
  return { items, total, page: 1, size: 10, cursor: null };
}

const clockTicks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;
/** CPU ms of each of this database's Postgres backends, when they run here and /proc shows them. */
async function postgresCpuMs(): Promise<Record<string, number> | null> {
  const { rows } = await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1", [
    dbName,
  ]);
  const spent: Record<string, number> = {};
  for (const { pid } of rows) {
    try {
      // utime and stime: fields 14 and 15, counted after the command name's closing parenthesis.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      spent[pid] = ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
    } catch {
      return null;
    }
  }
  return spent;
}

try {
  await database.migrate();
  await database.db.execute(sql`insert into organisations (name) values ('Throughput Farm')`);
  await database.db.execute(sql`
    insert into customers (organisation_id, email, full_name, password_hash, email_verified_at)
    values (1, 'throughput@gmail.com', 'Throughput Farm', 'x', now())`);
  await database.db.execute(sql`
    insert into samples (organisation_id, customer_id, status, sampler_name, sampler_location, lat, lng,
      shrimp_category, test_types, shrimp_sub_category, phone_number, email_address, created_at, updated_at)
    select 1, 1, (array['PENDING','COLLECTING','COLLECTED','TESTING','COMPLETED'])[1 + (g % 5)], 'Farmer ' || g,
      'Village ' || (g % 97) || ', Andhra Pradesh, India', 16.5, 81.5, 'Tiger Shrimp', array['Allergen Testing'],
      'Allergen Testing', '+9190000' || lpad(g::text, 5, '0'), 'farmer' || g || '@gmail.com',
      timestamptz '2024-01-01' + (g || ' minutes')::interval, timestamptz '2024-01-01' + (g || ' minutes')::interval
    from generate_series(1, ${n}) g`);
  await database.db.execute(sql`vacuum analyze samples`);

  // Made as the server makes it (buildParts, appDepsOf, createApp). As in production: an info line for
  // every request (written, here to nowhere) and metrics counted.
  const api = await startInProcessApp({
    database,
    appLogger: pino({ level: "info" }, destination({ dest: "/dev/null", sync: true })),
    metricsToken: "bench-metrics-token",
  });
  const apiBase = await listen(createServer(api.app));
  const bareBase = await listen(
    createServer((req, res) => {
      // Organisation 1, whose admin customer 1 is.
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
  const token = await api.customerToken(1);
  const control = await listen(
    createServer((_req, res) => {
      void postgresCpuMs().then((postgres) => {
        const { user, system } = process.cpuUsage();
        // No keep-alive: the next read comes after a run longer than the server's keep-alive timeout.
        res.writeHead(200, { "content-type": "application/json", connection: "close" });
        res.end(JSON.stringify({ node: (user + system) / 1000, postgres }));
      });
    }),
  );
  console.log(JSON.stringify({ apiBase, bareBase, control, token }));
  await new Promise((resolve) => {
    process.once("SIGTERM", resolve);
    process.once("disconnect", resolve);
  });
} finally {
  await bare.end();
  await database.close();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  // The servers keep their handles; the parent has its figures.
  process.exit();
}
