// From pond to bench, at 360×740 (touch): a field agent invited by the lab sets a password and
// signs in to /field; offline at the pond (40 m from it, by the phone's GPS) they fill a collection
// with a photo, close the page, reopen it still offline and find it waiting, and see it sent exactly
// once when the network returns. Reception reads the container label's QR code (decoded from the
// rendered label PDF) and rejects the sample for a broken seal; the customer sees the rejection
// without a reload and downloads the notice. A second sample is collected, received and released,
// and its certificate prints the sampling block.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { registerVerified, signIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable, viewports } from "./support/browser";
import { stopAfterFirstFailure, useChromium, visible, waitForPath, waitUntil } from "./support/page";
import {
  addAgent,
  deactivateAgentsNamed,
  issueReport,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  staffHeaders,
  type StaffHeaders,
} from "./support/staff";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");
const phone = viewports.find((size) => size.name === "phone") ?? viewports[0];

// The pond, and the agent's phone 40 m north of it (a degree of latitude is about 111.2 km).
const POND = { lat: 16.5449, lng: 81.5212 };
const AT_POND = { latitude: POND.lat + 40 / 111_195, longitude: POND.lng, accuracy: 8 };
const AGENT_PASSWORD = "Field#Agent2026";

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

async function newPhoneContext(browser: () => Browser): Promise<BrowserContext> {
  const context = await browser().newContext({
    baseURL,
    viewport: phone.viewport,
    isMobile: phone.isMobile,
    hasTouch: phone.isMobile,
    locale: "en-IN",
    timezoneId: "Asia/Kolkata",
    serviceWorkers: "allow",
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

describe.skipIf(!baseURL || !chromiumAvailable())("field collection journey, 360×740", () => {
  const browser = useChromium();
  const workDir = mkdtempSync(join(tmpdir(), "field-"));
  const stamp = Date.now();
  const agentName = `Suresh Reddy Field ${stamp}`;
  // A number no other journey uses: one number signs in one agent.
  const agentPhone = `+91 9${String(stamp).slice(-9)}`;
  const customerEmail = `ravi.pond.${stamp}@aquafarms.in`;
  let customer: { context: BrowserContext; page: Page };
  let agent: { context: BrowserContext; page: Page };
  let staff: { context: BrowserContext; page: Page };
  let headers: StaffHeaders = {};
  let customerAuth: Record<string, string> = {};
  let agentId = 0;
  const sampleIds: number[] = [];
  stopAfterFirstFailure(beforeEach);

  afterAll(async () => {
    if (staff) await deactivateAgentsNamed(staff.page, await staffHeaders(staff.page), agentName);
    await customer?.context.close();
    await agent?.context.close();
    await staff?.context.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    customer = { context: await newPhoneContext(browser), page: undefined as unknown as Page };
    customer.page = await customer.context.newPage();
    staff = { context: await newPhoneContext(browser), page: undefined as unknown as Page };
    staff.page = await staff.context.newPage();
    agent = { context: await newPhoneContext(browser), page: undefined as unknown as Page };
    agent.page = await agent.context.newPage();
    await agent.context.grantPermissions(["geolocation"], { origin: baseURL });
    await agent.context.setGeolocation(AT_POND);
    headers = await staffHeaders(staff.page);
  });

  it("a farmer with a pond on the map submits two samples; the lab's agent is assigned them", async () => {
    const { page } = customer;
    const { token, customerId } = await registerVerified(page, mailDir, "Ravi Kumar Pond", customerEmail);
    customerAuth = { Authorization: `Bearer ${token}` };
    const made = async (path: string, data: unknown): Promise<{ id: number }> => {
      const response = await page.request.post(path, { headers: customerAuth, data });
      expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
      return (await response.json()) as { id: number };
    };
    const farm = await made("/api/farms", {
      name: "Ravi Aqua Farm Bhimavaram",
      village: "Pedaamiram",
      district: "West Godavari",
      state: "Andhra Pradesh",
      lat: POND.lat + 0.001,
      lng: POND.lng + 0.001,
    });
    const pond = await made(`/api/farms/${farm.id}/ponds`, { code: "P-3", lat: POND.lat, lng: POND.lng });
    // The lab's agent for this farm, before the samples (the dispatcher assigns new samples every 2 s).
    agentId = await addAgent(page, headers, { name: agentName, phone: agentPhone });
    for (const samplerName of ["Ravi Kumar Pond", "Ravi Kumar Pond (second)"]) {
      const sample = await made("/api/sample-submissions", {
        consumerId: customerId,
        samplerName,
        samplerLocation: "Pedaamiram, West Godavari, Andhra Pradesh",
        coordinate: POND,
        shrimpCategory: "Tiger Shrimp",
        testTypes: ["Antibiotic Residue Test"],
        phoneNumber: "+91 98480 22338",
        pondId: pond.id,
      });
      sampleIds.push(sample.id);
      // Ours, whoever the dispatcher chose first.
      await waitUntil(
        async () => {
          const read = await staff.page.request.get(`/api/lab/samples/${sample.id}`, { headers });
          const body = (await read.json()) as { sample?: { status: string; agentId?: number | null } };
          if (body.sample?.status === "COLLECTING" && body.sample.agentId === agentId) return true;
          await staff.page.request.post(`/api/lab/samples/${sample.id}/assign`, {
            headers,
            data: { agentId },
          });
          return false;
        },
        `sample #${sample.id} assigned to the journey's agent`,
        20_000,
      );
    }
  });

  it("the agent accepts the lab's invitation, sets a password and sees their jobs at /field", async () => {
    const invited = await staff.page.request.post(`/api/lab/agents/${agentId}/invitation`, { headers });
    expect(invited.status(), await invited.text()).toBe(201);
    const { url } = (await invited.json()) as { url: string };
    const { page } = agent;
    const link = new URL(url);
    await page.goto(`${link.pathname}${link.search}`);
    const form = await visible(page.getByRole("form", { name: "Set your password" }));
    await form.getByLabel("New password", { exact: true }).fill(AGENT_PASSWORD);
    await form.getByLabel("Repeat the password", { exact: true }).fill(AGENT_PASSWORD);
    await expectNoAxeViolations(page, "/field/join");
    await form.getByRole("button", { name: "Save and sign in" }).click();
    await waitForPath(page, "/field", 20_000);
    await visible(page.getByRole("heading", { level: 1, name: "My collections" }));
    for (const id of sampleIds) await visible(page.getByText(`Sample #${id}`, { exact: true }));
    await expectNoAxeViolations(page, "/field");
    await expectNoSidewaysScroll(page, "/field");
    // The field app works offline once the service worker holds it.
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
      timeout: 30_000,
    });
  });

  it("offline at the pond, the agent fills the collection with a photo; it waits on the phone, even after the page is closed", async () => {
    const { page, context } = agent;
    const first = sampleIds[0] ?? 0;
    const job = page.getByRole("article").filter({ hasText: `Sample #${first}` });
    await job.getByRole("button", { name: "Accept" }).click();
    await job.getByRole("link", { name: "Collect sample" }).click();
    await visible(page.getByRole("heading", { level: 1, name: `Collect sample #${first}` }));
    await visible(page.getByText("40 m from the pond"));

    await context.setOffline(true);
    const photo = await customer.page.screenshot({ type: "jpeg", quality: 80 });
    await page.getByLabel("Photo of the sealed bag").setInputFiles({
      name: "seal.jpg",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    await visible(page.getByText(/^\d+ KB$/));
    await page.getByLabel(/^Seal number 1/).fill("APSEAL-2026-0001");
    await page.getByLabel(/^Number of containers/).fill("1");
    await page.getByLabel(/^Sample quantity/).fill("12");
    await page.getByLabel(/^Water temperature/).fill("29.5");
    await page.getByLabel(/^Sample temperature/).fill("4");
    await page.getByLabel("On ice", { exact: true }).check();
    await page.getByLabel(/^Farmer's name/).fill("Ravi Kumar");
    await expectNoAxeViolations(page, "/field/jobs/:sampleId");
    await expectNoSidewaysScroll(page, "/field/jobs/:sampleId");
    await page.getByRole("button", { name: "Save collection" }).click();
    await visible(page.getByText("1 collection waiting to send").first());

    // The tab is closed and opened again, still with no network: the collection is still there.
    await page.close();
    const reopened = await context.newPage();
    agent.page = reopened;
    await reopened.goto("/field");
    await visible(reopened.getByRole("heading", { level: 1, name: "My collections" }), 20_000);
    await visible(reopened.getByText("1 collection waiting to send").first());
  });

  it("back online, the collection is sent once: one collection, one custody hand-off", async () => {
    const { page, context } = agent;
    const first = sampleIds[0] ?? 0;
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await waitUntil(
      async () => (await page.getByText(/waiting to send/).count()) === 0,
      "the queue to empty",
      30_000,
    );
    const custody = await staff.page.request.get(`/api/samples/${first}/custody`, { headers });
    expect(custody.status(), await custody.text()).toBe(200);
    const chain = (await custody.json()) as {
      events: { kind: string }[];
      collection: { seals: string[]; distanceM: number | null; photos: unknown[] } | null;
    };
    expect(chain.events.filter((event) => event.kind === "collected")).toHaveLength(1);
    expect(chain.collection?.seals).toEqual(["APSEAL-2026-0001"]);
    expect(chain.collection?.photos).toHaveLength(1);
    expect(chain.collection?.distanceM ?? 0).toBeGreaterThan(30);
    expect(chain.collection?.distanceM ?? 0).toBeLessThan(50);
    // A second open of the page sends nothing again.
    await page.reload();
    await visible(page.getByRole("heading", { level: 1, name: "My collections" }));
    const again = (await (
      await staff.page.request.get(`/api/samples/${first}/custody`, { headers })
    ).json()) as { events: { kind: string }[] };
    expect(again.events.filter((event) => event.kind === "collected")).toHaveLength(1);
  });

  it("reception reads the label's QR code from the printed PDF and rejects the sample for a broken seal", async () => {
    const first = sampleIds[0] ?? 0;
    const labels = await staff.page.request.get(`/api/lab/samples/${first}/labels.pdf?format=thermal`, {
      headers,
    });
    expect(labels.status(), await labels.text()).toBe(200);
    const pdfPath = join(workDir, "labels.pdf");
    writeFileSync(pdfPath, await labels.body());
    execFileSync("pdftoppm", ["-r", "300", "-png", "-f", "1", "-l", "1", pdfPath, join(workDir, "label")]);
    const png = readFileSync(join(workDir, "label-1.png"));

    // The customer watches their sample's page while the lab decides.
    await signIn(customer.page, customerEmail);
    await customer.page.goto(`/timeline/${first}`);
    await visible(customer.page.getByRole("heading", { name: `Sample #${first} Timeline` }));
    await visible(customer.page.getByText("Collected at the pond").first());

    const { page } = staff;
    await page.goto("/lab/login");
    const login = await visible(page.getByRole("form", { name: "Lab sign in" }));
    await login.getByLabel("Email").fill(STAFF_EMAIL);
    await login.getByLabel("Password").fill(STAFF_PASSWORD);
    await login.getByRole("button", { name: "Sign In" }).click();
    await waitForPath(page, "/lab");
    await page.goto("/lab/reception");
    await visible(page.getByRole("heading", { level: 1, name: "Reception" }));
    await page
      .getByLabel("Read a photo")
      .setInputFiles({ name: "label.png", mimeType: "image/png", buffer: png });
    await visible(page.getByText("APSEAL-2026-0001").first());
    await page.getByLabel("No, broken or missing").check();
    await page.getByLabel("Seal broken or missing").check();
    await expectNoAxeViolations(page, "/lab/reception");
    await expectNoSidewaysScroll(page, "/lab/reception");
    await page.getByRole("button", { name: "Reject", exact: true }).click();
    await page.getByRole("button", { name: "Reject Sample" }).click();
    await visible(page.getByText(`Sample #${first} rejected; the customer is told.`));
  });

  it("the customer sees the rejection without a reload and downloads the notice", async () => {
    const { page } = customer;
    await visible(page.getByText("This sample was rejected at reception"), 20_000);
    await visible(page.getByText("Rejected at reception").first());
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download rejection notice" }).click(),
    ]);
    const noticePath = join(workDir, "notice.pdf");
    await download.saveAs(noticePath);
    const text = execFileSync("pdftotext", [noticePath, "-"], { encoding: "utf8" });
    expect(text).toMatch(/rejection notice/i);
    expect(text).toContain("APSEAL-2026-0001");
    await expectNoAxeViolations(page, "/timeline/:id (rejected)");
    await expectNoSidewaysScroll(page, "/timeline/:id (rejected)");
  });

  it("a second sample is collected, received and released; its certificate prints the sampling block", async () => {
    const second = sampleIds[1] ?? 0;
    const request = staff.page.request;
    const signedIn = await request.post("/api/field/auth/sign-in", {
      data: { phone: agentPhone, password: AGENT_PASSWORD },
    });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const agentAuth = {
      Authorization: `Bearer ${((await signedIn.json()) as { accessToken: string }).accessToken}`,
    };
    const now = new Date().toISOString();
    const collected = await request.post("/api/field/collections", {
      headers: { ...agentAuth, "Idempotency-Key": `journey-${stamp}` },
      data: {
        sampleId: second,
        collectedAt: now,
        sentAt: now,
        position: { lat: AT_POND.latitude, lng: AT_POND.longitude, accuracyM: 8 },
        seals: ["APSEAL-2026-0002"],
        containers: 1,
        quantity: 250,
        quantityUnit: "g",
        waterTempC: 29,
        sampleTempC: 4,
        coldChain: "ice",
        farmerName: "Ravi Kumar",
        photos: [],
      },
    });
    expect(collected.status(), await collected.text()).toBe(201);
    const received = await request.post(`/api/lab/reception/${second}`, {
      headers,
      data: { decision: "accept", seals: ["APSEAL-2026-0002"], sealIntact: true, temperatureC: 6 },
    });
    expect(received.status(), await received.text()).toBe(200);
    const report = await issueReport(staff.page, headers, second, "pass");
    const pdf = await customer.page.request.get(`/api/reports/${report.id}/pdf`, { headers: customerAuth });
    expect(pdf.status(), await pdf.text()).toBe(200);
    const pdfPath = join(workDir, "coa.pdf");
    writeFileSync(pdfPath, await pdf.body());
    const text = execFileSync("pdftotext", [pdfPath, "-"], { encoding: "utf8" });
    expect(text).toContain("Sampling");
    expect(text).toContain(agentName);
    expect(text).toContain("APSEAL-2026-0002");
  });
});
