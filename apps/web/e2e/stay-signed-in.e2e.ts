// Staying signed in, at phone size in Debian's Chromium: 'Keep me signed in' sets a 30-day
// httpOnly refresh cookie; with the access token expired, a reload still opens the app (the refresh
// cookie buys a new token) and shows the name changed on another device; 'Sign out of all devices'
// elsewhere ends the session, and /login keeps the e-mail and returns to the page after sign-in.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { PASSWORD, registerVerified } from "./support/accounts";
import { storedToken } from "./support/account-recovery";
import { chromiumAvailable, viewports } from "./support/browser";
import {
  openPage,
  pathOf,
  stopAfterFirstFailure,
  useChromium,
  visible,
  waitForPath,
  waitForValue,
  type OpenPage,
} from "./support/page";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");
const phone = viewports.find((size) => size.name === "phone") ?? viewports[1];

const DAY_S = 24 * 3600;

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${label} is ${width} px wide on a 360 px screen`).toBeLessThanOrEqual(360);
}

async function refreshCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "portal_refresh");
}

describe.skipIf(!baseURL || !chromiumAvailable())("stay signed in (360×740)", () => {
  const browser = useChromium();
  stopAfterFirstFailure(beforeEach);

  const email = `kept.${Date.now()}@example.com`;
  const fullName = "Lakshmi Devi";
  const renamed = "లక్ష్మీ దేవి Kakinada";
  let device: OpenPage;
  let other: OpenPage;
  let otherToken = "";
  let customerId = 0;

  beforeAll(async () => {
    device = await openPage(browser(), baseURL, phone);
    // The other device (a second browser context: its own cookies and storage) signs up.
    other = await openPage(browser(), baseURL, phone);
    const registered = await registerVerified(other.page, mailDir, fullName, email);
    otherToken = registered.token;
    customerId = registered.customerId;
  });
  afterAll(async () => {
    await device.context.close();
    await other.context.close();
  });

  it("sign-in card: 'Keep me signed in' is a 44 px tap target and nothing scrolls sideways", async () => {
    const { page } = device;
    await page.goto("/login");
    const form = await visible(page.getByRole("form", { name: "Sign in" }));
    const label = form.locator("label", { hasText: "Keep me signed in" });
    const box = await label.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    // The checkbox's tap target is its label (checked above); every other control is 44 px tall.
    const small = await form.evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>("button, input:not([type=checkbox]), a[href]")]
        .filter((element) => element.getBoundingClientRect().height < 44)
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(small).toEqual([]);
    await expectNoSidewaysScroll(page, "/login");
  });

  it("signs in with 'Keep me signed in': a 30-day httpOnly, SameSite=Strict refresh cookie for /api/auth", async () => {
    const { page, context } = device;
    const form = page.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    // A tap on the label's text ticks the box.
    await form.getByText("Keep me signed in").tap();
    expect(await form.getByRole("checkbox", { name: "Keep me signed in" }).isChecked()).toBe(true);
    await form.getByRole("button", { name: "Sign In" }).click();
    await waitForPath(page, "/dashboard", 20_000);
    const cookie = await refreshCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_S;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // Scripts cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain("portal_refresh");
  });

  it("with the access token expired and the name changed on another device, a reload is still signed in and shows the new name", async () => {
    const { page, context } = device;
    const cookieBefore = (await refreshCookie(context))?.value;
    const changed = await other.page.request.put(`/api/customers/${customerId}/profile`, {
      headers: { Authorization: `Bearer ${otherToken}` },
      data: { fullName: renamed },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    // The token ran out (as after an hour away): its stored expiry is in the past.
    await page.evaluate(() => {
      const raw = window.localStorage.getItem("tokenData");
      const data = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      window.localStorage.setItem("tokenData", JSON.stringify({ ...data, expiresAt: Date.now() - 1000 }));
    });
    await page.reload();
    await visible(page.getByRole("heading", { name: new RegExp(`Welcome( back)?, ${renamed}`) }), 20_000);
    expect(pathOf(page)).toBe("/dashboard");
    // A new token (its stored expiry an hour ahead again; the JWT itself may match one issued in the
    // same second for the same session).
    expect(await storedToken(page)).not.toBeNull();
    const expiresIn = await page.evaluate(() => {
      const raw = window.localStorage.getItem("tokenData");
      return raw ? (JSON.parse(raw) as { expiresAt: number }).expiresAt - Date.now() : 0;
    });
    expect(expiresIn).toBeGreaterThan(3500 * 1000);
    // The refresh rotated the cookie.
    expect((await refreshCookie(context))?.value).not.toBe(cookieBefore);
    await visible(page.getByRole("button", { name: `User menu for ${renamed}` }));
    await expectNoSidewaysScroll(page, "/dashboard with a Telugu name");
  });

  it("with the token gone from storage altogether, a reload is still signed in", async () => {
    const { page } = device;
    await page.evaluate(() => {
      window.localStorage.removeItem("authToken");
      window.localStorage.removeItem("tokenData");
    });
    await page.reload();
    await visible(page.getByRole("heading", { name: new RegExp(`Welcome( back)?, ${renamed}`) }), 20_000);
    expect(await storedToken(page)).not.toBeNull();
  });

  it("'Sign out of all devices' on the other device ends this session: /login keeps the e-mail and returns to the page", async () => {
    const { page, context } = device;
    await page.goto("/samples?status=pending");
    await waitForPath(page, "/samples", 20_000);
    const ended = await other.page.request.post(`/api/customers/${customerId}/sign-out-all`, {
      headers: { Authorization: `Bearer ${otherToken}` },
    });
    expect(ended.status(), await ended.text()).toBe(200);
    // The real-time connection closes on revocation; the refresh is refused; the app signs out.
    await waitForPath(page, "/login", 20_000);
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/samples?status=pending");
    expect(await refreshCookie(context)).toBeUndefined();
    const form = await visible(page.getByRole("form", { name: "Sign in" }));
    expect(await waitForValue(form.getByLabel("Email", { exact: true }), email)).toBe(email);
    await expectNoSidewaysScroll(page, "/login after the session ended");
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Sign In" }).click();
    await waitForPath(page, "/samples", 20_000);
    expect(new URL(page.url()).search).toBe("?status=pending");
    expect(device.pageErrors).toEqual([]);
  });
});
