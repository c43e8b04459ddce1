// Web bar (docs/performance.md): Lighthouse mobile performance ≥ 95.
// Starts the real server (from source, bench/support/api-process.ts; NODE_ENV=production, a throw-away embedded
// database): it serves the built SPA as users get it, compressed and with its cache headers. Then runs
// Lighthouse's default mobile audit (Moto G Power emulation, simulated slow 4G, 4× CPU slowdown) in
// Debian's Chromium, `runs` times per page, and prints each run and the median score and metrics.
// Exit code 1 when a page's median score is under the bar.
// Run: pnpm --filter @lab/web build && pnpm --filter @lab/bench lighthouse [runs=3] [/path ...] [--save DIR] [--lang te]
//   (--save keeps each run's full report as JSON, for its diagnostics; --lang makes it the browser's
//   language, so the portal opens in that language as a first visit would, e.g. Telugu;
//   WEB_DIST_DIR=<dir> serves another build)
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { startApiProcess } from "./support/api-process";

const BAR = 95;
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const webDist = process.env.WEB_DIST_DIR ?? join(root, "apps", "web", "dist");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 3);
const saveArg = process.argv.indexOf("--save");
const saveDir = saveArg > 0 ? process.argv[saveArg + 1] : undefined;
const langArg = process.argv.indexOf("--lang");
const lang = langArg > 0 ? process.argv[langArg + 1] : undefined;
const paths = process.argv.slice(2).filter((arg) => arg.startsWith("/") && arg !== saveDir);
if (paths.length === 0) paths.push("/", "/login");

if (!existsSync(join(webDist, "index.html"))) {
  console.error(`${webDist}/index.html is missing: run \`pnpm --filter @lab/web build\` first`);
  process.exit(2);
}
if (!existsSync(chromePath)) {
  console.error(`${chromePath} is missing: apt-get install -y chromium`);
  process.exit(2);
}

const server = startApiProcess({
  NODE_ENV: "production",
  JWT_SECRET: randomBytes(32).toString("hex"),
  LAB_ADMIN_EMAIL: "lab@bench.local",
  LAB_ADMIN_PASSWORD: `Bench#${randomBytes(6).toString("hex")}`,
  DATA_DIR: mkdtempSync(join(tmpdir(), "bench-lh-")),
  WEB_DIST_DIR: webDist,
});
const { base } = server;

const metrics = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
} as const;
type Run = { score: number } & Record<keyof typeof metrics, number>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const show = (run: Run) =>
  `${run.score} | ${run.fcp.toFixed(0)} | ${run.lcp.toFixed(0)} | ${run.tbt.toFixed(0)} | ${run.cls.toFixed(3)} | ${run.si.toFixed(0)}`;

await server.ready();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    ...(lang ? [`--lang=${lang}`, `--accept-lang=${lang}`] : []),
  ],
});
if (lang) console.log(`browser language: ${lang}`);
let failed = false;
try {
  console.log(
    "| page | run | score | FCP ms | LCP ms | TBT ms | CLS | SI ms |\n|---|---|---|---|---|---|---|---|",
  );
  for (const path of paths) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i += 1) {
      const answer = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        onlyCategories: ["performance"],
        logLevel: "error",
        output: "json",
      });
      if (!answer) throw new Error(`no Lighthouse result for ${path}`);
      const { lhr } = answer;
      if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        const name = `${path.replace(/\W+/g, "_") || "_"}-${i + 1}.json`;
        writeFileSync(join(saveDir, name), JSON.stringify(lhr));
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const run: Run = {
        score: Math.round((lhr.categories["performance"]?.score ?? 0) * 100),
        fcp: value(metrics.fcp),
        lcp: value(metrics.lcp),
        tbt: value(metrics.tbt),
        cls: value(metrics.cls),
        si: value(metrics.si),
      };
      results.push(run);
      console.log(`| ${path} | ${i + 1} | ${show(run)} |`);
    }
    const middle: Run = {
      score: median(results.map((run) => run.score)),
      fcp: median(results.map((run) => run.fcp)),
      lcp: median(results.map((run) => run.lcp)),
      tbt: median(results.map((run) => run.tbt)),
      cls: median(results.map((run) => run.cls)),
      si: median(results.map((run) => run.si)),
    };
    console.log(`| **${path}** | median | **${show(middle)}** |`);
    if (middle.score < BAR) failed = true;
  }
} finally {
  chrome.kill();
  server.stop();
}
console.log(failed ? `\nUnder the bar (${BAR}) on at least one page.` : `\nEvery page at or over ${BAR}.`);
process.exit(failed ? 1 : 0);
