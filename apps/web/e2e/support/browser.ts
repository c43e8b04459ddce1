// Debian's Chromium, driven by playwright-core. Never a downloaded browser.
import { existsSync } from "node:fs";

import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * Contexts get no service worker unless they ask (`serviceWorkers: "allow"`): a worker answers scripts
 * from its cache, past `page.route`, and the journeys that fake a release or a lost answer need to see
 * them. The service-worker journey asks for it.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await launch();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ serviceWorkers: "block", ...options });
  return browser;
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
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
}

export const viewports = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: "phone", viewport: { width: 360, height: 740 }, isMobile: true },
] as const;
