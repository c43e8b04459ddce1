// Issue 2's journey in Debian's Chromium, at desktop and phone sizes: register → verification code
// from the caught e-mail → verify → sign in → dashboard → edit the profile → sign out. Every page on
// the way passes an axe check (WCAG 2 A and AA).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable, launchChromium, viewports } from "./support/browser";
import { verificationCode, waitForMail } from "./support/mailbox";
import {
  openPage,
  pathOf,
  stopAfterFirstFailure,
  visible,
  waitForPath,
  waitForValue,
  type OpenPage,
} from "./support/page";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");
const serverLog = inject("serverLog");

const VERIFIED = "Email verified successfully! You can now login with your credentials.";
const PASSWORD = "Shrimp#Lab2024";

describe.skipIf(!baseURL || !chromiumAvailable())("accounts journey", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(viewports)("at $name size ($viewport.width×$viewport.height)", (size) => {
    const fullName = `Priya ${size.name === "phone" ? "Phone" : "Desktop"} Raman`;
    const email = `priya.${size.name}.${Date.now()}@aquafarms.in`;
    let session: OpenPage;
    stopAfterFirstFailure(beforeEach);

    beforeAll(async () => {
      session = await openPage(browser, baseURL, size);
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
      await expectNoAxeViolations(page, "/login (sign in)");

      await (
        await visible(page.getByRole("button", { name: /^(create account|sign up|register)$/i }))
      ).click();
      await (await visible(page.getByLabel(/full name/i))).fill(fullName);
      await page.getByLabel(/^email/i).fill(email);
      await page.getByLabel(/^password/i).fill(PASSWORD);
      await page.getByLabel(/^password/i).blur();
      await visible(page.getByText("Email address verified successfully"));
      await expectNoAxeViolations(page, "/login (create account)");
      await page
        .getByRole("button", { name: /^create account$/i })
        .last()
        .click();

      const codeInput = await visible(page.getByLabel(/verification code/i), 20_000);
      await expectNoAxeViolations(page, "verification screen");
      const mail = await waitForMail(mailDir, email);
      expect(mail.subject).toMatch(/verification code/i);
      const code = verificationCode(mail);
      // The field upper-cases what is typed.
      await codeInput.fill(code.toLowerCase());
      expect(await codeInput.inputValue()).toBe(code);
      await page.getByRole("button", { name: /^verify/i }).click();

      await visible(page.getByText(VERIFIED), 20_000);
      expect(pathOf(page)).toBe("/login");
      // Back on sign-in with the e-mail kept.
      expect(await page.getByLabel(/^email/i).inputValue()).toBe(email);
      await expectNoAxeViolations(page, "/login (verified)");
    });

    it("shows 'Invalid email or password' for a wrong password", async () => {
      const { page } = session;
      await page.getByLabel(/^password/i).fill("Wrong#Pass2024");
      await page
        .getByRole("button", { name: /^sign in$/i })
        .last()
        .click();
      await visible(page.getByText("Invalid email or password"));
      expect(pathOf(page)).toBe("/login");
    });

    it("signs in and lands on the dashboard greeting", async () => {
      const { page } = session;
      await page.getByLabel(/^email/i).fill(email);
      await page.getByLabel(/^password/i).fill(PASSWORD);
      await page
        .getByRole("button", { name: /^sign in$/i })
        .last()
        .click();
      await waitForPath(page, "/dashboard", 20_000);
      await visible(page.getByRole("heading", { name: new RegExp(fullName.split(" ")[0] ?? fullName) }));
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
      await page.goto("/dashboard");
      await (await visible(page.getByRole("link", { name: /view profile/i }))).click();
      await waitForPath(page, "/profile");
      await visible(page.getByRole("heading", { name: "Customer Profile" }));
      await visible(page.getByText("Manage your account information"));
      await expectNoAxeViolations(page, "/profile");

      const company = page.getByLabel("Company");
      const phone = page.getByLabel("Phone Number");
      expect(await company.isEditable()).toBe(false);
      await page.getByRole("button", { name: "Edit" }).click();
      expect(await page.getByLabel("Email Address").getAttribute("type")).toBe("email");
      expect(await phone.getAttribute("type")).toBe("tel");
      await company.fill("Raman Aqua Farms");
      await phone.fill("+91 98765 43210");
      await expectNoAxeViolations(page, "/profile (editing)");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await visible(page.getByRole("button", { name: "Edit" }));
      expect(await company.isEditable()).toBe(false);

      await page.getByRole("button", { name: "Refresh" }).click();
      expect(await waitForValue(company, "Raman Aqua Farms")).toBe("Raman Aqua Farms");
      expect(await waitForValue(phone, "+91 98765 43210")).toBe("+91 98765 43210");

      await page.reload();
      await visible(page.getByRole("heading", { name: "Customer Profile" }));
      expect(await waitForValue(page.getByLabel("Company"), "Raman Aqua Farms")).toBe("Raman Aqua Farms");
      expect(await waitForValue(page.getByLabel("Phone Number"), "+91 98765 43210")).toBe("+91 98765 43210");
      expect(await page.getByLabel("Full Name").inputValue()).toBe(fullName);
    });

    it("logs out from the user menu and returns to /login", async () => {
      const { page } = session;
      await page.getByRole("button", { name: /user menu|account menu|open menu/i }).click();
      await expectNoAxeViolations(page, "user menu (open)");
      await page.getByRole("menuitem", { name: /logout/i }).click();
      await waitForPath(page, "/login");
      await page.goto("/profile");
      await waitForPath(page, "/login");
    });

    it("raised no uncaught errors in the page", () => {
      expect(session.pageErrors, `page errors (server log: ${serverLog})`).toEqual([]);
    });
  });
});
