// The account recovery journey in Debian's Chromium, at desktop and phone sizes, with the caught mail:
// Logout ends the server session; 'Forgot password?' → the mailed code → a new password (the old one
// fails); Change Password in the profile; a new e-mail behind the current password → the code mailed
// to the NEW address → sign in with it, and the notice at the OLD one; 'Sign out of all devices'.
// Every page on the way passes an axe check (WCAG 2 A and AA).
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { PASSWORD, registerVerified } from "./support/accounts";
import {
  resetCode,
  signInWith,
  smallTapTargets,
  storedToken,
  submitSignIn,
} from "./support/account-recovery";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable, viewports } from "./support/browser";
import { STAFF_EMAIL, STAFF_PASSWORD } from "./support/staff";
import { verificationCode, waitForMail } from "./support/mailbox";
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
const serverLog = inject("serverLog");

const RESET_PASSWORD = "Tide#Pool2025";
const CHANGED_PASSWORD = "Mangrove&Pond9x";
const RESET_OK = "Your password has been reset. Please sign in with your new password.";
const PASSWORD_CHANGED = "Your password has been changed. Other devices have been signed out.";
const VERIFIED = "Email verified successfully! You can now login with your credentials.";
const SIGNED_OUT_EVERYWHERE = "You have been signed out of all devices.";
const INVALID = "Invalid email or password";

/** The token still opens the customer's own record (200) or no longer does (401). */
async function tokenStatus(page: Page, customerId: number, token: string): Promise<number> {
  const answer = await page.request.get(`/api/customers/${customerId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return answer.status();
}

/** Nothing on the page is wider than the viewport (no sideways scrolling on a phone). */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** At phone size, the controls in `scope` are big enough to tap (44 px). */
async function expectTappable(
  size: (typeof viewports)[number],
  scope: Locator,
  label: string,
  except: string[] = [],
): Promise<void> {
  if (size.name !== "phone") return;
  expect(await smallTapTargets(scope, except), `controls under 44 px on ${label}`).toEqual([]);
}

async function openUserMenu(page: Page, fullName: string): Promise<void> {
  await page.getByRole("button", { name: `User menu for ${fullName}` }).click();
}

describe.skipIf(!baseURL || !chromiumAvailable())("account recovery journey", () => {
  const browser = useChromium();

  describe.each(viewports)("at $name size ($viewport.width×$viewport.height)", (size) => {
    const stamp = Date.now();
    const fullName = `Meera ${size.name === "phone" ? "Phone" : "Desktop"} Iyer`;
    const email = `meera.${size.name}.${stamp}@aquafarms.in`;
    const newEmail = `meera.moved.${size.name}.${stamp}@aquafarms.in`;
    let customerId = 0;
    let session: OpenPage;
    stopAfterFirstFailure(beforeEach);

    beforeAll(async () => {
      session = await openPage(browser(), baseURL, size);
    });
    afterAll(async () => {
      await session?.context.close();
    });

    it("registers and verifies, signs in; Logout ends the server session of that token", async () => {
      const { page } = session;
      ({ customerId } = await registerVerified(page, mailDir, fullName, email));
      await signInWith(page, email, PASSWORD);
      const token = await storedToken(page);
      expect(token).toBeTruthy();
      expect(await tokenStatus(page, customerId, token ?? "")).toBe(200);

      await openUserMenu(page, fullName);
      const menu = await visible(page.getByRole("menu", { name: "User menu" }));
      await visible(menu.getByRole("menuitem", { name: "Sign out of all devices" }));
      await expectTappable(size, menu, "user menu");
      await expectNoAxeViolations(page, "user menu (open)");
      await menu.getByRole("menuitem", { name: "Logout" }).click();
      await waitForPath(page, "/login");
      expect(await storedToken(page)).toBeNull();
      await expect.poll(() => tokenStatus(page, customerId, token ?? "")).toBe(401);
    });

    it("'Forgot password?' → the mailed code → a new password → sign-in with the e-mail kept", async () => {
      const { page } = session;
      const signIn = await visible(page.getByRole("form", { name: "Sign in" }));
      await signIn.getByLabel("Email", { exact: true }).fill(email);
      await signIn.getByRole("button", { name: "Forgot password?" }).click();

      const request = await visible(page.getByRole("form", { name: "Forgot password" }));
      expect(await request.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
      await expectNoAxeViolations(page, "forgot password (address)");
      await expectNoSidewaysScroll(page, "forgot password (address)");
      await expectTappable(size, request, "forgot password (address)");
      const requestedAt = Date.now();
      await request.getByRole("button", { name: "Send Code" }).click();

      const reset = await visible(page.getByRole("form", { name: "Reset password" }), 20_000);
      await visible(page.getByRole("heading", { name: "Choose a New Password" }));
      const codeInput = reset.getByLabel("Reset Code");
      expect(await codeInput.getAttribute("autocomplete")).toBe("one-time-code");
      const passwordInput = reset.getByLabel("New Password", { exact: true });
      expect(await passwordInput.getAttribute("autocomplete")).toBe("new-password");

      // A wrong code is refused beside the field and counted.
      await codeInput.fill("ZZZZZZ");
      await passwordInput.fill(RESET_PASSWORD);
      await visible(reset.getByText("Strong", { exact: true }));
      await reset.getByRole("button", { name: "Reset Password" }).click();
      await visible(reset.getByText("Invalid verification code. Please try again."));
      expect(await codeInput.getAttribute("aria-invalid")).toBe("true");
      await visible(page.getByTestId("verification-attempts").getByText("1 of 3"));
      await expectNoAxeViolations(page, "forgot password (code and new password, wrong code)");
      await expectNoSidewaysScroll(page, "forgot password (code step)");
      await expectTappable(size, reset, "forgot password (code step)");

      const mail = await waitForMail(mailDir, email, {
        where: (caught) =>
          /password reset code/i.test(caught.subject) && Date.parse(caught.receivedAt) >= requestedAt,
      });
      await codeInput.fill(resetCode(mail).toLowerCase());
      expect(await codeInput.inputValue()).toBe(resetCode(mail));
      await reset.getByRole("button", { name: "Reset Password" }).click();

      const signInAgain = page.getByRole("form", { name: "Sign in" });
      await visible(signInAgain.getByText(RESET_OK), 20_000);
      expect(pathOf(page)).toBe("/login");
      expect(await waitForValue(signInAgain.getByLabel("Email", { exact: true }), email)).toBe(email);
      await expectNoAxeViolations(page, "/login (password reset)");
    });

    it("the old password no longer signs in; the new one does", async () => {
      const { page } = session;
      await submitSignIn(page, email, PASSWORD);
      await visible(page.getByRole("form", { name: "Sign in" }).getByText(INVALID));
      expect(pathOf(page)).toBe("/login");
      await submitSignIn(page, email, RESET_PASSWORD);
      await waitForPath(page, "/dashboard", 20_000);
    });

    it("Change Password on /profile: this device stays signed in, the mail says so", async () => {
      const { page } = session;
      await page.goto("/profile");
      await visible(page.getByRole("heading", { level: 1, name: "Customer Profile" }));
      const changedAt = Date.now();
      await page.getByRole("button", { name: "Change Password", expanded: false }).click();
      const form = await visible(page.getByRole("form", { name: "Change password" }));
      const current = form.getByLabel("Current Password");
      expect(await current.getAttribute("autocomplete")).toBe("current-password");

      // Refused beside the field: a wrong current password (403).
      await current.fill("Wrong#Pass2024");
      await form.getByLabel("New Password", { exact: true }).fill(CHANGED_PASSWORD);
      await form.getByLabel("Confirm New Password").fill(CHANGED_PASSWORD);
      await form.getByRole("button", { name: "Change Password" }).click();
      await visible(form.getByText("Your current password is not correct."));
      expect(await current.getAttribute("aria-invalid")).toBe("true");
      await expectNoAxeViolations(page, "/profile (change password, wrong current password)");
      await expectNoSidewaysScroll(page, "/profile (change password)");
      await expectTappable(size, form, "/profile (change password)");

      await current.fill(RESET_PASSWORD);
      await form.getByRole("button", { name: "Change Password" }).click();
      await visible(form.getByText(PASSWORD_CHANGED), 20_000);
      const notice = await waitForMail(mailDir, email, {
        where: (caught) =>
          /password was changed/i.test(caught.subject) && Date.parse(caught.receivedAt) >= changedAt,
      });
      expect(notice.text).toContain("signed out");

      await page.reload();
      await visible(page.getByRole("heading", { level: 1, name: "Customer Profile" }));
      expect(pathOf(page)).toBe("/profile");
    });

    it("after Logout, only the changed password signs in", async () => {
      const { page } = session;
      await openUserMenu(page, fullName);
      await (await visible(page.getByRole("menuitem", { name: "Logout" }))).click();
      await waitForPath(page, "/login");
      await submitSignIn(page, email, RESET_PASSWORD);
      await visible(page.getByRole("form", { name: "Sign in" }).getByText(INVALID));
      await submitSignIn(page, email, CHANGED_PASSWORD);
      await waitForPath(page, "/dashboard", 20_000);
    });

    it("a new e-mail asks for the current password; saved, it ends the session and verifies the NEW address", async () => {
      const { page } = session;
      const oldToken = await storedToken(page);
      await page.goto("/profile");
      await visible(page.getByRole("heading", { level: 1, name: "Customer Profile" }));
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      const form = page.getByRole("form", { name: "Profile" });
      await form.getByLabel("Email Address").fill(newEmail);
      const current = await visible(form.getByLabel("Current Password"));
      expect(await current.getAttribute("autocomplete")).toBe("current-password");

      // Without the password: refused here, nothing sent.
      await form.getByRole("button", { name: "Save Changes" }).click();
      await visible(form.getByText("Please enter your current password."));
      expect(await current.getAttribute("aria-invalid")).toBe("true");
      await expectNoAxeViolations(page, "/profile (new e-mail, password missing)");
      await expectNoSidewaysScroll(page, "/profile (new e-mail)");
      await expectTappable(size, form, "/profile (new e-mail)");

      const changedAt = Date.now();
      await current.fill(CHANGED_PASSWORD);
      await form.getByRole("button", { name: "Save Changes" }).click();

      await waitForPath(page, "/login", 20_000);
      await visible(page.getByRole("heading", { name: "Verify Your Email" }), 20_000);
      await visible(page.getByText(newEmail, { exact: true }));
      expect(await storedToken(page)).toBeNull();
      expect(await tokenStatus(page, customerId, oldToken ?? "")).toBe(401);
      await expectNoAxeViolations(page, "verification screen (new e-mail)");
      await expectNoSidewaysScroll(page, "verification screen (new e-mail)");

      const mail = await waitForMail(mailDir, newEmail, {
        where: (caught) =>
          /verification code/i.test(caught.subject) && Date.parse(caught.receivedAt) >= changedAt,
      });
      const verifyForm = page.getByRole("form", { name: "Verify email" });
      await verifyForm.getByLabel("Verification Code").fill(verificationCode(mail));
      await verifyForm.getByRole("button", { name: "Verify Email" }).click();

      const signIn = page.getByRole("form", { name: "Sign in" });
      await visible(signIn.getByText(VERIFIED), 20_000);
      expect(await waitForValue(signIn.getByLabel("Email", { exact: true }), newEmail)).toBe(newEmail);
      await expectNoAxeViolations(page, "/login (new e-mail verified)");
    });

    it("the OLD address received the notice; the new address signs in, the old one no longer does", async () => {
      const { page } = session;
      const notice = await waitForMail(mailDir, email, {
        where: (caught) => /e-mail address of your account was changed/i.test(caught.subject),
      });
      expect(notice.text).toContain(newEmail);

      await submitSignIn(page, email, CHANGED_PASSWORD);
      await visible(page.getByRole("form", { name: "Sign in" }).getByText(INVALID));
      await submitSignIn(page, newEmail, CHANGED_PASSWORD);
      await waitForPath(page, "/dashboard", 20_000);
    });

    it("'Sign out of all devices' with its confirm step ends this session too", async () => {
      const { page } = session;
      const token = await storedToken(page);
      // From /profile: at 360 px the dashboard's account card is widened by a long e-mail (the page
      // scrolls sideways, and a tap on the confirm dialog lands on its backdrop), a dashboard matter.
      await page.goto("/profile");
      await visible(page.getByRole("heading", { level: 1, name: "Customer Profile" }));
      await expectNoSidewaysScroll(page, "/profile");
      await openUserMenu(page, fullName);
      await (await visible(page.getByRole("menuitem", { name: "Sign out of all devices" }))).click();
      const dialog = await visible(page.getByRole("dialog", { name: "Sign out of all devices?" }));
      await expectNoAxeViolations(page, "sign out of all devices (confirm)");
      // The dialog frame's own close button (components/ui/dialog) is not part of this screen.
      await expectTappable(size, dialog, "sign out of all devices (confirm)", ["Close dialog"]);
      await dialog.getByRole("button", { name: "Sign out everywhere" }).click();

      await waitForPath(page, "/login", 20_000);
      const signIn = page.getByRole("form", { name: "Sign in" });
      await visible(signIn.getByText(SIGNED_OUT_EVERYWHERE));
      expect(await waitForValue(signIn.getByLabel("Email", { exact: true }), newEmail)).toBe(newEmail);
      expect(await tokenStatus(page, customerId, token ?? "")).toBe(401);
      await expectNoAxeViolations(page, "/login (signed out everywhere)");
    });

    it("staff console: Account opens Change Password and Sign out of all devices (the demo password is left as it is)", async () => {
      const { page } = session;
      await page.goto("/lab/login");
      const signIn = await visible(page.getByRole("form", { name: "Lab sign in" }));
      await signIn.getByLabel("Email").fill(STAFF_EMAIL);
      await signIn.getByLabel("Password").fill(STAFF_PASSWORD);
      await signIn.getByRole("button", { name: "Sign In" }).click();
      await waitForPath(page, "/lab", 20_000);

      await page.getByRole("button", { name: "Account" }).click();
      const dialog = await visible(page.getByRole("dialog", { name: "Account settings" }));
      const form = dialog.getByRole("form", { name: "Change password" });
      // A wrong current password is refused beside its field; nothing changes.
      await form.getByLabel("Current Password").fill("Not#TheLab2026");
      await form.getByLabel("New Password", { exact: true }).fill(CHANGED_PASSWORD);
      await form.getByLabel("Confirm New Password").fill(CHANGED_PASSWORD);
      await form.getByRole("button", { name: "Change Password" }).click();
      await visible(form.getByText("Your current password is not correct."));
      await dialog.getByRole("button", { name: "Sign out of all devices" }).click();
      await visible(dialog.getByRole("button", { name: "Sign out everywhere" }));
      await expectNoAxeViolations(page, "lab console account settings");
      await expectNoSidewaysScroll(page, "lab console account settings");
      await expectTappable(size, dialog, "lab console account settings", ["Close dialog"]);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Sign Out" }).click();
      await waitForPath(page, "/lab/login");
    });

    it("raised no uncaught errors in the page", () => {
      expect(session.pageErrors, `page errors (server log: ${serverLog})`).toEqual([]);
    });
  });
});
