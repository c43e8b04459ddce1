// The field app's offline queue sent over a slow mobile line (the bar in docs/performance.md: 50
// queued collections with 2 photos each, sent in ≤ 60 s at 750 kbit/s down and up, 100 ms RTT).
// A fresh Postgres database (bench/support/field-server.ts: an agent who can sign in, `items` jobs
// given to them) and the real server serving the built SPA. In Debian's Chromium at 360×740 (phone,
// touch): the agent signs in on /field/sign-in and the jobs list shows; the service worker is let take
// the page; the network goes offline (Chromium's own emulation over CDP); in the page, photos are made
// by the app's own compressor (utils/compress-photo.ts, bundled from the web's sources:
// bench/support/field-page.ts) from camera-sized JPEGs (4000×3000, quality 0.92) of two rendered
// outdoor scenes (a pond with its bund and trees, a sealed sample bag on soil; sensor noise added), or
// from `--photo <jpeg>`; then `items` collections with those photos are queued by the app's own
// enqueueCollection (IndexedDB "aquatest-field", store "queue"). The line then comes back throttled
// and the open page's queue sends itself (its `online` handler: multipart forms, two in flight); timed
// until the queue is empty and the server holds `items` collections, one per sample.
// Run: pnpm --filter @lab/web build && pnpm --filter @lab/bench field-sync [--items 50] [--photos 2]
//        [--kbits 750] [--rtt 100] [--photo <camera.jpg>] [--target-photo-bytes N] [--max-photo-bytes N]
//        [--save-photos <dir>] [postgres://server-url]
//   (--target-photo-bytes and --max-photo-bytes build the compressor with another target or limit than
//   the contracts' 40 KiB and 200 KiB: a what-if; --save-photos writes the compressed photos there, to
//   look at; WEB_DIST_DIR=<dir> serves another build)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

import { fieldPageScript } from "./support/field-page";
import { AGENT, POND, startFieldWorld } from "./support/field-server";

const argValue = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
};
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const webDist = process.env.WEB_DIST_DIR ?? join(root, "apps", "web", "dist");
const serverUrl =
  process.argv.find((arg) => arg.startsWith("postgres://")) ?? "postgres://postgres@127.0.0.1:5432/test";
const items = Number(argValue("items") ?? 50);
const photosPerItem = Number(argValue("photos") ?? 2);
const kbits = Number(argValue("kbits") ?? 750);
const rttMs = Number(argValue("rtt") ?? 100);
const photoFile = argValue("photo");
const numberArg = (name: string) => {
  const value = argValue(name);
  return value === undefined ? undefined : Number(value);
};
const targetPhotoBytes = numberArg("target-photo-bytes");
const maxPhotoBytes = numberArg("max-photo-bytes");
const savePhotosDir = argValue("save-photos");
const BAR_S = 60;
const TIMEOUT_MS = 20 * 60_000;
const bytesPerSecond = (kbits * 1000) / 8;

if (!existsSync(join(webDist, "index.html"))) {
  console.error(`${webDist}/index.html is missing: run \`pnpm --filter @lab/web build\` first`);
  process.exit(2);
}
if (!existsSync(chromePath)) {
  console.error(`${chromePath} is missing: apt-get install -y chromium`);
  process.exit(2);
}

// In-page code runs in Chromium; the bench itself has no DOM types, so what it touches is declared here.
interface QueuedItem {
  idempotencyKey: string;
  body: Record<string, unknown>;
  photos: { kind: string; type: string; bytes: ArrayBuffer }[];
  state: string;
  lastError: unknown;
}
interface FieldBench {
  collectionFormData(item: QueuedItem, now?: Date): unknown;
  compressPhoto(file: Blob): Promise<Blob | null>;
  enqueueCollection(
    body: Record<string, unknown>,
    photos: { kind: string; type: string; bytes: ArrayBuffer }[],
    now?: number,
  ): Promise<unknown>;
  listQueue(): Promise<QueuedItem[]>;
}
interface Canvas2d {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  globalAlpha: number;
  font: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void;
  ellipse(x: number, y: number, rx: number, ry: number, rot: number, a0: number, a1: number): void;
  arc(x: number, y: number, r: number, a0: number, a1: number): void;
  fill(): void;
  stroke(): void;
  fillText(text: string, x: number, y: number): void;
  createLinearGradient(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
  ): {
    addColorStop(at: number, color: string): void;
  };
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  putImageData(image: { data: Uint8ClampedArray }, x: number, y: number): void;
}
interface IdbRequest<T> {
  result: T;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface PageGlobals {
  indexedDB: {
    open(name: string): IdbRequest<{
      transaction(store: string): { objectStore(store: string): { count(): IdbRequest<number> } };
      close(): void;
    }>;
  };
  fieldBench: FieldBench;
  OffscreenCanvas: new (
    w: number,
    h: number,
  ) => {
    getContext(kind: "2d"): Canvas2d | null;
    convertToBlob(options: { type: string; quality: number }): Promise<Blob>;
  };
  navigator: { serviceWorker?: { controller: unknown } };
  Response: new (body: unknown) => { arrayBuffer(): Promise<ArrayBuffer> };
  createImageBitmap(blob: Blob): Promise<{ width: number; height: number; close(): void }>;
  document: { querySelector(selector: string): unknown };
}
/** A camera-sized JPEG of a rendered outdoor scene (seeded), as a phone's camera would save it. */
async function renderScene(scene: "pond" | "seal", seed: number): Promise<Blob> {
  const { OffscreenCanvas } = globalThis as unknown as PageGlobals;
  const W = 4000;
  const H = 3000;
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const canvas = new OffscreenCanvas(W, H);
  const g = canvas.getContext("2d");
  if (!g) throw new Error("no 2D canvas");
  const hsl = (h: number, s: number, l: number) => `hsl(${h.toFixed(0)} ${s.toFixed(0)}% ${l.toFixed(0)}%)`;
  if (scene === "pond") {
    const sky = g.createLinearGradient(0, 0, 0, H * 0.3);
    sky.addColorStop(0, "#7fb2e0");
    sky.addColorStop(1, "#d9e8f2");
    g.fillStyle = sky;
    g.fillRect(0, 0, W, H * 0.3);
    for (let i = 0; i < 900; i += 1) {
      // clouds
      g.globalAlpha = 0.05 + random() * 0.1;
      g.fillStyle = "#ffffff";
      g.beginPath();
      g.ellipse(
        random() * W,
        random() * H * 0.22,
        40 + random() * 200,
        15 + random() * 60,
        0,
        0,
        Math.PI * 2,
      );
      g.fill();
    }
    g.globalAlpha = 1;
    for (let i = 0; i < 14_000; i += 1) {
      // the tree line: leaves
      const x = random() * W;
      const y = H * 0.2 + random() * H * 0.14 + Math.sin(x / 300) * 60;
      g.fillStyle = hsl(80 + random() * 50, 30 + random() * 40, 12 + random() * 30);
      g.beginPath();
      g.arc(x, y, 3 + random() * 22, 0, Math.PI * 2);
      g.fill();
    }
    const water = g.createLinearGradient(0, H * 0.36, 0, H * 0.8);
    water.addColorStop(0, "#5d7f74");
    water.addColorStop(1, "#2f4d44");
    g.fillStyle = water;
    g.fillRect(0, H * 0.36, W, H * 0.44);
    for (let i = 0; i < 30_000; i += 1) {
      // ripples and glints
      const y = H * 0.36 + random() * H * 0.44;
      const depth = (y - H * 0.36) / (H * 0.44);
      g.strokeStyle = hsl(150 + random() * 40, 15 + random() * 25, 20 + random() * 55);
      g.globalAlpha = 0.15 + random() * 0.5;
      g.lineWidth = 1 + depth * 4 * random();
      g.beginPath();
      g.ellipse(random() * W, y, 10 + depth * 120 * random(), 1 + depth * 8 * random(), 0, 0, Math.PI);
      g.stroke();
    }
    g.globalAlpha = 1;
    g.fillStyle = "#6b5a3e";
    g.fillRect(0, H * 0.8, W, H * 0.2);
    for (let i = 0; i < 60_000; i += 1) {
      // the bund's grass
      const x = random() * W;
      const y = H * 0.78 + random() * H * 0.22;
      g.strokeStyle = hsl(60 + random() * 50, 25 + random() * 45, 18 + random() * 40);
      g.lineWidth = 1 + random() * 4;
      g.beginPath();
      g.moveTo(x, y);
      g.quadraticCurveTo(
        x + (random() - 0.5) * 40,
        y - 30 - random() * 60,
        x + (random() - 0.5) * 80,
        y - 40 - random() * 120,
      );
      g.stroke();
    }
  } else {
    g.fillStyle = "#7a6247";
    g.fillRect(0, 0, W, H);
    for (let i = 0; i < 120_000; i += 1) {
      // soil and grit
      g.fillStyle = hsl(25 + random() * 20, 20 + random() * 30, 15 + random() * 40);
      g.beginPath();
      g.arc(random() * W, random() * H, 1 + random() * 9, 0, Math.PI * 2);
      g.fill();
    }
    // the bag: translucent plastic with folds and highlights
    g.globalAlpha = 0.85;
    g.fillStyle = "#cfd8d6";
    g.beginPath();
    g.moveTo(900, 500);
    g.quadraticCurveTo(2000, 380, 3100, 520);
    g.lineTo(3250, 2500);
    g.quadraticCurveTo(2000, 2700, 760, 2480);
    g.fill();
    for (let i = 0; i < 2500; i += 1) {
      g.strokeStyle = hsl(170 + random() * 30, 5 + random() * 15, 55 + random() * 45);
      g.globalAlpha = 0.1 + random() * 0.4;
      g.lineWidth = 2 + random() * 25;
      const x = 900 + random() * 2200;
      const y = 600 + random() * 1800;
      g.beginPath();
      g.moveTo(x, y);
      g.quadraticCurveTo(
        x + (random() - 0.5) * 400,
        y + (random() - 0.5) * 400,
        x + (random() - 0.5) * 700,
        y + (random() - 0.5) * 700,
      );
      g.stroke();
    }
    g.globalAlpha = 1;
    // the seal tag, its number and barcode
    g.fillStyle = "#e8c93a";
    g.fillRect(1700, 1150, 900, 380);
    g.fillStyle = "#1c1c1c";
    g.font = "bold 120px sans-serif";
    g.fillText(`SEAL ${String(4512 + seed).padStart(6, "0")}`, 1740, 1300);
    for (let x = 1750; x < 2550; x += 6 + Math.floor(random() * 14))
      g.fillRect(x, 1360, 2 + random() * 6, 130);
  }
  // Sensor noise, as a phone's small sensor adds it.
  for (let y = 0; y < H; y += 500) {
    const image = g.getImageData(0, y, W, 500);
    const { data } = image;
    for (let i = 0; i < data.length; i += 4) {
      const n = (random() - 0.5) * 14;
      data[i] = (data[i] ?? 0) + n + (random() - 0.5) * 6;
      data[i + 1] = (data[i + 1] ?? 0) + n + (random() - 0.5) * 6;
      data[i + 2] = (data[i + 2] ?? 0) + n + (random() - 0.5) * 6;
    }
    g.putImageData(image, 0, y);
  }
  return canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 });
}

/** One POST of a collection: CDP's monotonic seconds when it was sent and when its answer ended. */
type Attempt = {
  key: string;
  status: number | undefined;
  failed: boolean;
  sentS: number;
  endS: number | undefined;
  /** Chromium's timing: from the request's last byte sent to its answer's headers (ms). */
  waitMs: number | undefined;
};

const world = await startFieldWorld({ jobs: items, webDist, serverUrl, dbName: "field_sync_bench" });
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
let passed = false;
try {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    locale: "en-IN",
    // The bench's helper script is added to the page as an inline script, which the server's CSP refuses.
    bypassCSP: true,
    geolocation: { latitude: POND.lat, longitude: POND.lng, accuracy: 8 },
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  await page.goto(`${world.base}/field/sign-in`);
  await page.locator("#field-phone").fill(AGENT.phone);
  await page.locator("#field-password").fill(AGENT.password);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL(/\/field$/, { timeout: 60_000 });
  await page.locator('a[href^="/field/jobs/"]').first().waitFor({ timeout: 60_000 });
  const listed = await page.locator('a[href^="/field/jobs/"]').count();
  const controlled = await page
    .waitForFunction(
      () => Boolean((globalThis as unknown as PageGlobals).navigator.serviceWorker?.controller),
      undefined,
      {
        timeout: 45_000,
      },
    )
    .then(() => true)
    .catch(() => false);
  console.log(
    `signed in as the agent; ${listed} job(s) listed; service worker controls the page: ${controlled ? "yes" : "no"}`,
  );

  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.addScriptTag({ content: await fieldPageScript({ targetPhotoBytes, maxPhotoBytes }) });
  // tsx keeps function names with an `__name` helper, which the function's source then calls.
  await page.addScriptTag({
    content: `globalThis.__name ??= (f) => f;\nglobalThis.renderScene = ${renderScene.toString()};`,
  });

  // The photos, through the app's compressor.
  const cameraFile = photoFile ? readFileSync(photoFile).toString("base64") : undefined;
  const made = await page.evaluate(
    async ({ count, camera }) => {
      const page = globalThis as unknown as PageGlobals & {
        benchPhotos?: unknown;
        renderScene: typeof renderScene;
      };
      const photos: {
        kind: string;
        type: string;
        bytes: ArrayBuffer;
        cameraBytes: number;
        width: number;
        height: number;
      }[] = [];
      for (let i = 0; i < count; i += 1) {
        let source: Blob;
        if (camera) {
          const binary = atob(camera);
          const bytes = new Uint8Array(binary.length);
          for (let j = 0; j < binary.length; j += 1) bytes[j] = binary.charCodeAt(j);
          source = new Blob([bytes], { type: "image/jpeg" });
        } else {
          source = await page.renderScene(i % 2 === 0 ? "seal" : "pond", i + 1);
        }
        const small = await page.fieldBench.compressPhoto(source);
        if (!small) throw new Error("the app's compressor gave no photo");
        const bitmap = await page.createImageBitmap(small);
        photos.push({
          kind: i % 2 === 0 ? "seal" : "pond",
          type: small.type,
          bytes: await small.arrayBuffer(),
          cameraBytes: source.size,
          width: bitmap.width,
          height: bitmap.height,
        });
        bitmap.close();
      }
      page.benchPhotos = photos;
      return photos.map((p) => {
        const view = new Uint8Array(p.bytes);
        let binary = "";
        for (let j = 0; j < view.length; j += 0x8000)
          binary += String.fromCharCode(...view.subarray(j, j + 0x8000));
        return {
          kind: p.kind,
          type: p.type,
          cameraBytes: p.cameraBytes,
          bytes: p.bytes.byteLength,
          width: p.width,
          height: p.height,
          base64: btoa(binary),
        };
      });
    },
    { count: photosPerItem, camera: cameraFile },
  );
  for (const [index, photo] of made.entries()) {
    console.log(
      `photo "${photo.kind}": camera JPEG ${(photo.cameraBytes / 1000).toFixed(0)} KB → the app's compressor ${(photo.bytes / 1000).toFixed(1)} KB, ${photo.type}, ${photo.width}×${photo.height}`,
    );
    if (savePhotosDir) {
      mkdirSync(savePhotosDir, { recursive: true });
      const file = join(savePhotosDir, `${index + 1}-${photo.kind}.${photo.type.split("/")[1] ?? "bin"}`);
      writeFileSync(file, Buffer.from(photo.base64, "base64"));
      console.log(`  saved as ${file}`);
    }
  }

  // The queue: `items` collections, written by the app's own enqueueCollection while offline.
  const queued = await page.evaluate(
    async ({ sampleIds, pond }) => {
      const page = globalThis as unknown as PageGlobals & {
        benchPhotos: { kind: string; type: string; bytes: ArrayBuffer }[];
      };
      const { fieldBench } = page;
      const photos = page.benchPhotos.map(({ kind, type, bytes }) => ({ kind, type, bytes }));
      const start = Date.now();
      const north = 40 / ((6_371_008.8 * Math.PI) / 180);
      for (const [index, sampleId] of sampleIds.entries()) {
        await fieldBench.enqueueCollection(
          {
            sampleId,
            collectedAt: new Date(start - (sampleIds.length - index) * 60_000).toISOString(),
            position: { lat: pond.lat + north, lng: pond.lng, accuracyM: 8 },
            distanceReason: null,
            seals: [`S-${100_000 + sampleId}`],
            containers: 2,
            quantity: 30,
            quantityUnit: "count",
            waterTempC: 28.5,
            sampleTempC: 4.2,
            coldChain: "ice",
            farmerName: "Ravi Kumar",
            note: "North bund, near the aerator",
          },
          photos.map((photo) => ({ ...photo, bytes: photo.bytes.slice(0) })),
          start + index,
        );
      }
      // Each attempt's body as the app sends it (utils/collection-form-data.ts), as Chromium writes the form.
      const list = await fieldBench.listQueue();
      const sized = [];
      for (const item of list)
        sized.push({
          key: item.idempotencyKey,
          bodyBytes: (await new page.Response(fieldBench.collectionFormData(item)).arrayBuffer()).byteLength,
          photoBytes: item.photos.reduce((sum, photo) => sum + photo.bytes.byteLength, 0),
        });
      return sized;
    },
    { sampleIds: world.sampleIds, pond: POND },
  );
  const bodyOf = new Map(queued.map((item) => [item.key, item.bodyBytes]));
  const payload = queued.reduce((sum, item) => sum + item.bodyBytes, 0);
  const photoBytes = queued.reduce((sum, item) => sum + item.photoBytes, 0);
  const fieldsBytes = payload - photoBytes;
  console.log(
    `queued offline: ${queued.length} collections, ${photosPerItem} photo(s) each; request bodies ${(payload / 1e6).toFixed(2)} MB (photos ${(photoBytes / 1e6).toFixed(2)} MB, the rest the fields and the form's part headers)`,
  );

  // Every attempt to send a collection, as Chromium saw it.
  const attempts = new Map<string, Attempt>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.request.method !== "POST" || !event.request.url.endsWith("/api/field/collections")) return;
    const headers = event.request.headers as Record<string, string>;
    const key = headers["Idempotency-Key"] ?? headers["idempotency-key"] ?? "";
    attempts.set(event.requestId, {
      key,
      status: undefined,
      failed: false,
      sentS: event.timestamp,
      endS: undefined,
      waitMs: undefined,
    });
  });
  cdp.on("Network.responseReceived", (event) => {
    const attempt = attempts.get(event.requestId);
    if (!attempt) return;
    attempt.status = event.response.status;
    const timing = event.response.timing;
    if (timing) attempt.waitMs = timing.receiveHeadersEnd - timing.sendEnd;
  });
  cdp.on("Network.loadingFailed", (event) => {
    const attempt = attempts.get(event.requestId);
    if (attempt) {
      attempt.failed = true;
      attempt.endS = event.timestamp;
    }
  });
  cdp.on("Network.loadingFinished", (event) => {
    const attempt = attempts.get(event.requestId);
    if (attempt) attempt.endS = event.timestamp;
  });

  // Back online, throttled: the page's `online` handler sends the queue.
  const started = performance.now();
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: rttMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  let queueEmptyS: number | undefined;
  let serverDoneS: number | undefined;
  let refused: QueuedItem[] = [];
  let lastShown = 0;
  let lastLeft = -1;
  let lastChangeS = 0;
  while (performance.now() - started < TIMEOUT_MS) {
    // A count, not the items: reading 50 items' photos every poll would load the page being measured.
    const left = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = (globalThis as unknown as PageGlobals).indexedDB.open("aquatest-field");
          open.onerror = () => reject(new Error("the queue's database did not open"));
          open.onsuccess = () => {
            const database = open.result;
            const count = database.transaction("queue").objectStore("queue").count();
            count.onsuccess = () => {
              database.close();
              resolve(count.result);
            };
            count.onerror = () => reject(new Error("the queue was not counted"));
          };
        }),
    );
    const now = (performance.now() - started) / 1000;
    if (left === 0 && queueEmptyS === undefined) queueEmptyS = now;
    if (serverDoneS === undefined && (await world.collections()).rows >= items) serverDoneS = now;
    if (queueEmptyS !== undefined && serverDoneS !== undefined) break;
    if (left !== lastLeft) {
      lastLeft = left;
      lastChangeS = now;
    } else if (now - lastChangeS > 120) {
      // Nothing sent for two minutes: read what waits, and why.
      refused = await page.evaluate(async () => {
        const list = await (globalThis as unknown as PageGlobals).fieldBench.listQueue();
        return list.map((item) => ({ ...item, photos: [], body: { sampleId: item.body["sampleId"] } }));
      });
      break;
    }
    if (now - lastShown >= 15) {
      lastShown = now;
      console.log(`  ${now.toFixed(0)} s: ${left} waiting`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const held = await world.collections();
  const sent = [...attempts.values()];
  const bytesSent = sent.reduce((sum, attempt) => sum + (bodyOf.get(attempt.key) ?? 0), 0);
  const statuses = new Map<string, number>();
  for (const attempt of sent) {
    const label = attempt.failed ? "failed" : String(attempt.status ?? "?");
    statuses.set(label, (statuses.get(label) ?? 0) + 1);
  }
  const elapsed =
    serverDoneS !== undefined && queueEmptyS !== undefined ? Math.max(serverDoneS, queueEmptyS) : undefined;
  const floor = payload / bytesPerSecond;
  console.log(
    `\n${kbits} kbit/s down and up, ${rttMs} ms RTT (Chromium's emulation); load average ${loadAtStart.join(" ")} at the start, ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} at the end`,
  );
  console.log("| what | figure |\n|---|---|");
  console.log(`| queue empty | ${queueEmptyS === undefined ? "never" : `${queueEmptyS.toFixed(1)} s`} |`);
  console.log(
    `| server holds ${items} collections | ${serverDoneS === undefined ? "never" : `${serverDoneS.toFixed(1)} s`} |`,
  );
  console.log(`| collections on the server | ${held.rows} rows for ${held.samples} samples |`);
  console.log(
    `| POST /api/field/collections sent | ${sent.length} (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(", ")}) |`,
  );
  console.log(`| request bodies sent | ${(bytesSent / 1e6).toFixed(2)} MB |`);
  const durations = sent.flatMap((attempt) =>
    attempt.endS === undefined ? [] : [attempt.endS - attempt.sentS],
  );
  if (durations.length > 0) {
    const sorted = [...durations].sort((a, b) => a - b);
    const busy = durations.reduce((sum, d) => sum + d, 0);
    console.log(
      `| a POST, sent to answered | mean ${(busy / durations.length).toFixed(2)} s, min ${(sorted[0] ?? 0).toFixed(2)} s, max ${(sorted[sorted.length - 1] ?? 0).toFixed(2)} s; ${busy.toFixed(1)} s in all |`,
    );
  }
  const waits = sent.flatMap((attempt) => (attempt.waitMs === undefined ? [] : [attempt.waitMs]));
  if (waits.length > 0) {
    const sortedWaits = [...waits].sort((a, b) => a - b);
    console.log(
      `| a POST, its last byte sent to its answer's headers (Chromium's timing) | median ${((sortedWaits[Math.floor(sortedWaits.length / 2)] ?? 0) / 1000).toFixed(2)} s, max ${((sortedWaits.at(-1) ?? 0) / 1000).toFixed(2)} s |`,
    );
  }
  console.log(`| the bodies' time on the line alone | ${floor.toFixed(1)} s |`);
  console.log(
    `| photos | ${made.map((photo) => `${(photo.bytes / 1000).toFixed(1)} KB (${photo.type}, ${photo.width}×${photo.height})`).join(", ")} (the app's compressor; target ${((targetPhotoBytes ?? 40 * 1024) / 1024).toFixed(0)} KiB, limit ${((maxPhotoBytes ?? 200 * 1024) / 1024).toFixed(0)} KiB) |`,
  );
  if (refused.length > 0)
    console.log(
      `\nrefused by the server: ${JSON.stringify(refused.slice(0, 3).map((item) => item.lastError))}`,
    );
  passed = elapsed !== undefined && elapsed <= BAR_S && held.rows === items && held.samples === items;
  if (elapsed !== undefined) {
    // What per-photo size would meet the bar: each collection costs the same time besides its body's
    // bytes (what of the page's work, round trips and the server's work the two sends in flight do not
    // hide behind each other's bytes), its fields and part headers the same, its photos as binary.
    const fixedPerItem = Math.max(0, elapsed - floor) / items;
    const perItemFields = fieldsBytes / items;
    const perPhoto = ((BAR_S / items - fixedPerItem) * bytesPerSecond - perItemFields) / photosPerItem;
    // Time with no POST in flight: the union of the sends' spans, two of which overlap as a rule.
    const spans = sent
      .flatMap((attempt) => (attempt.endS === undefined ? [] : [[attempt.sentS, attempt.endS] as const]))
      .sort((a, b) => a[0] - b[0]);
    let covered = 0;
    let reach = Number.NEGATIVE_INFINITY;
    for (const [from, to] of spans) {
      if (to <= reach) continue;
      covered += to - Math.max(from, reach);
      reach = to;
    }
    const idle = Math.max(0, elapsed - covered);
    console.log(
      `\neach collection's time besides its body's bytes: ${fixedPerItem.toFixed(2)} s (${(idle / items).toFixed(2)} s of it with no POST in flight); ` +
        (perPhoto > 0
          ? `for ${BAR_S} s the photos may weigh at most ${(perPhoto / 1000).toFixed(1)} KB each (${photosPerItem} a collection, ${items} collections)`
          : `no photo size meets ${BAR_S} s: ${items} collections cost ${(fixedPerItem * items).toFixed(1)} s without any photo bytes`),
    );
  }
  console.log(
    `\n${items} collections sent in ${elapsed === undefined ? "—" : `${elapsed.toFixed(1)} s`}; bar ${BAR_S} s: ${passed ? "PASS" : "FAIL"}`,
  );
  await cdp.detach().catch(() => undefined);
  await context.close();
} finally {
  await browser.close();
  await world.close();
}
process.exit(passed ? 0 : 1);
