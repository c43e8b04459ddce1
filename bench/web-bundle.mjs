#!/usr/bin/env node
// The /login budget (docs/performance.md): the JavaScript the /login route loads initially, gzip level 9,
// must stay at or under 120 KB (120,000 bytes).
//
//   pnpm --filter @lab/web build && node bench/web-bundle.mjs
//   (WEB_DIST_DIR=<dir> measures another build output)
//
// Two figures:
//   1. static: the entry script of apps/web/dist/index.html plus its <link rel="modulepreload"> files;
//   2. browser (when /usr/bin/chromium exists): every script Chromium actually fetches for /login
//      (entry, preloads, the lazy route chunk and the catalogue chunks of the page's language) until
//      the network is idle, from a static server of apps/web/dist with the SPA fallback. Measured for
//      a browser in English and one in Telugu (the bar holds with the active language);
//      `--lang te,hi` measures other languages.
// The bar is checked against the largest figure. Exit code 1 when over the bar.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = process.env.WEB_DIST_DIR ?? join(root, "apps", "web", "dist");
const BAR = 120_000;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const indexFile = join(dist, "index.html");
if (!existsSync(indexFile)) {
  console.error("apps/web/dist/index.html is missing: run `pnpm --filter @lab/web build` first");
  process.exit(2);
}

const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const fileOf = (url) => join(dist, normalize(decodeURIComponent(new URL(url, "http://x/").pathname)));

function staticFigure() {
  const html = readFileSync(indexFile, "utf8");
  const urls = new Set();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /type="module"/.test(tag)) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /rel="modulepreload"/.test(tag)) urls.add(href);
  }
  return [...urls].map((url) => {
    const raw = readFileSync(fileOf(url));
    return { url, raw: raw.length, gzip: gz(raw) };
  });
}

const types = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".svg": "image/svg+xml" };

const langArg = process.argv.indexOf("--lang");
const languages = langArg > 0 ? (process.argv[langArg + 1] ?? "en").split(",") : ["en", "te"];

async function browserFigure(language) {
  if (!existsSync(chromiumPath)) return undefined;
  const requireFromWeb = createRequire(join(root, "apps", "web", "package.json"));
  const { chromium } = requireFromWeb("playwright-core");
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x/").pathname;
    let file = fileOf(path);
    if (path.startsWith("/api/")) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"Not found"}');
      return;
    }
    if (!file.startsWith(dist) || !existsSync(file) || !extname(file)) file = indexFile; // SPA fallback
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
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
    // A first visit: the portal takes the browser's language.
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: `${language}-IN`,
    });
    const page = await context.newPage();
    const scripts = new Set();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (
        url.port === String(port) &&
        (request.resourceType() === "script" || url.pathname.endsWith(".js"))
      ) {
        scripts.add(url.pathname);
      }
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: "networkidle" });
    return [...scripts].map((url) => {
      const raw = readFileSync(fileOf(url));
      return { url, raw: raw.length, gzip: gz(raw) };
    });
  } finally {
    await browser.close();
    server.close();
  }
}

function print(title, files) {
  const total = files.reduce((sum, file) => sum + file.gzip, 0);
  console.log(`${title}: ${files.length} file(s), ${kb(total)} gzip`);
  for (const file of files) console.log(`  ${kb(file.gzip).padStart(9)}  (${kb(file.raw)} raw)  ${file.url}`);
  return total;
}

const staticTotal = print("index.html entry + modulepreload", staticFigure());
let browserTotal = 0;
for (const language of languages) {
  const loaded = await browserFigure(language);
  if (!loaded) {
    console.log(`(${chromiumPath} not found: browser figure skipped)`);
    break;
  }
  const total = print(`fetched by Chromium for /login in ${language}`, loaded);
  console.log(`  → ${language}: ${kb(total)}\n`);
  browserTotal = Math.max(browserTotal, total);
}
const figure = Math.max(staticTotal, browserTotal);
const verdict = figure <= BAR ? "PASS" : "FAIL";
console.log(`\n/login initial JS: ${kb(figure)} gzip (level 9); bar ${kb(BAR)}: ${verdict}`);
process.exit(figure <= BAR ? 0 : 1);
