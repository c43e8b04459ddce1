// The portal's first visit on a slow rural line: 400 kbit/s down and up, 400 ms latency (Chromium's
// own network emulation over CDP), a cold cache.
// Starts the real server (from source, bench/support/api-process.ts; NODE_ENV=production, a throw-away embedded
// database), which serves the built SPA compressed and with its cache headers; signs up a verified
// customer through the API (the code read from the server's mailbox files); then, in Debian's Chromium
// at 360×740 (phone, touch), each visit in a fresh browser context unless said otherwise:
//   1. /login, cold: first contentful paint, the sign-in form visible;
//   2. /dashboard, cold, signed in (the session of a sign-in made beforehand): first contentful paint,
//      the dashboard's main content (greeting, figures, Recent Activity) visible;
//   3. /dashboard again in the same context (warm: HTTP cache and, when there is one, the service
//      worker);
//   4. /dashboard in that context offline: what shows, and when.
// Each visit counts requests, bytes transferred (encoded, headers included) and JavaScript files.
// Run: pnpm --filter @lab/web build && pnpm --filter @lab/bench slow-line [runs=1] [--list] [--lang te]
//   (--list prints each request of the cold visits; WEB_DIST_DIR=<dir> serves another build)
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "playwright-core";

import { startApiProcess } from "./support/api-process";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const webDist = process.env.WEB_DIST_DIR ?? join(root, "apps", "web", "dist");
const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 1);
const list = process.argv.includes("--list");
const langArg = process.argv.indexOf("--lang");
const lang = langArg > 0 ? (process.argv[langArg + 1] ?? "en") : "en";

const LINE = { kbits: 400, latencyMs: 400 };
const PASSWORD = "Bench#Slow2026";
const TIMEOUT = 90_000;

if (!existsSync(join(webDist, "index.html"))) {
  console.error(`${webDist}/index.html is missing: run \`pnpm --filter @lab/web build\` first`);
  process.exit(2);
}
if (!existsSync(chromePath)) {
  console.error(`${chromePath} is missing: apt-get install -y chromium`);
  process.exit(2);
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-slow-"));
const server = startApiProcess({
  NODE_ENV: "production",
  JWT_SECRET: randomBytes(32).toString("hex"),
  LAB_ADMIN_EMAIL: "lab@bench.local",
  LAB_ADMIN_PASSWORD: `Bench#${randomBytes(6).toString("hex")}`,
  DATA_DIR: dataDir,
  WEB_DIST_DIR: webDist,
  // Every visit signs in or refreshes from the same address.
  RATE_LIMIT: "off",
});
const { base } = server;

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** The verification code mailed to `email`: the server writes each mail as a JSON file. */
async function mailedCode(email: string): Promise<string> {
  const box = join(dataDir, "mailbox");
  for (let i = 0; i < 80; i += 1) {
    for (const name of existsSync(box) ? readdirSync(box) : []) {
      const mail = JSON.parse(readFileSync(join(box, name), "utf8")) as { to: string[]; text: string };
      if (!mail.to.includes(email)) continue;
      const code = /code(?: is)?:?\s+([A-Z0-9]{6})\b/.exec(mail.text)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification mail for ${email}`);
}

async function signUp(): Promise<string> {
  const email = `slow.line.${Date.now()}@gmail.com`;
  await post("/customers/register", { fullName: "Lakshmi Aqua Farms", email, password: PASSWORD });
  await post("/auth/verify-email", { email, code: await mailedCode(email) });
  return email;
}

type Request = {
  url: string;
  type: string;
  bytes: number;
  fromServiceWorker: boolean;
  failed: boolean;
  /** Seconds from the visit's first request: asked, and fully received. */
  startS: number;
  endS: number | undefined;
};
type Visit = {
  name: string;
  fcp: number | undefined;
  /** The screen's content visible (sign-in form, dashboard content, or what shows offline). */
  content: number | undefined;
  shows: string;
  requests: Request[];
};

/** Chromium's own throttling of this page's requests, and a record of each. */
async function instrument(page: Page, offline = false): Promise<{ cdp: CDPSession; requests: Request[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline,
    latency: LINE.latencyMs,
    downloadThroughput: (LINE.kbits * 1000) / 8,
    uploadThroughput: (LINE.kbits * 1000) / 8,
  });
  const byId = new Map<string, Request>();
  const requests: Request[] = [];
  // CDP's monotonic clock, in seconds, at the visit's first request.
  let started: number | undefined;
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.request.url.startsWith("data:")) return;
    const known = byId.get(event.requestId);
    if (known) return; // a redirect: the same request
    const request: Request = {
      url: event.request.url.replace(base, ""),
      type: event.type ?? "Other",
      bytes: 0,
      fromServiceWorker: false,
      failed: false,
      startS: event.timestamp - (started ??= event.timestamp),
      endS: undefined,
    };
    byId.set(event.requestId, request);
    requests.push(request);
  });
  cdp.on("Network.responseReceived", (event) => {
    const request = byId.get(event.requestId);
    if (request) request.fromServiceWorker = event.response.fromServiceWorker ?? false;
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = byId.get(event.requestId);
    if (request) {
      request.bytes = event.encodedDataLength;
      request.endS = event.timestamp - (started ?? event.timestamp);
    }
  });
  cdp.on("Network.loadingFailed", (event) => {
    const request = byId.get(event.requestId);
    if (request) request.failed = true;
  });
  return { cdp, requests };
}

async function firstContentfulPaint(page: Page): Promise<number | undefined> {
  return page.evaluate(() => {
    const entry = performance.getEntriesByName("first-contentful-paint")[0];
    return entry ? Math.round(entry.startTime) : undefined;
  });
}

/** Waits until `ready` is true in the page; answers ms since the navigation started. */
async function timeUntil(page: Page, ready: () => boolean): Promise<number | undefined> {
  try {
    await page.waitForFunction(ready, undefined, { timeout: TIMEOUT, polling: 50 });
    return page.evaluate(() => Math.round(performance.now()));
  } catch {
    return undefined;
  }
}

// In-page checks, run by Chromium (the bench itself has no DOM types).
type InPage = {
  document: {
    title: string;
    querySelector(selector: string): { textContent: string | null } | null;
    getElementById(id: string): unknown;
  };
};
const formShown = () =>
  (globalThis as unknown as InPage).document.querySelector("form input[type=password]") !== null;
// The greeting, the sample figures and Recent Activity (their section's heading) are drawn.
const dashboardShown = () => {
  const { document } = globalThis as unknown as InPage;
  return document.querySelector("main h1") !== null && document.getElementById("recent-title") !== null;
};
const offlineShown = () => (globalThis as unknown as InPage).document.querySelector("main, h1") !== null;
const heading = () => {
  const { document } = globalThis as unknown as InPage;
  return (document.querySelector("h1")?.textContent ?? document.title).trim().slice(0, 60);
};

/** Waits for a quiet network (no new request for `quietMs`) so late requests are counted too. */
async function settle(requests: Request[], quietMs = 3000): Promise<void> {
  let seen = -1;
  for (let waited = 0; waited < 30_000 && seen !== requests.length; waited += quietMs) {
    seen = requests.length;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

async function visit(
  context: BrowserContext,
  name: string,
  path: string,
  ready: () => boolean,
  options: { offline?: boolean; page?: Page } = {},
): Promise<Visit> {
  const page = options.page ?? (await context.newPage());
  const { cdp, requests } = await instrument(page, options.offline);
  if (options.offline) await context.setOffline(true);
  const navigation = page.goto(`${base}${path}`, { waitUntil: "commit", timeout: TIMEOUT }).catch(() => null);
  await navigation;
  const content = await timeUntil(page, ready);
  const fcp = await firstContentfulPaint(page).catch(() => undefined);
  await settle(requests, options.offline ? 1000 : 3000);
  const shows = await page.evaluate(heading).catch(() => "(no page)");
  await cdp.detach().catch(() => undefined);
  if (options.offline) await context.setOffline(false);
  return { name, fcp, content, shows, requests };
}

const seconds = (ms: number | undefined) => (ms === undefined ? "—" : (ms / 1000).toFixed(2));
const scripts = (requests: Request[]) =>
  requests.filter((r) => r.type === "Script" || /\.m?js(\?|$)/.test(r.url));

function row(visit: Visit): string {
  const network = visit.requests.filter((r) => !r.fromServiceWorker && !r.failed);
  const bytes = network.reduce((sum, r) => sum + r.bytes, 0);
  const fromSw = visit.requests.filter((r) => r.fromServiceWorker).length;
  const js = scripts(visit.requests);
  const i18n = js.filter((r) => r.url.includes("/i18n/")).length;
  return `| ${visit.name} | ${seconds(visit.fcp)} | ${seconds(visit.content)} | ${visit.requests.length} | ${fromSw} | ${(bytes / 1000).toFixed(1)} | ${js.length} (${i18n} i18n) | ${visit.shows} |`;
}

function printList(visit: Visit): void {
  console.log(`\n${visit.name}:`);
  for (const r of visit.requests) {
    const where = r.fromServiceWorker ? " (service worker)" : r.failed ? " (failed)" : "";
    const when = `${r.startS.toFixed(2)}–${r.endS === undefined ? "?" : r.endS.toFixed(2)} s`;
    console.log(
      `  ${when.padStart(13)} ${String(r.bytes).padStart(7)} B  ${r.type.padEnd(10)} ${r.url}${where}`,
    );
  }
}

async function newContext(browser: Browser, storageState?: string): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: `${lang}-IN`,
    ...(storageState ? { storageState: JSON.parse(storageState) as never } : {}),
  });
}

await server.ready();
const email = await signUp();
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
try {
  // A session to open /dashboard with: signed in once, at full speed, in a context of its own.
  const signInContext = await newContext(browser);
  const signInPage = await signInContext.newPage();
  await signInPage.goto(`${base}/login`);
  await signInPage.locator("input[type=email]").first().fill(email);
  await signInPage.locator("input[type=password]").first().fill(PASSWORD);
  await signInPage.locator("form button[type=submit]").first().click();
  await signInPage.waitForURL(/\/dashboard/, { timeout: 30_000 });
  await signInPage.waitForFunction(dashboardShown, undefined, { timeout: 30_000 });
  const session = JSON.stringify(await signInContext.storageState());
  await signInContext.close();

  console.log(
    `${LINE.kbits} kbit/s down and up, ${LINE.latencyMs} ms latency, 360×740 phone, browser language ${lang}; seconds from navigation start; bytes encoded on the wire`,
  );
  console.log(
    "\n| visit | FCP s | content s | requests | from SW | KB | JS files | shows |\n|---|---|---|---|---|---|---|---|",
  );
  for (let run = 0; run < runs; run += 1) {
    const loginContext = await newContext(browser);
    const login = await visit(loginContext, "/login cold", "/login", formShown);
    await loginContext.close();
    console.log(row(login));

    const context = await newContext(browser, session);
    const cold = await visit(context, "/dashboard cold", "/dashboard", dashboardShown);
    console.log(row(cold));
    // The service worker (if any) installs in the background after the first screen: give it time.
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    const page = context.pages()[0];
    const warm = await visit(context, "/dashboard warm", "/dashboard", dashboardShown, { page });
    console.log(row(warm));
    const offline = await visit(context, "/dashboard offline", "/dashboard", offlineShown, {
      offline: true,
      page,
    });
    console.log(row(offline));
    await context.close();
    if (list) for (const shown of [login, cold, warm, offline]) printList(shown);
  }
} finally {
  await browser.close();
  server.stop();
}
process.exit(0);
