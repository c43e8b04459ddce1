// The portal on a poor rural connection, in Debian's Chromium at 360×740 (isMobile, touch), against
// the real API:
//   1. Reports → Results Over Time: the table's header reads "Result (µg/kg)" as drawn (innerText),
//      never upper-cased by CSS into "ΜG/KG" (which reads as mg/kg, a factor of 1,000).
//   2. Offline on the dashboard, opening Ledger shows "No connection" with a Retry button inside the
//      shell, never React Router's developer page; it fits 360 px, passes axe, and loads Ledger by
//      itself once the connection is back.
//   3. A tab left open across a release (the next screen's chunk is gone: 404) reloads once, to the
//      new version, and shows the screen.
//   4. A request whose answer is lost as the phone goes offline: its toast shows, and the app makes
//      at most a few requests over 5 s (the catalogue loader once retried itself on every render).
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { registerVerified, signIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable } from "./support/browser";
import { stopAfterFirstFailure, useChromium, visible, waitForPath, waitUntil } from "./support/page";
import { issueReport, moveToTesting, staffHeaders } from "./support/staff";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");

const PROVIDER = "Bhimavaram Ponds";
const TEST_TYPE = "Antibiotic Residue Test";
/**
 * Requests a phone may make in 5 s offline: each of the next screen's files tried once (the service
 * worker may hold them), a reconnect, a query. A storm is hundreds, or one address asked again and again.
 */
const OFFLINE_REQUEST_BOUND = 30;
const OFFLINE_SAME_ADDRESS_BOUND = 2;

function expectNoStorm(urls: string[]): void {
  expect(urls.length, summary(urls)).toBeLessThanOrEqual(OFFLINE_REQUEST_BOUND);
  const times = new Map<string, number>();
  for (const url of urls) times.set(url, (times.get(url) ?? 0) + 1);
  const most = Math.max(0, ...times.values());
  expect(most, `one address asked ${String(most)} times: ${summary(urls)}`).toBeLessThanOrEqual(
    OFFLINE_SAME_ADDRESS_BOUND,
  );
}
const OFFLINE_WINDOW_MS = 5_000;

/** Nothing scrolls sideways on a 360 px screen. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(360);
}

/** Counts the requests the page makes from now on (offline ones fail, but are still made). */
function countRequests(context: BrowserContext): { urls: string[]; stop: () => void } {
  const urls: string[] = [];
  const listener = (request: { url: () => string }) => urls.push(request.url());
  context.on("request", listener);
  return { urls, stop: () => context.off("request", listener) };
}

/** What the app requested in the window, grouped by path, for a readable failure. */
const summary = (urls: string[]) => {
  const counts = new Map<string, number>();
  for (const url of urls) {
    const path = new URL(url).pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  return [...counts].map(([path, count]) => `${count}× ${path}`).join(", ");
};

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function openMenuLink(page: Page, name: string): Promise<void> {
  const menu = page.locator('button[aria-controls="app-mobile-nav"]');
  await menu.click();
  await (await visible(page.locator("#app-mobile-nav").getByRole("link", { name, exact: true }))).click();
}

describe.skipIf(!baseURL || !chromiumAvailable())("a rural connection on a 360×740 phone", () => {
  const browser = useChromium();
  const stamp = Date.now();
  const email = `ramesh.rural.${stamp}@aquafarms.in`;
  const agent = { name: `Rural Agent ${stamp}`, phone: "+91 90000 71234" };
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];
  stopAfterFirstFailure(beforeEach);

  beforeAll(async () => {
    context = await browser().newContext({
      baseURL,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      locale: "en-IN",
      timezoneId: "Asia/Kolkata",
    });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(`${error.name}: ${error.message}`));

    // One certified report for a saved provider, through the API (other journeys cover those screens).
    const { token, customerId } = await registerVerified(page, mailDir, "Ramesh Varma", email);
    const auth = { Authorization: `Bearer ${token}` };
    const coordinates = { lat: 16.5449, lng: 81.5212 };
    const provider = await page.request.post(`/api/customers/${customerId}/sample-providers`, {
      headers: auth,
      data: {
        samplerName: PROVIDER,
        userType: "Farmer",
        phoneNumber: "+91 98480 55667",
        location: JSON.stringify({ address: "Bhimavaram, Andhra Pradesh", coordinates, placeId: null }),
        coordinates,
      },
    });
    expect(provider.status(), await provider.text()).toBe(201);
    const providerId = ((await provider.json()) as { id: number }).id;
    const submitted = await page.request.post("/api/sample-submissions", {
      headers: auth,
      data: {
        consumerId: customerId,
        samplerId: String(providerId),
        samplerName: PROVIDER,
        samplerLocation: "Bhimavaram, Andhra Pradesh",
        coordinate: coordinates,
        shrimpCategory: "Pacific White Shrimp",
        testTypes: [TEST_TYPE],
        phoneNumber: "+91 98480 55667",
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const sampleId = ((await submitted.json()) as { id: number }).id;
    const headers = await staffHeaders(page);
    await moveToTesting(page, headers, sampleId, agent);
    await issueReport(page, headers, sampleId, "pass");
    await signIn(page, email);
  });

  afterAll(async () => {
    await context?.close();
  });

  it("results over time: the table header shows the unit as written, µg/kg, never upper-cased", async () => {
    await page.goto("/reports");
    await visible(page.getByRole("heading", { name: "Results Over Time" }));
    await page.locator("#trend-provider").selectOption({ label: PROVIDER });
    await page.locator("#trend-parameter").selectOption("CAP");
    const table = await visible(page.getByRole("region", { name: /results by date$/ }));
    const header = await table.locator("thead").innerText();
    expect(header).toContain("µg/kg");
    expect(header).not.toMatch(/ΜG|MG\/KG/);
    await expectNoSidewaysScroll(page, "/reports with a trend");
  });

  it("offline on the dashboard, Ledger says No connection with Retry in the shell, then loads by itself when back online", async () => {
    await page.goto("/dashboard");
    await visible(page.getByRole("heading", { level: 1, name: /Dashboard|Welcome/ }));
    await context.setOffline(true);
    const requests = countRequests(context);
    try {
      await openMenuLink(page, "Ledger");
      await settle(OFFLINE_WINDOW_MS);
    } finally {
      requests.stop();
    }
    console.log(`[rural] offline, opening Ledger: ${requests.urls.length} requests in 5 s`);
    expectNoStorm(requests.urls);
    await visible(page.getByRole("heading", { name: "No connection" }));
    await visible(page.getByRole("button", { name: "Retry" }));
    expect(await page.getByText("Unexpected Application Error").count()).toBe(0);
    expect(await page.getByText(/Hey developer/).count()).toBe(0);
    // The shell stays: its menu is still there to go elsewhere.
    await visible(page.locator('button[aria-controls="app-mobile-nav"]'));
    await expectNoSidewaysScroll(page, "the offline page");
    await expectNoAxeViolations(page, "the offline page");

    await context.setOffline(false);
    await visible(page.getByRole("heading", { level: 1, name: "Sample Ledger" }), 20_000);
    expect(await page.getByRole("heading", { name: "No connection" }).count()).toBe(0);
  });

  it("a tab left open across a release: the next screen's chunk is gone (404), one reload shows it", async () => {
    // A tab left open has fetched the error page in its first idle moments (its texts, then settled).
    const errorPage = page.waitForResponse((response) =>
      /\/assets\/i18n\/[a-z]+-status\./.test(response.url()),
    );
    await page.goto("/dashboard");
    await visible(page.getByRole("heading", { level: 1, name: /Dashboard|Welcome/ }));
    await errorPage;
    await page.waitForLoadState("networkidle");
    // The old build's chunks are gone (chunk names are content hashes): every script not loaded yet
    // answers 404 until the tab reloads, when the page is the new build's.
    let oldBuild = true;
    let loads = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) oldBuild = false;
    });
    page.on("load", () => (loads += 1));
    await page.route(/\/assets\/[^/]+\.js$/, (route) =>
      oldBuild ? route.fulfill({ status: 404, body: "" }) : route.fallback(),
    );
    await openMenuLink(page, "My Samples");
    await waitForPath(page, "/samples");
    await visible(page.getByRole("heading", { level: 1, name: "My Samples" }), 20_000);
    await waitUntil(async () => loads >= 1, "the reload to the new version");
    await settle(2_000);
    expect(loads, "exactly one reload").toBe(1);
    expect(await page.getByText("Unexpected Application Error").count()).toBe(0);
    await page.unroute(/\/assets\/[^/]+\.js$/);
    expect(pageErrors).toEqual([]);
  });

  it("a request whose answer is lost as the phone goes offline (deleting a provider): its toast shows, no request storm", async () => {
    // A fresh load: neither the toasts' old catalogue (auth) nor the error texts' (errors) is in.
    await page.goto("/customers");
    await (await visible(page.getByRole("button", { name: `Delete ${PROVIDER}` }))).click();
    const dialog = await visible(page.getByRole("dialog", { name: "Delete Sample Provider" }));
    // The request leaves, then the connection drops before its answer arrives.
    await page.route("**/api/customers/*/sample-providers/*", async (route) => {
      if (route.request().method() !== "DELETE") return route.fallback();
      await context.setOffline(true);
      await route.abort("internetdisconnected");
    });
    const requests = countRequests(context);
    try {
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      const toast = visible(
        page.getByRole("alert").filter({ hasText: /No internet connection/ }),
        4_000,
      ).then(
        () => true,
        () => false,
      );
      await settle(OFFLINE_WINDOW_MS);
      requests.stop();
      console.log(`[rural] offline after a lost delete: ${requests.urls.length} requests in 5 s`);
      expectNoStorm(requests.urls);
      expect(await toast, "the toast saying so").toBe(true);
    } finally {
      requests.stop();
      await page.unroute("**/api/customers/*/sample-providers/*");
      await context.setOffline(false);
    }
    expect(pageErrors).toEqual([]);
  });
});
