// The organisation journey in Debian's Chromium, at desktop and phone sizes, with the caught mail: an
// admin invites a colleague by e-mail as "Results only, own samples"; the colleague opens the mailed
// link in another browser, accepts and lands signed in without Submit Sample; the admin's sample is
// not in the colleague's list; the admin removes the colleague, whose session ends at once; the trail
// says so. Every page on the way passes an axe check and fits the screen.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { PASSWORD, registerVerified, signIn } from "./support/accounts";
import { storedToken } from "./support/account-recovery";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable, viewports } from "./support/browser";
import { waitForMail } from "./support/mailbox";
import {
  openPage,
  stopAfterFirstFailure,
  useChromium,
  visible,
  waitForPath,
  type OpenPage,
} from "./support/page";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

async function status(page: Page, path: string, token: string): Promise<number> {
  const answer = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  return answer.status();
}

describe.skipIf(!baseURL || !chromiumAvailable())("organisation journey", () => {
  const browser = useChromium();

  describe.each(viewports)("at $name size ($viewport.width×$viewport.height)", (size) => {
    const stamp = Date.now();
    // A long company name without spaces, and a Telugu colleague: neither may push the page sideways.
    const company = `SriLakshmiAquaExportsPrivateLimitedBhimavaram${size.name}`;
    const adminName = `Ravi ${size.name === "phone" ? "Phone" : "Desktop"} Kumar`;
    const adminEmail = `ravi.org.${size.name}.${stamp}@aquafarms.in`;
    const colleagueName = "లక్ష్మీ దేవి";
    const colleagueEmail = `lakshmi.org.${size.name}.${stamp}@aquafarms.in`;
    const adminSample = `AdminPond${stamp}`;
    let admin: OpenPage;
    let colleague: OpenPage;
    let adminToken = "";
    let adminId = 0;
    let colleagueToken = "";
    stopAfterFirstFailure(beforeEach);

    beforeAll(async () => {
      admin = await openPage(browser(), baseURL, size);
      colleague = await openPage(browser(), baseURL, size);
    });
    afterAll(async () => {
      await admin?.context.close();
      await colleague?.context.close();
    });

    it("the admin names the organisation and invites a colleague as Results only, own samples", async () => {
      const { page } = admin;
      ({ token: adminToken, customerId: adminId } = await registerVerified(
        page,
        mailDir,
        adminName,
        adminEmail,
      ));
      await signIn(page, adminEmail);

      await page.goto("/profile/organisation");
      const details = await visible(page.getByRole("form", { name: "Organisation details" }));
      await details.getByLabel("Organisation name").fill(company);
      await details.getByRole("button", { name: "Save details" }).click();
      await visible(page.getByText("Organisation details saved"));
      await expectNoAxeViolations(page, "organisation details");
      await expectNoSidewaysScroll(page, "organisation details");

      await page.goto("/profile/members");
      const invite = await visible(page.getByRole("form", { name: "Invite a member" }));
      await invite.getByLabel("Email").fill(colleagueEmail);
      await invite.getByLabel("Role").selectOption("results");
      await invite.getByLabel("Samples seen").selectOption("own");
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await visible(page.getByText(`Invitation sent to ${colleagueEmail}`));
      await visible(page.getByRole("button", { name: `Revoke the invitation to ${colleagueEmail}` }));
      await expectNoAxeViolations(page, "members with a pending invitation");
      await expectNoSidewaysScroll(page, "members");
    });

    it("the colleague opens the mailed link, accepts, and is signed in without Submit Sample", async () => {
      const mail = await waitForMail(mailDir, colleagueEmail);
      // The lab's words only: the organisation's and the admin's names were typed by a customer.
      expect(mail.text).not.toContain(company);
      expect(mail.text).not.toContain(adminName);
      const link = /https?:\/\/\S+\/invitation#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(link, mail.text).toBeTruthy();
      const { page } = colleague;
      await page.goto(new URL(link ?? "", baseURL).pathname + new URL(link ?? "", baseURL).hash);
      await visible(page.getByRole("heading", { name: `Join ${company}` }));
      await expectNoAxeViolations(page, "accept invitation");
      await expectNoSidewaysScroll(page, "accept invitation");
      const form = await visible(page.getByRole("form", { name: "Accept the invitation" }));
      await form.getByLabel("Full Name").fill(colleagueName);
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByRole("button", { name: "Accept and sign in" }).click();
      await waitForPath(page, "/dashboard", 20_000);
      colleagueToken = (await storedToken(page)) ?? "";
      expect(colleagueToken).toBeTruthy();
      await expect.poll(() => page.getByRole("link", { name: "Submit Sample" }).count()).toBe(0);
      await expectNoAxeViolations(page, "dashboard of a results member");
      await expectNoSidewaysScroll(page, "dashboard of a results member");
      expect(await status(page, "/api/sample-submissions", colleagueToken)).toBe(200);
    });

    it("the admin's sample is not in the colleague's list (own samples), and the API refuses the colleague a submission", async () => {
      const created = await admin.page.request.post("/api/sample-submissions", {
        headers: { Authorization: `Bearer ${adminToken}` },
        data: {
          consumerId: adminId,
          samplerName: adminSample,
          samplerLocation: "Bhimavaram",
          coordinate: { lat: 16.5, lng: 81.5 },
          shrimpCategory: "Tiger Shrimp",
          testTypes: ["Allergen Testing"],
          phoneNumber: "9848022338",
        },
      });
      expect(created.status(), await created.text()).toBe(201);

      const { page } = colleague;
      await page.goto("/samples");
      await visible(page.getByRole("heading", { level: 1 }));
      await expect.poll(() => page.getByText(adminSample).count(), { timeout: 5_000 }).toBe(0);
      await expectNoAxeViolations(page, "samples of an own-scope member");
      const list = await page.request.get("/api/sample-submissions", {
        headers: { Authorization: `Bearer ${colleagueToken}` },
      });
      expect(((await list.json()) as { total: number }).total).toBe(0);
      const refused = await page.request.post("/api/sample-submissions", {
        headers: { Authorization: `Bearer ${colleagueToken}` },
        data: {},
        failOnStatusCode: false,
      });
      expect(refused.status()).toBe(403);
    });

    it("the admin removes the colleague: the colleague's session ends at once, and the trail tells it", async () => {
      const { page } = admin;
      await page.goto("/profile/members");
      await visible(page.getByText(colleagueName));
      await page.getByRole("button", { name: `Remove ${colleagueName}` }).click();
      const dialog = await visible(page.getByRole("dialog"));
      await expectNoAxeViolations(page, "remove member (confirm)");
      await dialog.getByRole("button", { name: "Remove" }).click();
      await visible(page.getByText(`${colleagueName} was removed`));
      await expect.poll(() => status(page, "/api/sample-submissions", colleagueToken)).toBe(401);

      await page.goto("/profile/activity");
      await visible(page.getByText(`${adminName} removed ${colleagueName}`));
      await visible(page.getByText(new RegExp(`${colleagueName} joined`)));
      await expectNoAxeViolations(page, "activity");
      await expectNoSidewaysScroll(page, "activity");
    });
  });
});
