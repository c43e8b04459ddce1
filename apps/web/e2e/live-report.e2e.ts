// The live and consistent report journey, on a 360×740 phone: an open /report/{id} shows the lab's
// revoke within seconds without a reload (no Test Passed, certificate number or check link left),
// the revoke notification opens that report (and the sample's processing page says it was revoked), the Sample Processing view survives a reload at its own
// URL, /samples?highlight= opens the page that holds a sample that is not on the first page, and on
// /submit-sample a farmer saved under an agent can be chosen and "Use my location" names the place.
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
  waitUntil,
  type OpenPage,
} from "./support/page";
import { issueReport, moveToTesting, revokeByTwo, staffHeaders } from "./support/staff";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");
const phone = viewports.find((size) => size.name === "phone") ?? viewports[0];

const TEST_TYPE = "Bacterial Contamination Test";

/** Nothing scrolls sideways on a 360 px screen. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(360);
}

describe.skipIf(!baseURL || !chromiumAvailable())("live report journey (phone)", () => {
  const browser = useChromium();
  let opened: OpenPage;
  const stamp = Date.now();
  const email = `lakshmi.live.${stamp}@aquafarms.in`;
  const agent = { name: `Report Agent ${stamp}`, phone: "+91 90000 65432" };
  let token = "";
  let customerId = 0;
  let sampleId = 0;
  let report = { id: 0, certification: null as string | null };
  stopAfterFirstFailure(beforeEach);

  const submitThroughApi = async (samplerName: string) => {
    const submitted = await opened.page.request.post("/api/sample-submissions", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        consumerId: customerId,
        samplerId: `temp_${Date.now()}`,
        samplerName,
        samplerLocation: "Kākināda, Andhra Pradesh",
        coordinate: { lat: 16.96, lng: 82.238 },
        shrimpCategory: "Tiger Shrimp",
        testTypes: [TEST_TYPE],
        phoneNumber: "+91 98480 11223",
        status: "PENDING",
        assigned: "",
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    return ((await submitted.json()) as { id: number }).id;
  };

  beforeAll(async () => {
    opened = await openPage(browser(), baseURL, phone);
  });
  afterAll(async () => {
    await opened?.context.close();
  });

  it("an open /report/{id} shows the revoke within seconds, without a reload", async () => {
    const { page, pageErrors } = opened;
    ({ token, customerId } = await registerVerified(page, mailDir, "లక్ష్మీ దేవి", email));
    sampleId = await submitThroughApi("Lakshmi Devi Hatchery");
    // Staff take the sample to a passing report; the agent is switched off at once again (the
    // dispatcher would hand it the other journeys' samples).
    const headers = await staffHeaders(page);
    await moveToTesting(page, headers, sampleId, agent);
    report = await issueReport(page, headers, sampleId, "pass");
    const certification = report.certification ?? "";
    expect(certification).toMatch(/^NSP-CERT-/);

    await signIn(page, email);
    await page.goto(`/report/${report.id}`);
    await waitForPath(page, `/report/${report.id}`);
    await visible(page.getByRole("heading", { name: /^Passed for / }));
    await visible(page.getByText(certification, { exact: true }));
    await visible(page.getByRole("link", { name: "Verify this certificate" }));
    await visible(page.getByRole("button", { name: /^Notifications, .*Real-time updates$/ }), 20_000);
    // A marker on the window: a reload would drop it.
    await page.evaluate(() => Object.assign(window, { liveMarker: true }));

    // Two people: the demo account asks, a reviewer confirms; the page hears of the confirmation.
    await revokeByTwo(page, headers, report.id, {
      reasonCode: "sample_mislabelled",
      note: "Container mislabelled at the farm",
    });
    const startedAt = Date.now();
    const banner = await visible(page.getByRole("region", { name: "Revoked" }), 10_000);
    const seconds = (Date.now() - startedAt) / 1000;
    expect(seconds).toBeLessThan(10);
    await visible(banner.getByText("Reason: The sample was mislabelled or mixed up"));
    // Staff's internal note never reaches the customer.
    expect(await page.getByText(/Container mislabelled at the farm/).count()).toBe(0);
    await waitUntil(
      async () => (await page.getByRole("heading", { name: /^Passed for / }).count()) === 0,
      "the passed verdict to go",
    );
    expect(await page.getByText(certification, { exact: true }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Verify this certificate" }).count()).toBe(0);
    expect(await page.evaluate(() => "liveMarker" in window)).toBe(true);
    await expectNoSidewaysScroll(page, "/report/{id} after the revoke");
    await expectNoAxeViolations(page, "/report/{id} revoked, live");
    expect(pageErrors).toEqual([]);
  });

  it("the revoke notification opens the revoked report", async () => {
    const { page, pageErrors } = opened;
    await page.goto("/dashboard");
    await waitForPath(page, "/dashboard");
    // After a reload the session is restored first: the header (and its bell) follow.
    await (await visible(page.getByRole("button", { name: /^Notifications, / }), 30_000)).click();
    const panel = await visible(page.getByRole("region", { name: "Notifications" }));
    await panel
      .getByRole("button", { name: /^Report Revoked/ })
      .first()
      .click();
    await waitForPath(page, `/report/${report.id}`);
    await visible(page.getByRole("region", { name: "Revoked" }));
    // The sample's own processing page says so too, not only "Completed".
    await page.goto(`/submit-sample/${sampleId}`);
    const state = await visible(page.getByRole("status", { name: "Certificate revoked" }));
    await visible(state.getByText(/^Revoked on /));
    await expectNoSidewaysScroll(page, "/submit-sample/{id} revoked");
    expect(pageErrors).toEqual([]);
  });

  it("Sample Processing lives at /submit-sample/{id} and survives a reload", async () => {
    const { page, pageErrors } = opened;
    await page.goto("/submit-sample");
    const name = await visible(page.getByRole("combobox", { name: /Sample Provider Name/ }));
    await name.fill(`Godāvari Farms ${stamp}`);
    await page.getByLabel(/Phone Number/).fill("+91 90000 33333");
    await page.getByRole("combobox", { name: /Sample Location/ }).fill("16.9600, 82.2380");
    await page.getByLabel(/Shrimp Category/).selectOption("Tiger Shrimp");
    await page.getByLabel(TEST_TYPE).check();
    await page
      .getByRole("form", { name: "Submit sample" })
      .getByRole("button", { name: "Submit Sample" })
      .click();
    const dialog = await visible(page.getByRole("dialog", { name: "Save Sample Provider?" }));
    await dialog.getByRole("button", { name: "No, just submit" }).click();
    await page.waitForURL((url) => /^\/submit-sample\/\d+$/.test(url.pathname), { timeout: 20_000 });
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    await visible(page.getByRole("heading", { level: 1, name: "Sample Processing" }));

    await page.reload();
    await visible(page.getByRole("heading", { level: 1, name: "Sample Processing" }), 20_000);
    await visible(page.getByText(`Sample #${id} was submitted successfully.`));
    await visible(page.getByRole("progressbar"));
    await expectNoSidewaysScroll(page, "/submit-sample/{id}");
    await expectNoAxeViolations(page, "Sample Processing after a reload");
    expect(pageErrors).toEqual([]);
  });

  it("/samples?highlight={id} opens page 2 when the sample is not on the first page", async () => {
    const { page, pageErrors } = opened;
    // Eleven newer samples push the first one (its last change is the oldest) to page 2 of 10.
    for (let i = 0; i < 11; i += 1) await submitThroughApi(`Newer Pond ${i}`);
    await page.goto(`/samples?highlight=${sampleId}`);
    const card = page.getByRole("article", { name: new RegExp(`Sample #${sampleId}\\b`) });
    await visible(card, 20_000);
    expect(await card.getAttribute("data-highlighted")).toBe("true");
    const current = page.getByRole("navigation", { name: "Pagination" }).locator("[aria-current=page]");
    expect(await current.getAttribute("aria-label")).toBe("Page 2");
    await expectNoSidewaysScroll(page, "/samples?highlight= on page 2");
    expect(pageErrors).toEqual([]);
  });

  it("/submit-sample: a farmer saved under an agent is chosen ('· via'), and 'Use my location' names the nearest place", async () => {
    const { page, context, pageErrors } = opened;
    const farmer = "వెంకట రమణ Venkataramanaiahgaripalli";
    const saved = await page.request.post(`/api/customers/${customerId}/sample-providers`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        samplerName: "Suresh Reddy",
        userType: "Agent",
        phoneNumber: "+91 94400 12345",
        farmers: [{ name: farmer, phoneNumber: "+91 98480 44444", location: "Amalāpuram" }],
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    await page.goto("/submit-sample");
    const name = await visible(page.getByRole("combobox", { name: /Sample Provider Name/ }));
    await name.fill("suresh");
    const option = await visible(page.getByRole("option", { name: /via Suresh Reddy/ }));
    expect(await option.textContent()).toContain(farmer);
    await expectNoSidewaysScroll(page, "/submit-sample with the farmer's option");
    await option.click();
    expect(await name.inputValue()).toBe(farmer);
    expect(await page.getByLabel(/Phone Number/).inputValue()).toBe("+91 98480 44444");

    // Bhimavaram's fish market, as the phone's position.
    await context.grantPermissions(["geolocation"], { origin: baseURL });
    await context.setGeolocation({ latitude: 16.5449, longitude: 81.5212 });
    const locate = await visible(page.getByRole("button", { name: "Use my location" }));
    const box = await locate.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    await locate.click();
    const location = page.getByRole("combobox", { name: /Sample Location/ });
    await waitUntil(
      async () => /^Bhimavaram, /.test(await location.inputValue()),
      "the nearest place's name",
    );
    await visible(page.getByText("Coordinates: 16.54490, 81.52120"));

    // A position outside India is refused with a message under the field.
    await context.setGeolocation({ latitude: 51.5074, longitude: -0.1278 });
    await locate.click();
    await visible(
      page.getByText("Your location is outside India. Search a town or village in India instead."),
    );
    await expectNoSidewaysScroll(page, "/submit-sample after Use my location");
    await expectNoAxeViolations(page, "/submit-sample with Use my location");
    expect(pageErrors).toEqual([]);
  });
});
