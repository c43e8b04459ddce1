// The harvest-lot journey in Debian's Chromium, at phone and desktop sizes: a farmer's organisation
// records a farm with its registrations, a pond and a crop, plans a lot for an EU buyer and submits a
// pre-harvest screening sample for it; two staff release the report (through the staff API: the lab
// journey covers the console); the farmer downloads the lot card; a processor at the receiving desk
// scans the card's QR from a rendered image of the card and sees the lot cleared; the lab revokes the
// report and the processor's next check says revoked. Every page on the way passes an axe check and
// fits the screen.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { registerVerified, signIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable, viewports } from "./support/browser";
import { openPage, stopAfterFirstFailure, useChromium, visible, type OpenPage } from "./support/page";
import { issueReport, moveToTesting, revokeByTwo, staffHeaders, type StaffHeaders } from "./support/staff";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** India's calendar day `days` from today, as a date input takes it. */
function indiaDay(days: number): string {
  const shifted = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(shifted);
}

describe.skipIf(!baseURL || !chromiumAvailable())("harvest lot journey", () => {
  const browser = useChromium();
  const workDir = mkdtempSync(join(tmpdir(), "lot-card-"));
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  describe.each(viewports)("at $name size ($viewport.width×$viewport.height)", (size) => {
    const stamp = Date.now();
    // A long farm name without spaces: it may not push any page sideways.
    const farmName = `SriVenkateswaraAquaFarmsBhimavaramWestGodavari${size.name}`;
    const farmerEmail = `suresh.farm.${size.name}.${stamp}@aquafarms.in`;
    const processorEmail = `gate.${size.name}.${stamp}@coastalexports.in`;
    const pondCode = `P-${size.name === "phone" ? "7" : "8"}`;
    let farmer: OpenPage;
    let processor: OpenPage;
    let headers: StaffHeaders = {};
    let lotCode = "";
    let sampleId = 0;
    let reportId = 0;
    stopAfterFirstFailure(beforeEach);

    beforeAll(async () => {
      farmer = await openPage(browser(), baseURL, size);
      processor = await openPage(browser(), baseURL, size);
    });
    afterAll(async () => {
      await farmer?.context.close();
      await processor?.context.close();
    });

    it("the farmer records a farm with its registrations, a pond and a crop", async () => {
      const { page } = farmer;
      await registerVerified(page, mailDir, "Suresh Babu Kalidindi", farmerEmail);
      await signIn(page, farmerEmail);

      await page.goto("/farms");
      await visible(page.getByRole("heading", { level: 1, name: "Farms" }));
      await page.getByRole("button", { name: "Add farm" }).click();
      const farmForm = await visible(page.getByRole("form", { name: "Add a farm" }));
      await farmForm.getByLabel(/^Farm name/).fill(farmName);
      await farmForm.getByLabel("MPEDA enrolment", { exact: true }).fill(`AP/WG/${stamp}`);
      await farmForm.getByLabel("CAA registration", { exact: true }).fill(`CAA-AP-${stamp}`);
      await farmForm.getByLabel("CAA valid until", { exact: true }).fill(indiaDay(400));
      await farmForm.getByLabel("State licence", { exact: true }).fill(`APSADA-${stamp}`);
      await farmForm.getByLabel("Area (hectares)", { exact: true }).fill("4.5");
      await farmForm.getByLabel("Village", { exact: true }).fill("Pedaamiram");
      await farmForm.getByLabel("District", { exact: true }).fill("West Godavari");
      await farmForm.getByLabel("State", { exact: true }).fill("Andhra Pradesh");
      await expectNoAxeViolations(page, "/farms (adding a farm)");
      await farmForm.getByRole("button", { name: "Save farm" }).click();
      await visible(page.getByText(`Farm ${farmName} added`));
      await page.waitForURL(/\/farms\/\d+$/);
      await visible(page.getByRole("heading", { level: 1, name: farmName }));
      await visible(page.getByText("CAA valid", { exact: true }).filter({ visible: true }));
      await page.getByRole("button", { name: "Add pond" }).click();
      const pondForm = await visible(page.getByRole("form", { name: "Add pond" }));
      await pondForm.getByLabel(/^Pond code/).fill(pondCode);
      await pondForm.getByLabel("Area (hectares)", { exact: true }).fill("1.2");
      await pondForm.getByRole("button", { name: "Save pond" }).click();
      await visible(page.getByText(`Pond ${pondCode} added`));

      await page.getByRole("button", { name: "Stock a crop" }).click();
      const cropForm = await visible(page.getByRole("form", { name: `Stock a crop in pond ${pondCode}` }));
      await cropForm.getByLabel(/^Species/).selectOption({ index: 1 });
      await cropForm.getByLabel(/^Stocked on/).fill(indiaDay(-90));
      await cropForm.getByLabel("Stocking density", { exact: true }).fill("40");
      await cropForm.getByLabel("Hatchery name", { exact: true }).fill("Vaisakhi Bio-Marine Hatchery");
      await cropForm.getByLabel("No antimicrobial or chemical treatment", { exact: true }).check();
      await expectNoAxeViolations(page, "/farms/:id (stocking a crop)");
      await cropForm.getByRole("button", { name: "Stock crop" }).click();
      await visible(page.getByText(`Crop stocked in pond ${pondCode}`));
      await expectNoSidewaysScroll(page, "/farms/:id");
    });

    it("plans a harvest lot for an EU buyer", async () => {
      const { page } = farmer;
      await page.getByRole("button", { name: "Plan a harvest lot" }).click();
      const lotForm = await visible(
        page.getByRole("form", { name: `Plan a harvest lot of pond ${pondCode}` }),
      );
      await lotForm.getByLabel(/^Expected harvest/).fill(indiaDay(5));
      await lotForm.getByLabel("Quantity (kg)", { exact: true }).fill("3200");
      await lotForm.getByLabel("Count per kg", { exact: true }).fill("40");
      await lotForm.getByLabel("Buyer name", { exact: true }).fill("Coastal Exports Private Limited");
      await lotForm.getByLabel("Buyer's EIC approval number", { exact: true }).fill("1234");
      const markets = lotForm.getByRole("group", { name: /Markets/ });
      const eu = markets.getByRole("checkbox", { name: /^EU · / });
      await markets.locator(`label[for="${(await eu.getAttribute("id")) ?? ""}"]`).click();
      await lotForm.getByRole("button", { name: "Plan lot" }).click();
      const planned = await visible(page.getByText(/^Harvest lot [0-9A-Z]{10} planned$/));
      lotCode = /([0-9A-Z]{10})/.exec((await planned.textContent()) ?? "")?.[1] ?? "";
      expect(lotCode).toMatch(/^[0-9A-Z]{10}$/);
      await expectNoAxeViolations(page, "/farms/:id (a lot planned)");
      await expectNoSidewaysScroll(page, "/farms/:id (a lot planned)");
    });

    it("the lot's public check says not tested before any sample", async () => {
      const { page } = processor;
      await page.goto(`/lots/${lotCode}`);
      await visible(page.getByText("Not tested").first());
      await expectNoAxeViolations(page, "/lots/:code (not tested)");
      await expectNoSidewaysScroll(page, "/lots/:code");
    });

    it("submits a pre-harvest screening sample for the lot", async () => {
      const { page } = farmer;
      await page.goto("/submit-sample");
      const form = await visible(page.getByRole("form", { name: "Submit sample" }));
      await form.getByRole("combobox", { name: /Sample Provider Name/ }).fill("Suresh Babu Kalidindi");
      await form.getByLabel(/Phone Number/).fill("+91 94400 12345");
      await form.getByRole("combobox", { name: /Sample Location/ }).fill("16.5449, 81.5212");
      await form.getByLabel("Farm (optional)").selectOption({ label: farmName });
      await form.getByLabel("Pond", { exact: true }).selectOption({ label: `Pond ${pondCode}` });
      await form.getByLabel("Purpose (optional)").selectOption("pre_harvest");
      const lot = form.getByLabel("Harvest lot");
      const lotOption = lot.locator("option").filter({ hasText: lotCode });
      await lot.selectOption((await lotOption.getAttribute("value")) ?? "");
      await form.getByLabel(/Shrimp Category/).selectOption("Tiger Shrimp");
      // Pre-harvest screening ticks the banned-residue panel and adds the lot's markets by itself.
      expect(await form.getByRole("checkbox", { name: "Antibiotic Residue Test" }).isChecked()).toBe(true);
      await expectNoAxeViolations(page, "/submit-sample (pre-harvest)");
      await expectNoSidewaysScroll(page, "/submit-sample (pre-harvest)");
      await form.getByRole("button", { name: "Submit Sample" }).click();
      const save = await visible(page.getByRole("dialog", { name: "Save Sample Provider?" }));
      await save.getByRole("button", { name: "No, just submit" }).click();
      await page.waitForURL((url) => /^\/submit-sample\/\d+$/.test(url.pathname), { timeout: 20_000 });
      sampleId = Number(new URL(page.url()).pathname.split("/").pop());
      expect(sampleId).toBeGreaterThan(0);

      await processor.page.reload();
      await visible(processor.page.getByText("Test not finished").first());
    });

    it("two staff release the screening; the farmer downloads the lot card", async () => {
      const { page } = farmer;
      headers = await staffHeaders(page);
      await moveToTesting(page, headers, sampleId, { name: `Lot agent ${stamp}`, phone: "+91 90000 22222" });
      const report = await issueReport(page, headers, sampleId, "pass");
      reportId = report.id;

      await page.goto("/farms");
      await page.getByRole("link", { name: farmName }).filter({ visible: true }).click();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        (await visible(page.getByRole("button", { name: `Lot card (PDF) of lot ${lotCode}` }))).click(),
      ]);
      const pdfPath = join(workDir, `${size.name}-card.pdf`);
      await download.saveAs(pdfPath);
      expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe("%PDF-");
      // What a phone's camera would see: the printed card, as an image.
      execFileSync("pdftoppm", [
        "-png",
        "-r",
        "200",
        "-singlefile",
        pdfPath,
        join(workDir, `${size.name}-card`),
      ]);
    });

    it("the processor scans the card's QR at the receiving desk and sees the lot cleared", async () => {
      const { page } = processor;
      await registerVerified(page, mailDir, "Gate Desk Kakinada", processorEmail);
      await signIn(page, processorEmail);
      await page.goto("/gate");
      await visible(page.getByRole("heading", { level: 1, name: "Receiving desk: check harvest lots" }));
      await page.locator('input[type="file"]').setInputFiles(join(workDir, `${size.name}-card.png`));
      const codes = page.getByLabel("Lot codes");
      await expect.poll(() => codes.inputValue(), { timeout: 15_000 }).toContain(lotCode);
      await page.getByRole("button", { name: "Check", exact: true }).click();
      await visible(page.getByRole("status").filter({ hasText: "1 lot checked, 1 cleared" }));
      await visible(page.getByText("Cleared", { exact: true }).filter({ visible: true }));
      await visible(page.getByText(lotCode, { exact: true }).filter({ visible: true }));
      await expectNoAxeViolations(page, "/gate (cleared)");
      await expectNoSidewaysScroll(page, "/gate (cleared)");
    });

    it("the lab revokes the report; the processor's next check says revoked", async () => {
      const { page } = processor;
      await revokeByTwo(farmer.page, headers, reportId, { reasonCode: "sample_mislabelled" });
      await page.getByRole("button", { name: "Check", exact: true }).click();
      await visible(page.getByRole("status").filter({ hasText: "1 lot checked, 0 cleared" }));
      await visible(page.getByText("Report revoked", { exact: true }).filter({ visible: true }));

      await page.goto(`/lots/${lotCode}`);
      await visible(page.getByText("Report revoked").first());
      await visible(page.getByText("The laboratory revoked the report of its screening."));
    });

    it("raised no uncaught errors in the pages", () => {
      expect(farmer.pageErrors).toEqual([]);
      expect(processor.pageErrors).toEqual([]);
    });
  });
});
