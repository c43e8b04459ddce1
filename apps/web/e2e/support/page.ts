// One browser context per test group, with the viewport under test, and the small waiting helpers
// playwright-core leaves out (it has no `expect`).
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

import { launchChromium, type viewports } from "./browser";

export type ViewportCase = (typeof viewports)[number];

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors in the page (never expected). */
  pageErrors: string[];
}

/**
 * Chromium for the calling `describe`: launched before its tests, closed after them. Answers a getter,
 * valid inside its tests and hooks. (Not in browser.ts: the global setup imports that, and it must not
 * import vitest.)
 */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("Chromium is not running: use the getter inside a test or hook");
    return browser;
  };
}

export async function openPage(browser: Browser, baseURL: string, size: ViewportCase): Promise<OpenPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: size.viewport,
    isMobile: size.isMobile,
    hasTouch: size.isMobile,
    locale: "en-IN",
    timezoneId: "Asia/Kolkata",
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(`${error.name}: ${error.message}`));
  return { context, page, pageErrors };
}

/** Waits for the element to be visible and returns it. */
export async function visible(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.first().waitFor({ state: "visible", timeout });
  return locator.first();
}

/** Waits until the page's path is `path` (query and hash ignored). */
export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Polls `check` until it holds; throws naming `what` after `timeout` ms. */
export async function waitUntil(
  check: () => Promise<boolean>,
  what: string,
  timeout = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reads an input's current value, waiting until it equals `expected` (the screen may still be loading). */
export async function waitForValue(locator: Locator, expected: string, timeout = 10_000): Promise<string> {
  const deadline = Date.now() + timeout;
  let value = await locator.inputValue();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await locator.inputValue();
  }
  return value;
}

/**
 * Steps of one journey share a page: once a step fails, the later ones are skipped (reported as
 * skipped) instead of each waiting out its own timeout. Call inside the journey's `describe`.
 */
export function stopAfterFirstFailure(beforeEach: (fn: (context: StepContext) => void) => void): void {
  let failed = false;
  beforeEach((context) => {
    if (failed) context.skip("an earlier step of this journey failed");
    context.onTestFailed(() => {
      failed = true;
    });
  });
}

interface StepContext {
  skip(note?: string): void;
  onTestFailed(handler: () => void): void;
}
