// The lab journey in Debian's Chromium: a customer submits a sample (through the API); staff sign
// in to the lab console at /lab/login, add an agent, assign it, mark the sample collected, start
// testing, enter the results (a second staff member releases them: four eyes); the customer finds
// it in /reports, opens it and downloads the PDF; /verify/{number} says genuine; one staff member asks to revoke it and a
// second confirms on the Revocations page; /verify says revoked. The console runs at desktop size
// (a 1024 px tablet gets the same layout: the console has no breakpoint between the two, and the
// phone-fit journey walks every console screen at 360 px), the customer's pages at phone size.
// Every screen passes an axe check (WCAG 2 A and AA).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { registerVerified, signIn } from "./support/accounts";
import { smallTapTargets } from "./support/account-recovery";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable } from "./support/browser";
import { waitForMail } from "./support/mailbox";
import { stopAfterFirstFailure, useChromium, visible, waitForPath } from "./support/page";
import {
  deactivateAgentsNamed,
  resultsFor,
  REVIEWER_EMAIL,
  REVIEWER_PASSWORD,
  reviewerHeaders,
  samplePanel,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  staffHeaders,
} from "./support/staff";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");
const serverLog = inject("serverLog");

const TEST_TYPES = ["Bacterial Contamination Test", "Allergen Testing"];

const consoleSizes = [{ name: "desktop", viewport: { width: 1280, height: 800 }, touch: false }] as const;
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

interface Opened {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
}

async function open(
  browser: Browser,
  options: { viewport: { width: number; height: number }; isMobile?: boolean; hasTouch?: boolean },
): Promise<Opened> {
  const context = await browser.newContext({
    baseURL,
    ...options,
    locale: "en-IN",
    timezoneId: "Asia/Kolkata",
    acceptDownloads: true,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(`${error.name}: ${error.message}`));
  return { context, page, pageErrors };
}

/** Sign-up, verification and one sample, all through the API (other journeys cover their screens). */
async function customerWithSample(page: Page, fullName: string, email: string): Promise<number> {
  const { token: accessToken, customerId } = await registerVerified(page, mailDir, fullName, email);
  const submitted = await page.request.post("/api/sample-submissions", {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      consumerId: customerId,
      samplerId: `temp_${Date.now()}`,
      samplerName: "Godavari Prawns",
      samplerLocation: "Kakinada, Andhra Pradesh",
      coordinate: { lat: 16.9891, lng: 82.2475 },
      shrimpCategory: "Tiger Shrimp",
      testTypes: TEST_TYPES,
      phoneNumber: "+91 98480 22338",
      status: "PENDING",
      assigned: "",
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id } = (await submitted.json()) as { id: number };
  return id;
}

/** Nothing scrolls sideways on a 360 px screen. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(360);
}

/** Waits for the sample's status badge in the console's heading. */
async function waitForStatus(page: Page, label: string): Promise<void> {
  await visible(page.getByRole("heading", { level: 1 }).getByText(label, { exact: true }), 15_000);
}

describe.skipIf(!baseURL || !chromiumAvailable())("lab journey", () => {
  const browser = useChromium();

  describe.each(consoleSizes)("console at $name size ($viewport.width×$viewport.height)", (size) => {
    const stamp = Date.now();
    const fullName = "Kiran Desktop Rao";
    const email = `kiran.lab.${size.name}.${stamp}@aquafarms.in`;
    const agentName = `Suresh ${size.name} ${stamp}`;
    let staff: Opened;
    let customer: Opened;
    let sampleId = 0;
    let reportId = 0;
    let certification = "";
    stopAfterFirstFailure(beforeEach);

    beforeAll(async () => {
      staff = await open(browser(), { viewport: size.viewport, hasTouch: size.touch });
      customer = await open(browser(), phone);
    });
    afterAll(async () => {
      // Leave no active agent behind: the dispatcher would assign the other journeys' samples.
      if (staff) await deactivateAgentsNamed(staff.page, await staffHeaders(staff.page), agentName);
      await staff?.context.close();
      await customer?.context.close();
    });

    it("a customer has submitted a sample (through the API)", async () => {
      sampleId = await customerWithSample(customer.page, fullName, email);
      expect(sampleId).toBeGreaterThan(0);
    });

    it("staff: /lab asks for the lab's own sign-in; a wrong password is refused; the demo account signs in", async () => {
      const { page } = staff;
      await page.goto("/lab");
      await waitForPath(page, "/lab/login");
      const form = await visible(page.getByRole("form", { name: "Lab sign in" }));
      await expectNoAxeViolations(page, "/lab/login");
      await form.getByLabel("Email").fill(STAFF_EMAIL);
      await form.getByLabel("Password").fill("not-the-password");
      await form.getByRole("button", { name: "Sign In" }).click();
      await visible(page.getByRole("alert").getByText("Invalid email or password"));
      await form.getByLabel("Password").fill(STAFF_PASSWORD);
      await form.getByRole("button", { name: "Sign In" }).click();
      await waitForPath(page, "/lab");
      await visible(page.getByRole("heading", { level: 1, name: "Sample Queue" }));
      expect(await page.evaluate(() => window.localStorage.getItem("labToken"))).toContain("token");
      expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();
      await expectNoAxeViolations(page, "/lab (queue)");
    });

    it("staff: the sample is in the queue; the Unassigned view lists pending samples oldest first", async () => {
      const { page } = staff;
      await page.getByLabel("Search").fill(String(sampleId));
      await page.getByRole("button", { name: "Search" }).click();
      await visible(page.getByRole("link", { name: new RegExp(`Sample #${sampleId}\\b`) }));
      await page.getByRole("button", { name: "Unassigned" }).click();
      await page.waitForURL((url) => url.searchParams.get("view") === "unassigned");
      await visible(page.getByText(/Pending samples with no agent yet/));
      await expectNoAxeViolations(page, "/lab?view=unassigned");
    });

    it("staff: adds an agent on the Agents page", async () => {
      const { page } = staff;
      await page.getByRole("navigation", { name: "Lab" }).getByRole("link", { name: "Agents" }).click();
      await waitForPath(page, "/lab/agents");
      await visible(page.getByRole("heading", { level: 1, name: "Field Agents" }));
      await page.getByRole("button", { name: "Add Agent" }).click();
      const dialog = await visible(page.getByRole("dialog", { name: "Add Agent" }));
      await dialog.getByLabel(/Name/).fill(agentName);
      await dialog.getByLabel(/Phone/).fill("+91 90000 12345");
      await dialog.getByLabel("Latitude").fill("16.9891");
      await dialog.getByLabel("Longitude").fill("82.2475");
      await expectNoAxeViolations(page, "add agent dialog");
      await dialog.getByRole("button", { name: "Add Agent" }).click();
      await visible(page.getByText(`Agent ${agentName} added`));
      await visible(page.getByRole("listitem").filter({ hasText: agentName }).getByText("Active"));
      await expectNoAxeViolations(page, "/lab/agents");
    });

    it("staff: assigns the agent (the dispatcher may have been quicker: then it is the same agent)", async () => {
      const { page } = staff;
      await page.goto(`/lab/samples/${sampleId}`);
      await visible(page.getByRole("heading", { level: 1, name: new RegExp(`Sample #${sampleId}`) }));
      await visible(page.getByText(fullName));
      for (const type of TEST_TYPES) await visible(page.getByRole("listitem").filter({ hasText: type }));
      await expectNoAxeViolations(page, "/lab/samples/{id}");
      const select = await visible(page.getByLabel("Agent", { exact: true }));
      const option = await select.locator("option").filter({ hasText: agentName }).getAttribute("value");
      expect(option).toBeTruthy();
      await select.selectOption(option ?? "");
      const assign = page.getByRole("button", { name: "Assign Agent" });
      if ((await assign.count()) > 0 && (await assign.isEnabled())) {
        await assign.click();
        // Already assigned by the dispatcher: the API refuses (409) and the view reloads.
        await visible(
          page.getByText(`${agentName} assigned to sample #${sampleId}`).or(page.getByRole("alert")),
        );
      }
      await waitForStatus(page, "Collecting");
      // Current Agent: the name and the phone as people write it (not the stored "name-+91…").
      await visible(page.getByText(`${agentName} · +91 90000 12345`));
      await visible(page.getByRole("button", { name: "Unassign" }));
    });

    it("staff: marks the sample collected, then starts testing with an ETA", async () => {
      const { page } = staff;
      await page.getByRole("button", { name: "Mark Collected" }).click();
      await waitForStatus(page, "COLLECTED");
      await expectNoAxeViolations(page, "/lab/samples/{id} (collected)");
      const eta = new Date(Date.now() + 2 * 86_400_000);
      const local = `${eta.toISOString().slice(0, 10)}T15:30`;
      await page.getByLabel("Testing ETA (optional)").fill(local);
      await page.getByRole("button", { name: "Start Testing" }).click();
      await waitForStatus(page, "Testing");
    });

    it("staff: enters a result for every parameter of the panel; the Save shows the live verdict; a reviewer releases", async () => {
      const { page } = staff;
      const form = await visible(page.getByRole("form", { name: "Test results" }));
      await expectNoAxeViolations(page, "results entry");
      const panel = await samplePanel(page, await staffHeaders(page), sampleId);
      expect(panel.length).toBeGreaterThan(0);
      for (const entry of resultsFor(panel, "pass")) {
        const row = form.locator(`[data-testid="result-row"][data-code="${entry.code}"]`);
        const choice = row.getByLabel(/^(Result|Grade)$/);
        if (entry.qualifier !== undefined) {
          await choice.selectOption(entry.qualifier);
        } else {
          if ((await choice.count()) > 0) await choice.selectOption("value");
          await row.getByLabel(/^(Value|Score)/).fill(String(entry.value ?? 0));
        }
      }
      await visible(form.getByText("Every parameter has a result: the report will pass."));
      await form.getByRole("button", { name: "Save Results" }).click();
      await visible(page.getByText(`Results saved for sample #${sampleId}`));
      // Four eyes: whoever entered the results does not release them (the certified results
      // journey releases in the console; here a reviewer does it through the API).
      await visible(page.getByText(/a different staff member must review and release them/).first());
      const released = await page.request.post(`/api/lab/samples/${sampleId}/release`, {
        headers: await reviewerHeaders(page),
        data: {},
      });
      expect(released.status(), await released.text()).toBe(201);
      await page.reload();
      await waitForStatus(page, "Completed");
      const panelCard = page.getByRole("heading", { name: "Report", exact: true }).locator("xpath=..");
      const text =
        (await (await visible(panelCard.getByText(/^NSP-CERT-\d{4}-\d{3,}$/))).textContent()) ?? "";
      certification = text.trim();
      reportId = ((await released.json()) as { id: number }).id;
      expect(certification).toMatch(/^NSP-CERT-\d{4}-\d{3,}$/);
      expect(reportId).toBeGreaterThan(0);
      await expectNoAxeViolations(page, "/lab/samples/{id} (completed)");
    });

    it("customer (phone): sees the report in /reports and opens it", async () => {
      const { page } = customer;
      await signIn(page, email);
      const mobileNav = page.getByRole("navigation", { name: "Main mobile" });
      await mobileNav.getByRole("button").click();
      await (await visible(mobileNav.getByRole("link", { name: "Reports", exact: true }))).click();
      await waitForPath(page, "/reports");
      const figures = await visible(page.getByRole("region", { name: "Report figures" }));
      await visible(
        figures.getByRole("listitem").filter({ hasText: "Total Reports" }).getByText("1", { exact: true }),
      );
      await visible(
        figures.getByRole("listitem").filter({ hasText: "Successful Tests" }).getByText("1", { exact: true }),
      );
      const card = await visible(page.getByRole("article").filter({ hasText: `Report #${reportId}` }));
      await visible(card.getByText(certification));
      await expectNoAxeViolations(page, "/reports");
      await card.getByRole("link", { name: /View Details/ }).click();
      await waitForPath(page, `/report/${reportId}`);
      await visible(page.getByRole("heading", { name: "Passed for Lab" }));
      await visible(page.getByText(`Certificate ${certification} certifies Lab.`));
      await visible(page.getByText("Godavari Prawns"));
      // No market chosen: judged against the lab's default limits, with the verdict in words.
      await visible(page.getByText("Lab ✓ Pass").first());
      await visible(page.getByText(certification));
      await expectNoAxeViolations(page, "/report/{id}");
    });

    it("customer: downloads the PDF (named after the certificate, a real PDF)", async () => {
      const { page } = customer;
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download PDF" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${certification}.pdf`);
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    });

    it("anyone: /verify/{number} says genuine and valid", async () => {
      const { page } = customer;
      await page.getByRole("link", { name: "Verify this certificate" }).click();
      await waitForPath(page, `/verify/${certification}`);
      const verdict = await visible(page.getByRole("region", { name: "Verification result" }));
      await visible(verdict.getByRole("heading", { name: "Genuine and Valid" }));
      await visible(page.getByText("Tiger Shrimp"));
      expect(await page.getByText("Godavari Prawns").count()).toBe(0);
      await expectNoAxeViolations(page, "/verify/{number} (valid)");
    });

    it("staff: asks to revoke the report with a reason and an internal note; it waits for a second person", async () => {
      const { page } = staff;
      await page.getByLabel(/Reason for revoking/).selectOption("sample_mislabelled");
      await page.getByLabel(/Internal note/).fill("Sample label did not match the farm record");
      await page.getByRole("button", { name: "Revoke Report" }).click();
      await visible(page.getByText(`Revocation of report #${reportId} asked: waiting for a second person`));
      await visible(page.getByText(/Revocation asked by .*: waiting for a second person to confirm\./));
      // The report still stands, and the one who asked cannot confirm it.
      expect(await page.getByRole("button", { name: "Confirm Revocation" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Revoke Report" }).count()).toBe(0);
      await expectNoAxeViolations(page, "/lab/samples/{id} (revocation asked)");
    });

    it("a second reviewer confirms it on the console's Revocations page; the report is revoked", async () => {
      const second = await open(browser(), { viewport: size.viewport, hasTouch: size.touch });
      try {
        // The reviewer who released the report (added then) confirms: a second person.
        const { page } = second;
        await page.goto("/lab/login");
        const form = await visible(page.getByRole("form", { name: "Lab sign in" }));
        await form.getByLabel("Email").fill(REVIEWER_EMAIL);
        await form.getByLabel("Password").fill(REVIEWER_PASSWORD);
        await form.getByRole("button", { name: "Sign In" }).click();
        await waitForPath(page, "/lab");
        await page
          .getByRole("navigation", { name: "Lab" })
          .getByRole("link", { name: "Revocations" })
          .click();
        await waitForPath(page, "/lab/revocations");
        await visible(page.getByRole("heading", { level: 1, name: "Revocations" }));
        const request = page
          .getByRole("list", { name: "Open revocation requests" })
          .getByRole("listitem")
          .filter({ hasText: `Report #${reportId} of sample #${sampleId}` });
        await visible(request.getByText("Sample label did not match the farm record"));
        await expectNoAxeViolations(page, "/lab/revocations");
        await request.getByRole("button", { name: "Confirm Revocation" }).click();
        await visible(page.getByText(`Report #${reportId} revoked`));
        expect(second.pageErrors).toEqual([]);
      } finally {
        await second.context.close();
      }
      const { page } = staff;
      await page.reload();
      await visible(page.getByText(/Revoked on .*: The sample was mislabelled or mixed up/));
      await visible(page.getByText("Internal note: Sample label did not match the farm record"));
      expect(await page.getByRole("button", { name: "Revoke Report" }).count()).toBe(0);
      await expectNoAxeViolations(page, "/lab/samples/{id} (revoked)");
    });

    it("anyone: /verify now says revoked, without the internal note; the customer's report shows the reason's wording", async () => {
      const { page } = customer;
      await page.goto("/verify");
      await page.getByLabel("Certification Number").fill(certification.toLowerCase());
      await page.getByRole("button", { name: "Verify" }).click();
      await waitForPath(page, `/verify/${certification}`);
      const verdict = await visible(page.getByRole("region", { name: "Verification result" }));
      await visible(verdict.getByRole("heading", { name: "Certificate Revoked" }));
      // Whatever the check shows of a revocation, staff's internal note is never part of it.
      expect(await page.getByText(/Sample label did not match the farm record/).count()).toBe(0);
      await expectNoAxeViolations(page, "/verify/{number} (revoked)");

      await page.goto(`/report/${reportId}`);
      const revoked = await visible(page.getByRole("region", { name: "Revoked" }));
      // The reason's wording; staff's internal note never reaches the customer.
      await visible(revoked.getByText(/The sample was mislabelled or mixed up/));
      expect(await page.getByText(/Sample label did not match the farm record/).count()).toBe(0);
      await page.goto("/report/99999999");
      await visible(page.getByRole("heading", { name: "Report Not Found" }));
      await visible(page.getByRole("link", { name: "Back to Reports" }));
      await expectNoAxeViolations(page, "/report/{missing}");
    });

    it("customer (phone): the revoked PDF is stamped REVOKED; the sample's page and My Samples say Revoked", async () => {
      const { page } = customer;
      await page.goto(`/report/${reportId}`);
      await visible(page.getByRole("region", { name: "Revoked" }));
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download PDF" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${certification}-REVOKED.pdf`);
      const text = execFileSync("pdftotext", ["-layout", await download.path(), "-"], { encoding: "utf8" });
      expect(text).toContain("REVOKED");
      await expectNoSidewaysScroll(page, "/report/{id} (revoked)");

      // A Completed sample whose certificate was revoked never reads as valid.
      await page.goto(`/timeline/${sampleId}`);
      const state = await visible(page.getByRole("status", { name: "Certificate revoked" }));
      await visible(state.getByText("Revoked", { exact: true }));
      await visible(state.getByText(`Certificate ${certification}`));
      await visible(state.getByText(/^Revoked on .*no longer valid\.$/));
      await visible(state.getByText("No replacement certificate has been issued yet."));
      await expectNoSidewaysScroll(page, "/timeline/{id} (revoked)");
      await expectNoAxeViolations(page, "/timeline/{id} (revoked)");

      await page.goto("/samples");
      const card = await visible(page.getByRole("article").filter({ hasText: `Sample #${sampleId}` }));
      await visible(card.getByText("Completed", { exact: true }));
      await visible(card.getByText("Revoked", { exact: true }));
      await expectNoSidewaysScroll(page, "/samples (revoked)");
    });

    it("staff: edits the agent to inactive and signs out", async () => {
      const { page } = staff;
      await page.getByRole("navigation", { name: "Lab" }).getByRole("link", { name: "Agents" }).click();
      await page.getByRole("button", { name: `Edit ${agentName}` }).click();
      const dialog = await visible(page.getByRole("dialog", { name: "Edit Agent" }));
      await dialog.getByLabel(/Active/).uncheck();
      await dialog.getByRole("button", { name: "Save Agent" }).click();
      await visible(page.getByRole("listitem").filter({ hasText: agentName }).getByText("Inactive"));
      await page.getByRole("button", { name: "Sign Out" }).click();
      await waitForPath(page, "/lab/login");
      expect(await page.evaluate(() => window.localStorage.getItem("labToken"))).toBeNull();
    });

    it("raised no uncaught errors in the pages", () => {
      expect(staff.pageErrors, `staff page errors (server log: ${serverLog})`).toEqual([]);
      expect(customer.pageErrors, `customer page errors (server log: ${serverLog})`).toEqual([]);
    });
  });

  it("a staff member who forgot their password resets it through the mailed code on a phone (360×740)", async () => {
    const stamp = Date.now();
    const email = `qa.reset.${stamp}@aquatest.local`;
    const newPassword = "Hatchery#2027";
    const { context, page, pageErrors } = await open(browser(), phone);
    try {
      const added = await page.request.post("/api/lab/staff", {
        headers: await staffHeaders(page),
        data: { email, name: "QA Reset", password: "QaLead#2026x", roles: ["analyst"] },
      });
      expect(added.status(), await added.text()).toBe(201);
      const before = await page.request.post("/api/lab/login", {
        data: { email, password: "QaLead#2026x" },
      });
      const oldToken = ((await before.json()) as { accessToken: string }).accessToken;

      await page.goto("/lab/login");
      const signIn = await visible(page.getByRole("form", { name: "Lab sign in" }));
      await signIn.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Forgot password?" }).click();
      const request = await visible(page.getByRole("form", { name: "Forgot password" }));
      await expectNoAxeViolations(page, "/lab/login (forgot password)");
      await request.getByRole("button", { name: "Send Code" }).click();
      const mail = await waitForMail(mailDir, email, {
        where: (caught) => caught.subject.startsWith("Your lab console password reset code"),
      });
      const code = /reset code:\s+([A-Z0-9]{6})\b/.exec(mail.subject)?.[1] ?? "";
      const reset = await visible(page.getByRole("form", { name: "Reset password" }));
      await reset.getByLabel("Reset Code").fill(code);
      await reset.getByLabel("New Password").fill(newPassword);
      await expectNoAxeViolations(page, "/lab/login (reset password)");
      const card = page.locator("main");
      expect(await smallTapTargets(card), "controls under 44 px").toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, "the reset step scrolls sideways").toBeLessThanOrEqual(0);
      await reset.getByRole("button", { name: "Reset Password" }).click();

      await visible(page.getByText("Your password has been reset. Please sign in with your new password."));
      const again = await visible(page.getByRole("form", { name: "Lab sign in" }));
      expect(await again.getByLabel("Email").inputValue()).toBe(email);
      const stale = await page.request.get("/api/lab/staff/me", {
        headers: { Authorization: `Bearer ${oldToken}` },
      });
      expect(stale.status()).toBe(401);
      await again.getByLabel("Password").fill(newPassword);
      await again.getByRole("button", { name: "Sign In" }).click();
      await waitForPath(page, "/lab");
      expect(pageErrors, `page errors (server log: ${serverLog})`).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
