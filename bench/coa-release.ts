// 100 releases at once (the bar in docs/performance.md: done in ≤ 10 s). A fresh Postgres database (coa_bench,
// dropped at the end) with the seeded catalogue, the API as a child process (`src/server.ts`), an
// analyst and a reviewer; N samples under TESTING (five panels, ~20 parameters, markets EU, US, JP) get
// their complete results through POST /api/lab/samples/{id}/results as the analyst (not timed), then
// the reviewer fires N POST /api/lab/samples/{id}/release at once. Each release answers after its
// certificate is rendered and stored (report_documents), so the total is the time to N issued PDFs.
// Prints the total, p50/p95/max of the answers, and checks N reports with N distinct SHA-256 hashes.
// Run: pnpm --filter @lab/bench coa-release [N] [--warm 5] [--api-dir <apps/api of another checkout>] [postgres://server-url]
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import {
  createDatabase,
  customers,
  organisations,
  reportDocuments,
  reports,
  sampleEvents,
  samples,
  staff,
} from "@lab/db";
import { count, countDistinct, eq, inArray } from "drizzle-orm";
import pg from "pg";

import { createSessionStore } from "@lab/api/sessions";
import { createTokenService } from "@lab/api/tokens";

const argValue = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const serverUrl =
  process.argv.find((arg) => arg.startsWith("postgres://")) ?? "postgres://postgres@127.0.0.1:5432/test";
const total = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 100);
// Released one by one before the burst, not counted: module loading, the PDF workers' start, JIT.
const warm = Number(argValue("warm", "5"));
const here = dirname(fileURLToPath(import.meta.url));
const apiDir = resolve(argValue("api-dir", join(here, "..", "apps", "api")));
const DB_NAME = "coa_bench";
const secret = "coa-bench-secret-coa-bench-secret-coa-bench";
const TEST_TYPES = [
  "Antibiotic Residue Test",
  "Chemical Residue Analysis",
  "Heavy Metal Analysis",
  "Pathogen Detection",
  "Microbiological Testing",
];
const MARKETS = ["EU", "US", "JP"];

interface PanelParameter {
  code: string;
  kind: "quantitative" | "qualitative" | "graded";
  per25g: boolean;
  grades: string[] | null;
}

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
let child: ChildProcess | undefined;
const stopChild = () => {
  try {
    if (child?.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
};
process.on("exit", stopChild);

try {
  const database = await createDatabase({ url: dbUrl.toString(), poolSize: 4 });
  await database.migrate();
  const db = database.db;
  const [organisation] = await db
    .insert(organisations)
    .values({ name: "श्री लक्ष्मी एक्वा फार्म्स" })
    .returning({ id: organisations.id });
  if (!organisation) throw new Error("no organisation");
  const [owner] = await db
    .insert(customers)
    .values({
      organisationId: organisation.id,
      email: "coa-bench@gmail.com",
      fullName: "వెంకట రమణ",
      company: "श्री लक्ष्मी एक्वा फार्म्स",
      passwordHash: "x",
      emailVerifiedAt: new Date(),
    })
    .returning();
  const people = await db
    .insert(staff)
    .values([
      { email: "analyst@coa-bench.in", name: "प्रिया शर्मा", passwordHash: "x", roles: ["analyst"] },
      { email: "reviewer@coa-bench.in", name: "డా. సురేష్ రెడ్డి", passwordHash: "x", roles: ["reviewer"] },
    ])
    .returning();
  const [analyst, reviewer] = people;
  if (!owner || !analyst || !reviewer) throw new Error("fixture rows not inserted");
  const testing = await db
    .insert(samples)
    .values(
      Array.from({ length: total + warm }, (_, i) => ({
        organisationId: owner.organisationId,
        customerId: owner.id,
        status: "TESTING" as const,
        samplerName: "లక్ష్మీ దేవి",
        samplerLocation: "Amalāpuram, East Godāvari",
        lat: 16.5449 + i / 10_000,
        lng: 81.5212,
        shrimpCategory: "Vannamei",
        testTypes: TEST_TYPES,
        shrimpSubCategory: TEST_TYPES.join(", "),
        phoneNumber: "+919440012345",
        markets: MARKETS,
      })),
    )
    .returning({ id: samples.id });
  await db.insert(sampleEvents).values(
    testing.map((sample) => ({
      sampleId: sample.id,
      fromStatus: "COLLECTED" as const,
      toStatus: "TESTING" as const,
      actor: "system",
    })),
  );
  const sessions = createSessionStore(db, createTokenService(secret));
  const analystToken = (await sessions.start(db, "lab", analyst.id, new Date())).token;
  const reviewerToken = (await sessions.start(db, "lab", reviewer.id, new Date())).token;
  await database.close();

  const port = 4100 + Math.floor(Math.random() * 800);
  const base = `http://127.0.0.1:${port}`;
  child = spawn("pnpm", ["exec", "tsx", "src/server.ts"], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: mkdtempSync(join(tmpdir(), "coa-bench-")),
      JWT_SECRET: secret,
      PUBLIC_URL: "https://portal.aquatest.in",
      RATE_LIMIT: "off",
      EMAIL_CHECK_DNS: "off",
      LAB_SIMULATOR: "off",
      LOG_LEVEL: "warn",
      METRICS_TOKEN: "coa-bench-metrics",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  for (let i = 0; ; i += 1) {
    if (i > 240) throw new Error(`${base} did not start`);
    const ready = await fetch(`${base}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    await sleep(500);
  }
  const call = async (token: string, path: string, body?: object) => {
    const res = await fetch(`${base}/api${path}`, {
      method: body ? "POST" : "GET",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  };

  // Every parameter of the samples' panels, negative: complete rounds awaiting review, no screening
  // positives (those would wait for confirmation).
  const panels = (await call(analystToken, "/lab/panels")).body as {
    testType: string;
    parameters: PanelParameter[];
  }[];
  const parameters = new Map<string, PanelParameter>();
  for (const panel of panels.filter((entry) => TEST_TYPES.includes(entry.testType)))
    for (const parameter of panel.parameters) parameters.set(parameter.code, parameter);
  const results = [...parameters.values()].map((parameter) =>
    parameter.kind === "graded"
      ? parameter.grades
        ? { code: parameter.code, qualifier: parameter.grades[0] }
        : { code: parameter.code, value: 0 }
      : { code: parameter.code, qualifier: parameter.per25g ? "absent" : "not_detected" },
  );
  for (const sample of testing) {
    const entered = await call(analystToken, `/lab/samples/${sample.id}/results`, { results });
    const state = (entered.body as { state?: string }).state;
    if (entered.status !== 200 || state !== "awaiting_review")
      throw new Error(`results for #${sample.id}: ${entered.status} ${JSON.stringify(entered.body)}`);
  }
  console.log(
    `${total} samples (+${warm} to warm up), ${results.length} parameters each × ${MARKETS.length} markets, awaiting review`,
  );
  for (const sample of testing.splice(0, warm)) {
    const released = await call(reviewerToken, `/lab/samples/${sample.id}/release`, {});
    if (released.status !== 201) throw new Error(`warm-up release: ${released.status}`);
  }

  // The API process's CPU time (its threads together), from its own /metrics: what the burst cost it,
  // whatever else the machine was doing.
  const cpuSeconds = async () => {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: "Bearer coa-bench-metrics" } });
    const match = /^process_cpu_seconds_total(?:\{[^}]*\})? ([\d.e+-]+)$/m.exec(await res.text());
    return match ? Number(match[1]) : NaN;
  };
  const cpuBefore = await cpuSeconds();

  // The releases, all at once.
  const started = performance.now();
  const answers = await Promise.all(
    testing.map(async (sample) => {
      const sent = performance.now();
      const released = await call(reviewerToken, `/lab/samples/${sample.id}/release`, {
        note: "Released in the bench",
      });
      return { status: released.status, ms: performance.now() - sent, body: released.body };
    }),
  );
  const totalMs = performance.now() - started;
  const cpuUsed = (await cpuSeconds()) - cpuBefore;
  const failed = answers.filter((answer) => answer.status !== 201);
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);

  const check = await createDatabase({ url: dbUrl.toString(), poolSize: 1 });
  const [issued] = await check.db
    .select({ n: count(), certified: count(reports.certification) })
    .from(reports)
    .where(
      inArray(
        reports.sampleId,
        testing.map((sample) => sample.id),
      ),
    );
  const [stored] = await check.db
    .select({ n: count(), distinct: countDistinct(reportDocuments.sha256) })
    .from(reportDocuments)
    .innerJoin(reports, eq(reports.id, reportDocuments.reportId))
    .where(
      inArray(
        reports.sampleId,
        testing.map((sample) => sample.id),
      ),
    );
  const [first] = await check.db.select({ markets: reports.markets }).from(reports).limit(1);
  await check.close();
  const verdicts = (first?.markets ?? []).map((market) => `${market.code} ${market.verdict}`).join(", ");

  console.log(
    `${total} releases at once: all answered in ${(totalMs / 1000).toFixed(2)} s; ` +
      `answer p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, ` +
      `max ${percentile(times, 100).toFixed(0)} ms; ${failed.length} failed` +
      (failed[0] ? ` (first: ${failed[0].status} ${JSON.stringify(failed[0].body)})` : "") +
      `; API CPU ${cpuUsed.toFixed(2)} s (${((cpuUsed / total) * 1000).toFixed(0)} ms a release)`,
  );
  console.log(
    `reports ${issued?.n ?? 0} (${issued?.certified ?? 0} with a certification number; first: ${verdicts}), ` +
      `stored PDFs ${stored?.n ?? 0}, ` +
      `distinct SHA-256 ${stored?.distinct ?? 0}; load average before ${loadBefore.join(" ")}, ` +
      `after ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
  );
  if (failed.length > 0 || stored?.distinct !== total || issued?.n !== total) process.exitCode = 1;
} finally {
  stopChild();
  await sleep(500);
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.end();
}
