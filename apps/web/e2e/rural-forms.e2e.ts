// Forms on a farmer's phone, in Debian's Chromium at 360×740 (isMobile, touch), against the real API:
//   1. Submit Sample filled in part survives a reload: the values come back with "Draft saved on this
//      device" and a 44 px "Discard draft".
//   2. Submitted, then Back: the sample's page or an empty form, never the filled form again, and the
//      API counts one sample, not two.
//   3. The changed screens (the form with its draft, My Samples' cards) in English and in Telugu fit
//      360 px and pass axe. Screenshots land in e2e-results/rural-forms/ (look at them when changing
//      a layout).
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { registerVerified, signIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable } from "./support/browser";
import { wordsOf } from "./support/i18n";
import { stopAfterFirstFailure, useChromium, visible, waitForValue } from "./support/page";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");

const shots = join(import.meta.dirname, "..", "e2e-results", "rural-forms");
const PROVIDER = "Kolleru Ponds";
const PHONE = "+91 98480 22338";
const TEST_TYPE = "Allergen Testing";

async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(360);
}

async function look(page: Page, label: string): Promise<void> {
  await page.screenshot({ path: join(shots, `${label}.png`), fullPage: true });
  await expectNoSidewaysScroll(page, label);
  await expectNoAxeViolations(page, label);
}

const form = (page: Page) => page.getByRole("form", { name: "Submit sample" });
const providerName = (page: Page) => form(page).getByRole("combobox", { name: /Sample Provider Name/ });

describe.skipIf(!baseURL || !chromiumAvailable())("forms on a 360×740 phone: drafts and Back", () => {
  const browser = useChromium();
  const email = `sita.forms.${Date.now()}@aquafarms.in`;
  let context: BrowserContext;
  let page: Page;
  let token = "";
  let customerId = 0;
  const pageErrors: string[] = [];
  stopAfterFirstFailure(beforeEach);

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    context = await browser().newContext({
      baseURL,
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      locale: "en-IN",
      timezoneId: "Asia/Kolkata",
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(`${error.name}: ${error.message}`));
  });
  afterAll(async () => {
    await context?.close();
  });

  it("a Submit Sample filled in part comes back after a reload, saying the draft is on this device", async () => {
    ({ token, customerId } = await registerVerified(page, mailDir, "Sita Devi", email));
    await signIn(page, email);
    await page.goto("/submit-sample");
    await (await visible(providerName(page))).fill(PROVIDER);
    await form(page)
      .getByLabel(/Phone Number/)
      .fill(PHONE);
    await form(page)
      .getByLabel(/Shrimp Category/)
      .selectOption("Tiger Shrimp");
    await form(page).getByLabel(TEST_TYPE).check();
    await visible(page.getByText("Draft saved on this device"));

    await page.reload();
    expect(await waitForValue(providerName(page), PROVIDER)).toBe(PROVIDER);
    expect(
      await form(page)
        .getByLabel(/Phone Number/)
        .inputValue(),
    ).toBe(PHONE);
    expect(await form(page).getByLabel(TEST_TYPE).isChecked()).toBe(true);
    const discard = await visible(page.getByRole("button", { name: "Discard draft" }));
    expect((await discard.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await look(page, "en-submit-draft");
  });

  it("submitted, then Back: never the filled form again, and one sample on the server", async () => {
    await form(page)
      .getByRole("combobox", { name: /Sample Location/ })
      .fill("16.5449, 81.5212");
    await form(page).getByRole("button", { name: "Submit Sample" }).click();
    await (await visible(page.getByRole("button", { name: "No, just submit" }))).click();
    await visible(page.getByRole("heading", { level: 1, name: "Sample Processing" }), 20_000);
    const sampleId = Number(/\/submit-sample\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(sampleId).toBeGreaterThan(0);

    await page.goBack();
    await page.waitForLoadState();
    const path = new URL(page.url()).pathname;
    if (path === "/submit-sample") {
      expect(await waitForValue(providerName(page), "")).toBe("");
      expect(await page.getByText("Draft saved on this device").count()).toBe(0);
    } else {
      expect(path).not.toBe("/submit-sample");
    }
    const list = await page.request.get("/api/sample-submissions", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(list.status(), await list.text()).toBe(200);
    const { total } = (await list.json()) as { total: number };
    expect(total).toBe(1);
  });

  it("My Samples leads each card with 'Updated …' and keeps the submission date", async () => {
    await page.goto("/samples");
    const card = page.getByRole("article").first();
    await visible(card.getByText(/^Updated /));
    await visible(card.getByText(/^Submitted /));
    await look(page, "en-samples");
  });

  it("the same screens in Telugu fit 360 px and pass axe", async () => {
    const te = wordsOf("te", ["common", "samples"]);
    // The account's language: the app takes it from the profile, as on the farmer's own phone.
    const saved = await page.request.put(`/api/customers/${customerId}/profile`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { language: "te" },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.goto("/submit-sample");
    await visible(page.getByRole("heading", { level: 1, name: te("Submit Sample for Testing") }));
    await page.locator("#sample-phone").fill(PHONE);
    await visible(page.getByText(te.key("common.draft.saved")));
    await visible(page.getByRole("button", { name: te.key("common.draft.discard") }));
    await look(page, "te-submit-draft");
    await page.goto("/samples");
    await visible(page.getByRole("article").first());
    await look(page, "te-samples");
    expect(pageErrors).toEqual([]);
  });
});
