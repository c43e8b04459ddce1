// The samples journey in Debian's Chromium, at desktop and phone sizes: a verified customer with one
// saved provider submits a sample for it, then one for a new provider (saved on the confirm), finds
// the sample highlighted in My Samples, opens its timeline, exports the summary as CSV and as PDF
// (file names and content checked), and sees the dashboard counts follow. Every screen passes an axe
// check (WCAG 2 A and AA).
import { readFileSync } from "node:fs";

import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { registerVerified, signIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable, viewports } from "./support/browser";
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
const serverLog = inject("serverLog");

const EXPORTED = "Export completed successfully";

/** Follows a link of the side navigation, or of the dropdown on a phone. */
async function navigate(page: Page, phone: boolean, label: string, path: string): Promise<void> {
  if (phone) {
    const mobileNav = page.getByRole("navigation", { name: "Main mobile" });
    await mobileNav.getByRole("button").click();
    await (await visible(mobileNav.getByRole("link", { name: label, exact: true }))).click();
  } else {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: label, exact: true })
      .click();
  }
  await waitForPath(page, path);
}

const submitButton = (page: Page) =>
  page.getByRole("form", { name: "Submit sample" }).getByRole("button", { name: "Submit Sample" });

/** The stat card of the dashboard holding `label`. */
const statCard = (page: Page, label: string) =>
  page.getByRole("region", { name: "Sample figures" }).getByRole("listitem").filter({ hasText: label });

/** Today in the browser's time zone (the contexts run in Asia/Kolkata). */
const todayInKolkata = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());

async function submittedId(page: Page): Promise<number> {
  await visible(page.getByRole("heading", { level: 1, name: "Sample Processing" }), 20_000);
  const text =
    (await (await visible(page.getByText(/Sample #\d+ was submitted successfully\./))).textContent()) ?? "";
  const id = Number(/#(\d+)/.exec(text)?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

describe.skipIf(!baseURL || !chromiumAvailable())("samples journey", () => {
  const browser = useChromium();

  describe.each(viewports)("at $name size ($viewport.width×$viewport.height)", (size) => {
    const phone = size.name === "phone";
    const fullName = `Meena ${phone ? "Phone" : "Desktop"} Reddy`;
    const email = `meena.samples.${size.name}.${Date.now()}@aquafarms.in`;
    const savedName = `Lakshmi Farms ${size.name}`;
    const newName = `Sea Breeze "Hatchery" ${size.name}`;
    let session: OpenPage;
    let token = "";
    let customerId = 0;
    let firstId = 0;
    let secondId = 0;
    stopAfterFirstFailure(beforeEach);

    beforeAll(async () => {
      session = await openPage(browser(), baseURL, size);
    });
    afterAll(async () => {
      await session?.context.close();
    });

    it("signs up with one saved provider (through the API) and signs in: the dashboard shows no samples", async () => {
      const { page } = session;
      ({ token, customerId } = await registerVerified(page, mailDir, fullName, email));
      const created = await page.request.post(`/api/customers/${customerId}/sample-providers`, {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          samplerName: savedName,
          userType: "Farmer",
          phoneNumber: "+91 98480 22338",
          location: JSON.stringify({
            address: "Bhimavaram, Andhra Pradesh",
            coordinates: { lat: 16.5449, lng: 81.5212 },
            placeId: null,
          }),
          coordinates: { lat: 16.5449, lng: 81.5212 },
        },
      });
      expect(created.status(), await created.text()).toBe(201);

      await signIn(page, email);
      await visible(page.getByRole("heading", { level: 1, name: `Welcome, ${fullName}!` }));
      await visible(statCard(page, "Pending Samples"));
      expect(await statCard(page, "Pending Samples").getByRole("link").count()).toBe(0);
      await visible(statCard(page, "Success Rate").getByText("0%"));
      await expectNoAxeViolations(page, "/dashboard (no samples)");
    });

    it("submits a sample for the saved provider picked from the dropdown", async () => {
      const { page } = session;
      await navigate(page, phone, "Submit Sample", "/submit-sample");
      await visible(page.getByRole("heading", { level: 1, name: "Submit Sample for Testing" }));
      await expectNoAxeViolations(page, "/submit-sample");

      // The alerts come in the spec's order.
      await submitButton(page).click();
      await visible(page.getByRole("alert").getByText("Please enter the sample provider name."));

      const name = page.getByRole("combobox", { name: /Sample Provider Name/ });
      await name.click();
      await name.pressSequentially("lakshmi", { delay: 20 });
      await (await visible(page.getByRole("option", { name: new RegExp(savedName) }))).click();
      expect(await page.getByLabel(/Phone Number/).inputValue()).toBe("+91 98480 22338");
      const location = page.getByRole("combobox", { name: /Sample Location/ });
      expect(await location.inputValue()).toBe("Bhimavaram, Andhra Pradesh");
      expect(await location.isEditable()).toBe(false);
      await page.getByLabel(/Shrimp Category/).selectOption("Tiger Shrimp");
      await page.getByLabel("Viral Disease Screening").check();
      await page.getByLabel("Allergen Testing").check();
      await expectNoAxeViolations(page, "/submit-sample (filled)");
      await submitButton(page).click();

      firstId = await submittedId(page);
      await visible(page.getByText("Waiting for assignment"));
      expect(await page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("25");
      await visible(page.getByRole("heading", { name: "Submission Summary" }));
      await visible(page.getByRole("heading", { name: "What happens next?" }));
      expect(await page.getByRole("link", { name: "View Test Results" }).count()).toBe(0);
      await expectNoAxeViolations(page, "Sample Processing");
    });

    it("submits a sample for a new provider and saves it on the confirm", async () => {
      const { page } = session;
      await page.getByRole("button", { name: "Submit Another Sample" }).click();
      const name = await visible(page.getByRole("combobox", { name: /Sample Provider Name/ }));
      expect(await name.inputValue()).toBe("");
      await name.fill(newName);
      await page.getByLabel(/Phone Number/).fill("+91 90000 11111");
      await page.getByRole("combobox", { name: /Sample Location/ }).fill("16.5062, 80.6480");
      await page.getByLabel(/Shrimp Category/).selectOption("Pink Shrimp");
      await page.getByLabel("Salt Content Analysis").check();
      await page.getByLabel(/Email Address/).fill("owner@seabreeze.in");
      await submitButton(page).click();

      const dialog = await visible(page.getByRole("dialog", { name: "Save Sample Provider?" }));
      await expectNoAxeViolations(page, "save provider dialog");
      await dialog.getByRole("button", { name: "Yes, save provider" }).click();
      secondId = await submittedId(page);
      expect(secondId).toBeGreaterThan(firstId);

      const providers = await page.request.get(`/api/customers/${customerId}/sample-providers`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const names = ((await providers.json()) as { samplerName: string }[]).map(
        (provider) => provider.samplerName,
      );
      expect(names.sort()).toEqual([savedName, newName].sort());
    });

    it("finds the new sample highlighted in My Samples", async () => {
      const { page } = session;
      await page.getByRole("link", { name: "View All Samples" }).click();
      await page.waitForURL(
        (url) => url.pathname === "/samples" && url.searchParams.get("highlight") === String(secondId),
      );
      const card = page.locator(`#sample-${secondId}`);
      await visible(card);
      expect(await card.getAttribute("data-highlighted")).toBe("true");
      await visible(page.locator(`#sample-${firstId}`));
      await visible(card.getByText("Pending"));
      await expectNoAxeViolations(page, "/samples (highlighted)");
      // Highlighted for 3000 ms only.
      await page.waitForFunction(
        (id) => !document.getElementById(`sample-${id}`)?.hasAttribute("data-highlighted"),
        secondId,
        { timeout: 6000 },
      );
      await card.getByRole("button", { name: "View Details" }).click();
      await visible(card.getByText("owner@seabreeze.in"));
      await expectNoAxeViolations(page, "/samples (details open)");
    });

    it("opens the sample's timeline: Sample Received, stage 1 in progress, the history", async () => {
      const { page } = session;
      // A PENDING sample offers no View Timeline button (spec: testing or completed); the route works.
      expect(
        await page.locator(`#sample-${secondId}`).getByRole("link", { name: "View Timeline" }).count(),
      ).toBe(0);
      await page.goto(`/timeline/${secondId}`);
      await visible(page.getByRole("heading", { level: 1, name: `Sample #${secondId} Timeline` }));
      await visible(page.getByText("Sample Received"));
      await visible(page.getByRole("listitem", { name: "Stage 1: Initial Inspection, In Progress" }));
      await visible(page.getByRole("listitem", { name: "Stage 3: Final Review and Certification, Pending" }));
      await visible(page.getByRole("heading", { name: "History" }));
      await expectNoAxeViolations(page, "/timeline");
      await page.getByRole("link", { name: "Back to Samples" }).click();
      await waitForPath(page, "/samples");

      // Someone else's or a missing sample: back to /samples.
      await page.goto("/timeline/99999999");
      await waitForPath(page, "/samples");
    });

    it("exports the summary as CSV: file name and quoted rows", async () => {
      const { page } = session;
      await visible(page.locator(`#sample-${secondId}`));
      await page.getByRole("button", { name: "Export Summary" }).click();
      const dialog = await visible(page.getByRole("dialog", { name: "Export Sample Summary" }));
      const today = todayInKolkata();
      expect(await dialog.getByLabel("To").inputValue()).toBe(today);
      const from = await dialog.getByLabel("From").inputValue();
      expect(from).toBe(today);
      await expectNoAxeViolations(page, "export dialog");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        dialog.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`SampleSummary-All-${from}-to-${today}.csv`);
      const csv = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
      const lines = csv.split("\r\n");
      expect(lines[0]).toBe(
        '"Sample ID","Status","Sampler Name","Location","Category","Sub-category","Created At","Updated At"',
      );
      expect(lines).toHaveLength(3);
      expect(csv).toContain(
        `"${secondId}","PENDING","Sea Breeze ""Hatchery"" ${size.name}","16.5062, 80.6480","Pink Shrimp","Salt Content Analysis"`,
      );
      expect(csv).toContain(
        `"${firstId}","PENDING","${savedName}","Bhimavaram, Andhra Pradesh","Tiger Shrimp","Viral Disease Screening, Allergen Testing"`,
      );
      await visible(page.getByText(EXPORTED));
    });

    it("exports the Pending summary as PDF after the preview", async () => {
      const { page } = session;
      await page.getByLabel("Status", { exact: true }).selectOption("pending");
      await page.waitForURL((url) => url.searchParams.get("status") === "pending");
      await page.getByRole("button", { name: "Export Summary" }).click();
      const dialog = await visible(page.getByRole("dialog", { name: "Export Sample Summary" }));
      await dialog.getByRole("button", { name: "Export PDF" }).click();
      const preview = await visible(page.getByRole("dialog", { name: "Sample Summary Report" }));
      await visible(preview.getByRole("cell", { name: savedName }));
      expect(await preview.getByRole("row").count()).toBe(3);
      await expectNoAxeViolations(page, "PDF preview");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        preview.getByRole("button", { name: "Download PDF" }).click(),
      ]);
      const today = todayInKolkata();
      expect(download.suggestedFilename()).toBe(`SampleSummary-Pending-${today}-to-${today}.pdf`);
      const pdf = readFileSync(await download.path(), "latin1");
      expect(pdf.startsWith("%PDF-")).toBe(true);
      // Made by the server with subset Noto fonts (its rows' text, Telugu included, is read back in the
      // API's export-pdf.test.ts; here the streams are compressed).
      expect(pdf).toContain("(Sample Summary Report)");
      expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
      await visible(page.getByText(EXPORTED));
    });

    it("the dashboard counts follow: 2 pending (a link to the filtered list), 2 submitted, Recent Activity", async () => {
      const { page } = session;
      await navigate(page, phone, "Dashboard", "/dashboard");
      const pending = statCard(page, "Pending Samples");
      await visible(pending.getByText("2", { exact: true }));
      await visible(page.getByText("2 samples submitted"));
      const recent = page.getByRole("region", { name: "Recent Activity" });
      expect(await recent.getByRole("link").count()).toBe(2);
      await expectNoAxeViolations(page, "/dashboard (two samples)");
      await pending.getByRole("link").click();
      await page.waitForURL(
        (url) => url.pathname === "/samples" && url.searchParams.get("status") === "pending",
      );
      expect(await page.getByLabel("Status", { exact: true }).inputValue()).toBe("pending");
      await visible(page.locator(`#sample-${firstId}`));
    });

    it("raised no uncaught errors in the page", () => {
      expect(session.pageErrors, `page errors (server log: ${serverLog})`).toEqual([]);
    });
  });
});
