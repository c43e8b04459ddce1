// Helpers of the account-recovery journey: signing in with a given password, the code of a reset
// mail, and the token the page holds.
import type { Locator, Page } from "playwright-core";

import type { Mail } from "./mailbox";
import { visible, waitForPath } from "./page";

/** Fills the sign-in card and presses Sign In (the caller waits for what should follow). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = await visible(page.getByRole("form", { name: "Sign in" }));
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in through the card at /login with this password and waits for the dashboard. */
export async function signInWith(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await submitSignIn(page, email, password);
  await waitForPath(page, "/dashboard", 20_000);
}

/** The code of a password reset mail; its subject is "Your password reset code: XXXXXX". */
export function resetCode(mail: Mail): string {
  const code = /reset code:?\s+([A-Z0-9]{6})\b/i.exec(mail.subject)?.[1];
  if (!code) throw new Error(`No reset code in the e-mail "${mail.subject}":\n${mail.text}`);
  return code;
}

/** The customer token the page stores (lib/auth.ts), or null when signed out. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem("authToken"));
}

/**
 * Every visible button, input and link inside `scope` is at least 44 px tall (a finger's tap target),
 * but for those named in `except`. Answers the offenders as "name: height".
 */
export async function smallTapTargets(scope: Locator, except: string[] = []): Promise<string[]> {
  return scope.evaluate((root, skip) => {
    const offenders: string[] = [];
    for (const element of root.querySelectorAll<HTMLElement>("button, input, a[href], textarea, select")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? element.id).trim();
      if (skip.includes(name)) continue;
      if (box.height < 44) offenders.push(`${name || element.tagName}: ${Math.round(box.height)} px`);
    }
    return offenders;
  }, except);
}
