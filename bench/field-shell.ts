// The field app's shell (the bars in docs/performance.md): the JavaScript /field loads, gzip level 9,
// ≤ 150 KB, cold, signed out and signed in; /field opened offline from the service worker after one
// online visit in ≤ 1 s; and the app is installable (Chromium's own installability check over CDP,
// Lighthouse 13 having dropped its PWA category).
// A fresh Postgres database with an agent who can sign in and `jobs` jobs (bench/support/field-server.ts)
// and the real server serving the built SPA. In Debian's Chromium at 360×740 (phone, touch):
//   1. /field cold, signed out (it sends the visitor to /field/sign-in; the form visible), and cold
//      signed in (the session of a sign-in made beforehand: the jobs listed): every script the page
//      fetched until the network was quiet for 2 s, each file's gzip (level 9) from the build, and the
//      bytes on the wire; the service worker's own precache downloads (after the page) are not the
//      page's and are reported apart;
//   2. after that visit, once the service worker controls the page: offline (`context.setOffline`), a
//      new page opens /field; ms from navigation start to the jobs list (signed in) or the sign-in form
//      (signed out), `runs` times, also with the CPU slowed 4× (as Lighthouse's mobile profile does);
//   3. in a profile on disk (Chromium says "in-incognito" for Playwright's own contexts), signed in on
//      /field with the service worker in control: `Page.getInstallabilityErrors` (empty: installable)
//      and `Page.getAppManifest`; then the manifest's fields and that each icon answers.
// Run: pnpm --filter @lab/web build && pnpm --filter @lab/bench field-shell [runs=5] [--list]
//        [postgres://server-url]   (WEB_DIST_DIR=<dir> serves another build)
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";

import { AGENT, startFieldWorld } from "./support/field-server";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const webDist = process.env.WEB_DIST_DIR ?? join(root, "apps", "web", "dist");
const serverUrl =
  process.argv.find((arg) => arg.startsWith("postgres://")) ?? "postgres://postgres@127.0.0.1:5432/test";
const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 5);
const list = process.argv.includes("--list");
const JS_BAR = 150_000;
const OFFLINE_BAR_MS = 1000;

if (!existsSync(join(webDist, "index.html"))) {
  console.error(`${webDist}/index.html is missing: run \`pnpm --filter @lab/web build\` first`);
  process.exit(2);
}
if (!existsSync(chromePath)) {
  console.error(`${chromePath} is missing: apt-get install -y chromium`);
  process.exit(2);
}

// In-page checks, run by Chromium (the bench itself has no DOM types).
type InPage = {
  document: { querySelector(selector: string): unknown };
  navigator: { serviceWorker?: { controller: unknown } };
  performance: { now(): number };
};
const jobsShown = () =>
  (globalThis as unknown as InPage).document.querySelector('a[href^="/field/jobs/"]') !== null;
const signInShown = () =>
  (globalThis as unknown as InPage).document.querySelector("#field-password") !== null;
const controlled = () => Boolean((globalThis as unknown as InPage).navigator.serviceWorker?.controller);

const gzipOf = new Map<string, number>();
/** A built file's gzip size (level 9), as web-bundle.mjs counts it; 0 when it is not a file of the build. */
function gzip9(path: string): number {
  const known = gzipOf.get(path);
  if (known !== undefined) return known;
  const file = join(webDist, normalize(decodeURIComponent(path)));
  const size =
    file.startsWith(webDist) && existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
  gzipOf.set(path, size);
  return size;
}

type Script = { path: string; wire: number; fromServiceWorker: boolean };

/** The page's own script requests (the service worker's precache fetches are its target's, not the page's). */
async function recordScripts(
  page: Page,
): Promise<{ cdp: CDPSession; scripts: () => Script[]; count: () => number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const byId = new Map<string, Script>();
  let requests = 0;
  cdp.on("Network.requestWillBeSent", () => (requests += 1));
  cdp.on("Network.responseReceived", (event) => {
    const url = new URL(event.response.url);
    if (event.type !== "Script" && !url.pathname.endsWith(".js")) return;
    byId.set(event.requestId, {
      path: url.pathname,
      wire: 0,
      fromServiceWorker: event.response.fromServiceWorker ?? false,
    });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const script = byId.get(event.requestId);
    if (script) script.wire = event.encodedDataLength;
  });
  return { cdp, scripts: () => [...byId.values()], count: () => requests };
}

async function quiet(count: () => number, quietMs = 2000): Promise<void> {
  let seen = -1;
  for (let waited = 0; waited < 30_000 && seen !== count(); waited += quietMs) {
    seen = count();
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

async function newContext(browser: Browser, storageState?: string): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: "en-IN",
    ...(storageState ? { storageState: JSON.parse(storageState) as never } : {}),
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const world = await startFieldWorld({ jobs: 12, webDist, serverUrl, dbName: "field_shell_bench" });
const { base } = world;
const loadAtStart = loadavg().map((n) => n.toFixed(2));
const browser = await chromium.launch({
  executablePath: chromePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
let failed = false;
try {
  // A session to open /field with: signed in once on /field/sign-in, in a context of its own.
  const signInContext = await newContext(browser);
  const signInPage = await signInContext.newPage();
  await signInPage.goto(`${base}/field/sign-in`);
  await signInPage.locator("#field-phone").fill(AGENT.phone);
  await signInPage.locator("#field-password").fill(AGENT.password);
  await signInPage.locator("form button[type=submit]").click();
  await signInPage.waitForFunction(jobsShown, undefined, { timeout: 60_000 });
  const session = JSON.stringify(await signInContext.storageState());
  await signInContext.close();

  console.log(`load average ${loadAtStart.join(" ")} at the start\n`);
  const visits = [
    { name: "signed out", session: undefined, shown: signInShown },
    { name: "signed in", session, shown: jobsShown },
  ];
  const offlineRows: string[] = [];
  for (const visit of visits) {
    // 1. Cold: a fresh context, no cache, no service worker.
    const context = await newContext(browser, visit.session);
    const page = await context.newPage();
    const { cdp, scripts, count } = await recordScripts(page);
    await page.goto(`${base}/field`, { waitUntil: "commit" });
    await page.waitForFunction(visit.shown, undefined, { timeout: 60_000, polling: 50 });
    const shownMs = await page.evaluate(() =>
      Math.round((globalThis as unknown as InPage).performance.now()),
    );
    await quiet(count);
    const fetched = scripts().filter((script) => !script.fromServiceWorker);
    const total = fetched.reduce((sum, script) => sum + gzip9(script.path), 0);
    const wire = fetched.reduce((sum, script) => sum + script.wire, 0);
    console.log(
      `/field cold, ${visit.name} (${page.url().replace(base, "")}, shown at ${shownMs} ms): ${fetched.length} scripts, ${kb(total)} gzip level 9, ${kb(wire)} on the wire; bar ${kb(JS_BAR)}: ${total <= JS_BAR ? "PASS" : "FAIL"}`,
    );
    if (list)
      for (const script of fetched)
        console.log(
          `  ${kb(gzip9(script.path)).padStart(9)}  ${kb(script.wire).padStart(9)} wire  ${script.path}`,
        );
    if (total > JS_BAR) failed = true;
    await cdp.detach().catch(() => undefined);

    // 2. The service worker takes the page (it registers 3 s after the first screen and precaches).
    const took = await page
      .waitForFunction(controlled, undefined, { timeout: 60_000 })
      .then(() => true)
      .catch(() => false);
    if (!took) {
      console.log(`  the service worker never controlled /field (${visit.name}): offline open not measured`);
      failed = true;
      await context.close();
      continue;
    }

    // 3. Offline: new pages open /field from the service worker.
    await context.setOffline(true);
    for (const cpu of [1, 4]) {
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const offlinePage = await context.newPage();
        const pageCdp = await context.newCDPSession(offlinePage);
        await pageCdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
        await offlinePage.goto(`${base}/field`, { waitUntil: "commit", timeout: 30_000 }).catch(() => null);
        const ms = await offlinePage
          .waitForFunction(visit.shown, undefined, { timeout: 30_000, polling: 20 })
          .then(() =>
            offlinePage.evaluate(() => Math.round((globalThis as unknown as InPage).performance.now())),
          )
          .catch(() => Number.NaN);
        times.push(ms);
        await pageCdp.detach().catch(() => undefined);
        await offlinePage.close();
      }
      const middle = median(times);
      const pass = middle <= OFFLINE_BAR_MS;
      if (cpu === 1 && !pass) failed = true;
      offlineRows.push(
        `| ${visit.name} | ${cpu === 1 ? "none" : `${cpu}×`} | ${times.map((t) => (Number.isNaN(t) ? "never" : String(t))).join(", ")} | **${Number.isNaN(middle) ? "never" : middle}** | ${pass ? "pass" : "over"} |`,
      );
    }
    await context.close();
  }
  // 4. Installability: Chromium refuses it in an incognito profile (Playwright's contexts are), so a
  // profile on disk; the agent signs in and the service worker takes /field.
  const profile = await chromium.launchPersistentContext(
    mkdtempSync(join(tmpdir(), "bench-field-profile-")),
    {
      executablePath: chromePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-sync",
      ],
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      locale: "en-IN",
    },
  );
  try {
    const page = profile.pages()[0] ?? (await profile.newPage());
    await page.goto(`${base}/field/sign-in`);
    await page.locator("#field-phone").fill(AGENT.phone);
    await page.locator("#field-password").fill(AGENT.password);
    await page.locator("form button[type=submit]").click();
    await page.waitForFunction(jobsShown, undefined, { timeout: 60_000 });
    await page.waitForFunction(controlled, undefined, { timeout: 60_000 });
    const installCdp = await profile.newCDPSession(page);
    const { installabilityErrors } = await installCdp.send("Page.getInstallabilityErrors");
    const manifest = await installCdp.send("Page.getAppManifest");
    console.log(
      `installability errors on /field (Page.getInstallabilityErrors): ${installabilityErrors.length === 0 ? "none (installable)" : JSON.stringify(installabilityErrors)}`,
    );
    console.log(
      `manifest ${manifest.url.replace(base, "")}: ${manifest.errors.length === 0 ? "no errors" : JSON.stringify(manifest.errors)}`,
    );
    if (installabilityErrors.length > 0) failed = true;
  } finally {
    await profile.close();
  }
  const fields = (await (await fetch(`${base}/field.webmanifest`)).json()) as {
    name?: string;
    short_name?: string;
    start_url?: string;
    scope?: string;
    display?: string;
    icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
  };
  const iconChecks = await Promise.all(
    (fields.icons ?? []).map(
      async (icon) =>
        `${icon.sizes} ${icon.purpose ?? "any"} (HTTP ${(await fetch(`${base}${icon.src}`)).status})`,
    ),
  );
  console.log(
    `manifest fields: name "${fields.name}", short_name "${fields.short_name}", start_url ${fields.start_url}, scope ${fields.scope}, display ${fields.display}; icons ${iconChecks.join(", ")}`,
  );

  console.log(
    `\n/field opened offline from the service worker, ms from navigation start to the screen (bar ${OFFLINE_BAR_MS} ms, median of ${runs}):`,
  );
  console.log("| visit | CPU slowdown | runs (ms) | median ms | bar |\n|---|---|---|---|---|");
  for (const row of offlineRows) console.log(row);
} finally {
  await browser.close();
  await world.close();
}
console.log(
  `\nload average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")} at the end; ${failed ? "FAIL" : "PASS"}`,
);
process.exit(failed ? 1 : 0);
