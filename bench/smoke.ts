// Every bench at a tiny size, so that none stops working unseen: each must exit 0 and print its
// figures. Part of the test command (`pnpm test:unit` runs this package's `test`); seconds, not minutes.
// The Postgres ones use TEST_DATABASE_URL's server (default the local one); without a reachable
// server they are skipped, except under CI=true, where they must run.
// Not here: lighthouse and slow-line need a production build of the web app and take minutes in
// Chromium; web-bundle needs that build too. The typecheck and lint of this package cover their code.
// Run: pnpm --filter @lab/bench test [name ...]
import { spawn } from "node:child_process";

import pg from "pg";

const databaseUrl = process.env["TEST_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test";
const ci = process.env["CI"] === "true";
const LIMIT_S = 90;

interface Smoke {
  name: string;
  args: string[];
  /** What the bench prints once it has measured: its figures. */
  figures: RegExp;
  postgres?: boolean;
}

// Longest first, so that the three lanes end together.
const smokes: Smoke[] = [
  { name: "realtime", args: ["realtime.ts", "20", "3", "--postgres"], figures: /p95/, postgres: true },
  {
    name: "coa-release",
    args: ["coa-release.ts", "2", "--warm", "0", databaseUrl],
    figures: /p95/,
    postgres: true,
  },
  {
    name: "dispatch",
    args: [
      "dispatch.ts",
      "--rate",
      "5",
      "--seconds",
      "1",
      "--agents",
      "3",
      "--instances",
      "1",
      "--wait",
      "20",
      databaseUrl,
    ],
    figures: /p95/,
    postgres: true,
  },
  {
    name: "list-throughput",
    args: ["list-throughput.ts", "--smoke", databaseUrl],
    figures: /\| 1 \| \d+ \| \d+ \| [\d.]+ \|/,
    postgres: true,
  },
  {
    name: "samples-list",
    args: ["samples-list.ts", "200", "--total", "400", "--times", "3", databaseUrl],
    figures: /p95/,
    postgres: true,
  },
  {
    name: "lots-check",
    args: ["lots-check.ts", "300", "--total", "1500", "--times", "3", databaseUrl],
    figures: /p95/,
    postgres: true,
  },
  { name: "places", args: ["places.ts", "--smoke"], figures: /p95/ },
  { name: "coa-pdf", args: ["coa-pdf.ts", "2"], figures: /p95/ },
  { name: "coa-render", args: ["coa-render.ts", "2"], figures: /p95/ },
  {
    name: "sms-throughput",
    args: ["sms-throughput.ts", "--count", "200", databaseUrl],
    figures: /sender: .*lost 0, duplicated 0/,
    postgres: true,
  },
];

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function runBench(smoke: Smoke): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, ...smoke.args], {
      cwd: import.meta.dirname,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    // A bench that hangs (a server that never starts) fails here instead of holding the test run.
    const timer = setTimeout(() => {
      output += `\nstopped after ${LIMIT_S} s`;
      child.kill("SIGTERM");
    }, LIMIT_S * 1000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const only = process.argv.slice(2);
const chosen = only.length > 0 ? smokes.filter((smoke) => only.includes(smoke.name)) : smokes;
const reachable = await postgresReachable();
if (!reachable && ci) throw new Error(`CI: no Postgres at ${databaseUrl}; the Postgres benches must run`);

// Three at a time: most of each run is a server starting and migrating its database, not CPU.
const failures: string[] = [];
const queue = [...chosen];
async function worker(): Promise<void> {
  for (let smoke = queue.shift(); smoke; smoke = queue.shift()) {
    if (smoke.postgres && !reachable) {
      console.log(`skipped ${smoke.name}: no Postgres at ${databaseUrl}`);
      continue;
    }
    const { code, output, seconds } = await runBench(smoke);
    const printed = smoke.figures.test(output);
    console.log(`${code === 0 && printed ? "ok" : "FAILED"} ${smoke.name} (${seconds.toFixed(1)} s)`);
    if (code !== 0 || !printed) {
      failures.push(smoke.name);
      console.log(output.split("\n").slice(-30).join("\n"));
    }
  }
}
await Promise.all([worker(), worker(), worker()]);
if (failures.length > 0) {
  console.log(`\nbenches that no longer run: ${failures.join(", ")}`);
  process.exit(1);
}
