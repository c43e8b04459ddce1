// The first visit's downloads and the service worker, on a 360×740 phone (isMobile, touch), against
// the real API and the production build:
//   1. a cold first load of /dashboard (signed in) asks for at most MAX_DASHBOARD_SCRIPTS script
//      files (the signed-in app's code in a few grouped chunks, not 60 of 1-2 KB);
//   2. after a visit, the service worker has the app: opened again offline, the page is the app's
//      own "No connection" page with Retry, never Chromium's offline (dino) page.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { registerVerified, signIn } from "./support/accounts";
import { chromiumAvailable } from "./support/browser";
import { stopAfterFirstFailure, useChromium, visible } from "./support/page";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");

/**
 * bench/slow-line.ts measured 18 (12 code, 6 catalogues) with icons in the chunk groups, 30 before
 * that and 70 before the grouping.
 */
const MAX_DASHBOARD_SCRIPTS = 20;

const phone = {
  baseURL,
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  locale: "en-IN",
  timezoneId: "Asia/Kolkata",
} as const;

describe.skipIf(!baseURL || !chromiumAvailable())("the first visit and the offline shell, 360×740", () => {
  const browser = useChromium();
  const email = `sita.offline.${Date.now()}@aquafarms.in`;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  stopAfterFirstFailure(beforeEach);

  beforeAll(async () => {
    context = await browser().newContext({ ...phone, serviceWorkers: "allow" });
    context.setDefaultTimeout(20_000);
    page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(`${error.name}: ${error.message}`));
    await registerVerified(page, mailDir, "Sita Aqua", email);
    await signIn(page, email);
  });

  afterAll(async () => {
    await context?.close();
  });

  it(`a cold first load of /dashboard asks for at most ${MAX_DASHBOARD_SCRIPTS} script files`, async () => {
    // A fresh context (empty cache, no worker) with this session.
    const cold = await browser().newContext({ ...phone, storageState: await context.storageState() });
    try {
      const coldPage = await cold.newPage();
      const scripts = new Set<string>();
      coldPage.on("request", (request) => {
        if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
      });
      await coldPage.goto("/dashboard");
      await visible(coldPage.getByRole("heading", { level: 1, name: /Welcome/ }));
      await visible(coldPage.getByRole("heading", { name: "Recent Activity" }));
      await coldPage.waitForLoadState("networkidle");
      console.log(`[offline-shell] cold /dashboard: ${scripts.size} script files`);
      expect(scripts.size, [...scripts].join("\n")).toBeLessThanOrEqual(MAX_DASHBOARD_SCRIPTS);
    } finally {
      await cold.close();
    }
  });

  it("opened again offline, the service worker shows the app itself: its header, the screen, and that data waits for the connection", async () => {
    await page.goto("/dashboard");
    await visible(page.getByRole("heading", { level: 1, name: /Welcome/ }));
    // The worker registers a few seconds after the first screen loaded, then precaches the release.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
      timeout: 30_000,
    });
    // A second visit, now answered by the worker.
    await page.reload();
    await visible(page.getByRole("heading", { level: 1, name: /Welcome/ }));
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    try {
      await page.reload();
      // The shell and the screen from the device (chunks and catalogues the worker holds) ...
      await visible(page.getByRole("heading", { level: 1, name: /Welcome/ }), 20_000);
      await visible(page.getByRole("banner"));
      // ... and the part that needs the server says it waits for the connection, instead of spinning.
      await visible(
        page.getByText("No connection. This will load by itself when you are back online.").first(),
      );
      expect(await page.title()).toContain("AquaTest");
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).not.toMatch(/ERR_INTERNET_DISCONNECTED|dino/i);
      await page.screenshot({ path: "/tmp/offline-shell.png" });
      expect(pageErrors, "no uncaught errors offline").toEqual([]);
    } finally {
      await context.setOffline(false);
    }
  });
});
