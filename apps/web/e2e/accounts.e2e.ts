// The account journey in Debian's Chromium, at desktop and phone sizes: register → verification code
// from the caught e-mail → verify → sign in → dashboard → edit the profile → sign out. Every page on
// the way passes an axe check (WCAG 2 A and AA).
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { PASSWORD } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable, viewports } from "./support/browser";
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

const VERIFIED = "Email verified successfully! You can now login with your credentials.";
const COMPANY = "Raman Aqua Farms";
const PHONE = "+91 98765 43210";

describe.skipIf(!baseURL || !chromiumAvailable())("accounts journey", () => {
  const browser = useChromium();

  describe.each(viewports)("at $name size ($viewport.width×$viewport.height)", (size) => {
    const fullName = `Priya ${size.name === "phone" ? "Phone" : "Desktop"} Raman`;
    const email = `priya.${size.name}.${Date.now()}@aquafarms.in`;
    let session: OpenPage;
    stopAfterFirstFailure(beforeEach);

    beforeAll(async () => {
      session = await openPage(browser(), baseURL, size);
    });
    afterAll(async () => {
      await session?.context.close();
    });

    it("signed out, a protected route leads to /login", async () => {
      const { page } = session;
      await page.goto("/profile");
      await waitForPath(page, "/login");
      await page.goto("/dashboard");
      await waitForPath(page, "/login");
      await page.goto("/");
      await waitForPath(page, "/login");
    });

    it("registers, reads the code from the e-mail and verifies", async () => {
      const { page } = session;
      await page.goto("/login");
      await visible(page.getByRole("heading", { name: "Sign In", exact: true }));
      await expectNoAxeViolations(page, "/login (sign in)");

      // The card's toggle (outside the form) switches to the create-account mode.
      await page.getByRole("button", { name: "Create Account", exact: true }).click();
      const form = await visible(page.getByRole("form", { name: "Create account" }));
      await form.getByLabel("Full Name").fill(fullName);
      await form.getByLabel("Email", { exact: true }).fill(email);
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      // The e-mail check runs 800 ms after typing stops and on leaving the field.
      await visible(form.getByText("Email address verified successfully"));
      await visible(form.getByText("Strong", { exact: true }));
      await expectNoAxeViolations(page, "/login (create account)");
      await form.getByRole("button", { name: "Create Account" }).click();

      await visible(page.getByRole("heading", { name: "Verify Your Email" }), 20_000);
      const verifyForm = page.getByRole("form", { name: "Verify email" });
      const codeInput = verifyForm.getByLabel("Verification Code");
      await expectNoAxeViolations(page, "verification screen");
      const mail = await waitForMail(mailDir, email);
      expect(mail.subject).toMatch(/verification code/i);
      const code = verificationCode(mail);
      // The field upper-cases what is typed.
      await codeInput.fill(code.toLowerCase());
      expect(await codeInput.inputValue()).toBe(code);
      await verifyForm.getByRole("button", { name: "Verify Email" }).click();

      // Back on sign-in, with the e-mail kept and the success message.
      const signIn = page.getByRole("form", { name: "Sign in" });
      await visible(signIn.getByText(VERIFIED), 20_000);
      expect(pathOf(page)).toBe("/login");
      expect(await signIn.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
      await expectNoAxeViolations(page, "/login (verified)");
    });

    it("shows 'Invalid email or password' for a wrong password", async () => {
      const { page } = session;
      const signIn = page.getByRole("form", { name: "Sign in" });
      await signIn.getByLabel("Password", { exact: true }).fill("Wrong#Pass2024");
      await signIn.getByRole("button", { name: "Sign In" }).click();
      await visible(signIn.getByText("Invalid email or password"));
      expect(pathOf(page)).toBe("/login");
    });

    it("signs in and lands on the dashboard greeting", async () => {
      const { page } = session;
      const signIn = page.getByRole("form", { name: "Sign in" });
      await signIn.getByLabel("Email", { exact: true }).fill(email);
      await signIn.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await signIn.getByRole("button", { name: "Sign In" }).click();
      await waitForPath(page, "/dashboard", 20_000);
      await visible(page.getByRole("heading", { level: 1, name: `Welcome, ${fullName}!` }));
      await expectNoAxeViolations(page, "/dashboard");
    });

    it("sends unknown paths and / to /dashboard, and /login to /dashboard, when signed in", async () => {
      const { page } = session;
      await page.goto("/no-such-page/anywhere");
      await waitForPath(page, "/dashboard");
      await page.goto("/");
      await waitForPath(page, "/dashboard");
      await page.goto("/login");
      await waitForPath(page, "/dashboard");
    });

    it("edits Company and Phone Number on /profile; the values persist after Refresh and reload", async () => {
      const { page } = session;
      await visible(page.getByRole("heading", { level: 1, name: `Welcome, ${fullName}!` }));
      await page.getByRole("link", { name: /view profile/i }).click();
      await waitForPath(page, "/profile");
      await visible(page.getByRole("heading", { level: 1, name: "Customer Profile" }));
      await visible(page.getByText("Manage your account information"));
      await visible(page.getByText("Account Information"));
      await expectNoAxeViolations(page, "/profile");

      const form = page.getByRole("form", { name: "Profile" });
      const company = form.getByLabel("Company");
      const phone = form.getByLabel("Phone Number");
      expect(await company.isEditable()).toBe(false);
      expect(await form.getByLabel("Email Address").getAttribute("type")).toBe("email");
      expect(await phone.getAttribute("type")).toBe("tel");
      expect(await form.getByLabel("Full Name").inputValue()).toBe(fullName);

      await page.getByRole("button", { name: "Edit", exact: true }).click();
      await visible(page.getByRole("button", { name: "Cancel", exact: true }));
      expect(await company.isEditable()).toBe(true);
      await company.fill(COMPANY);
      await phone.fill(PHONE);
      await expectNoAxeViolations(page, "/profile (editing)");
      await form.getByRole("button", { name: "Save Changes" }).click();
      // Back in view mode once saved.
      await visible(page.getByRole("button", { name: "Edit", exact: true }));
      expect(await company.isEditable()).toBe(false);

      await page.getByRole("button", { name: "Refresh" }).click();
      expect(await waitForValue(company, COMPANY)).toBe(COMPANY);
      expect(await waitForValue(phone, PHONE)).toBe(PHONE);

      await page.reload();
      await visible(page.getByRole("heading", { level: 1, name: "Customer Profile" }));
      expect(await waitForValue(company, COMPANY)).toBe(COMPANY);
      expect(await waitForValue(phone, PHONE)).toBe(PHONE);
      expect(await form.getByLabel("Full Name").inputValue()).toBe(fullName);
      await expectNoAxeViolations(page, "/profile (after reload)");
    });

    it("opens Profile Settings from the user menu's View Profile, with the saved values", async () => {
      const { page } = session;
      await page.getByRole("button", { name: `User menu for ${fullName}` }).click();
      await (await visible(page.getByRole("menuitem", { name: "View Profile" }))).click();
      const dialog = await visible(page.getByRole("dialog", { name: "Profile Settings" }));
      expect(await dialog.getByLabel("Company").inputValue()).toBe(COMPANY);
      expect(await dialog.getByLabel("Phone Number").inputValue()).toBe(PHONE);
      await expectNoAxeViolations(page, "Profile Settings dialog");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    });

    it("logs out from the user menu and returns to /login", async () => {
      const { page } = session;
      await page.getByRole("button", { name: `User menu for ${fullName}` }).click();
      const logout = await visible(page.getByRole("menuitem", { name: "Logout" }));
      await expectNoAxeViolations(page, "user menu (open)");
      await logout.click();
      await waitForPath(page, "/login");
      await visible(page.getByRole("form", { name: "Sign in" }));
      // Signed out for good: protected routes lead back to /login.
      await page.goto("/profile");
      await waitForPath(page, "/login");
    });

    it("raised no uncaught errors in the page", () => {
      expect(session.pageErrors, `page errors (server log: ${serverLog})`).toEqual([]);
    });
  });
});
