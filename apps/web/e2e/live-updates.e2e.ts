// The live updates journey: a customer's /samples page is open; staff move the sample through the
// API (sign in, add an agent, assign it); the bell's badge and the sample's card change without a
// reload, over the real STOMP-over-SockJS connection, and the bell says 'Real-time updates'; then a
// sample submitted through the form: its Sample Processing view advances as staff move it.
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
import { addAgent, collectAndStartTesting, deactivateAgent, staffHeaders } from "./support/staff";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");

/** The bell's unread count from its accessible name ("Notifications, N unread, …"). */
async function unreadCount(page: Page): Promise<number> {
  const name =
    (await page.getByRole("button", { name: /^Notifications, / }).getAttribute("aria-label")) ?? "";
  return Number(/, (\d+) unread,/.exec(name)?.[1] ?? Number.NaN);
}

const desktop = viewports.find((size) => size.name === "desktop") ?? viewports[0];

describe.skipIf(!baseURL || !chromiumAvailable())("live updates journey", () => {
  const browser = useChromium();
  let opened: OpenPage;
  const stamp = Date.now();
  const email = `meera.live.${stamp}@aquafarms.in`;
  const agentName = `Live Agent ${stamp}`;
  const agent = { name: agentName, phone: "+91 90000 54321" };
  let sampleId = 0;
  let agentId = 0;
  stopAfterFirstFailure(beforeEach);

  beforeAll(async () => {
    opened = await openPage(browser(), baseURL, desktop);
  });
  afterAll(async () => {
    // Leave no active agent behind: the dispatcher would assign the other journeys' samples.
    if (opened && agentId > 0) {
      await deactivateAgent(opened.page, await staffHeaders(opened.page), agentId, agent);
    }
    await opened?.context.close();
  });

  it("a customer with a submitted sample signs in and opens /samples: the bell says 'Real-time updates'", async () => {
    const { page } = opened;
    const { token, customerId } = await registerVerified(page, mailDir, "Meera Live Nair", email);
    const submitted = await page.request.post("/api/sample-submissions", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        consumerId: customerId,
        samplerId: `temp_${stamp}`,
        samplerName: "Vembanad Hatchery",
        samplerLocation: "Alappuzha, Kerala",
        coordinate: { lat: 9.4981, lng: 76.3388 },
        shrimpCategory: "Tiger Shrimp",
        testTypes: ["Viral Disease Screening"],
        phoneNumber: "+91 98470 11223",
        status: "PENDING",
        assigned: "",
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    sampleId = ((await submitted.json()) as { id: number }).id;

    await signIn(page, email);
    await page.goto("/samples");
    await waitForPath(page, "/samples");
    // A marker on the window: a reload would drop it.
    await page.evaluate(() => Object.assign(window, { liveMarker: true }));
    const card = page.getByRole("article", { name: new RegExp(`Sample #${sampleId}\\b`) });
    await visible(card);
    await visible(card.getByText("Pending", { exact: true }));
    await visible(page.getByRole("button", { name: /^Notifications, .*Real-time updates$/ }), 20_000);
    await expectNoAxeViolations(page, "/samples with the bell");
  });

  it("staff assign an agent through the API: the badge and the card change without a reload", async () => {
    const { page, pageErrors } = opened;
    await waitUntil(async () => Number.isFinite(await unreadCount(page)), "the bell's count");
    const before = await unreadCount(page);

    const headers = await staffHeaders(page);
    agentId = await addAgent(page, headers, agent);
    const assigned = await page.request.post(`/api/lab/samples/${sampleId}/assign`, {
      headers,
      data: { agentId },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);

    const card = page.getByRole("article", { name: new RegExp(`Sample #${sampleId}\\b`) });
    await visible(card.getByText("Collecting", { exact: true }), 15_000);
    await waitUntil(async () => (await unreadCount(page)) > before, "the unread badge to grow");
    expect(await page.evaluate(() => "liveMarker" in window)).toBe(true);

    await page.getByRole("button", { name: /^Notifications, / }).click();
    const panel = await visible(page.getByRole("region", { name: "Notifications" }));
    await visible(panel.getByText(agentName).or(panel.getByText(/assigned/i)));
    await visible(panel.getByText("Just now"));
    await expectNoAxeViolations(page, "bell dropdown");
    expect(pageErrors).toEqual([]);
  });
  it("Submit Sample: the Sample Processing view advances 25 → 50 (agent's name) → 75 % as staff move it", async () => {
    const { page, pageErrors } = opened;
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Submit Sample" }).click();
    await waitForPath(page, "/submit-sample");
    const name = await visible(page.getByRole("combobox", { name: /Sample Provider Name/ }));
    await name.fill(`Ashtamudi Farms ${stamp}`);
    await page.getByLabel(/Phone Number/).fill("+91 90000 22222");
    await page.getByRole("combobox", { name: /Sample Location/ }).fill("8.9500, 76.5800");
    await page.getByLabel(/Shrimp Category/).selectOption("Tiger Shrimp");
    await page.getByLabel("Viral Disease Screening").check();
    await page
      .getByRole("form", { name: "Submit sample" })
      .getByRole("button", { name: "Submit Sample" })
      .click();
    const dialog = await visible(page.getByRole("dialog", { name: "Save Sample Provider?" }));
    await dialog.getByRole("button", { name: "No, just submit" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "Sample Processing" }), 20_000);
    const text =
      (await (await visible(page.getByText(/Sample #\d+ was submitted successfully\./))).textContent()) ?? "";
    const id = Number(/#(\d+)/.exec(text)?.[1]);
    expect(id).toBeGreaterThan(0);
    const progress = page.getByRole("progressbar");
    const percent = async (value: string) =>
      waitUntil(async () => (await progress.getAttribute("aria-valuenow")) === value, `${value} %`);
    // Submitted: 25 %, unless the dispatcher assigned the active agent while the view loaded.
    await waitUntil(
      async () => ["25", "50"].includes((await progress.getAttribute("aria-valuenow")) ?? ""),
      "25 or 50 %",
    );

    const headers = await staffHeaders(page);
    // The dispatcher may have assigned the active agent already: then it is the same agent.
    const assigned = await page.request.post(`/api/lab/samples/${id}/assign`, { headers, data: { agentId } });
    expect([200, 409], await assigned.text()).toContain(assigned.status());
    await percent("50");
    await visible(page.getByText(agentName, { exact: true }));

    await collectAndStartTesting(page, headers, id);
    await percent("75");
    await visible(page.getByText("Testing in progress"));
    expect(await page.evaluate(() => "liveMarker" in window)).toBe(true);
    await expectNoAxeViolations(page, "Sample Processing (live)");
    expect(pageErrors).toEqual([]);
  });
});
