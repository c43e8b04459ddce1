// The certified-results journey in Debian's Chromium: certified results, two people, verdicts per market, and
// the tamper check of a held PDF.
//   1. A customer submits an Antibiotic Residue Test for the EU and the US (the submit form's market
//      chips); staff take it to testing (collection has its own journeys).
//   2. Staff A (the demo account) enters the results in the console: enrofloxacin + ciprofloxacin at
//      40 µg/kg shows, live, EU ✓ Pass (within the 100 MRL) and US ✗ Fail (not tolerated at all);
//      A corrects it to not detected and saves. A may not release their own results.
//   3. Staff B (a reviewer) releases the report in the console.
//   4. The customer, on a 360×740 phone, reads the market verdicts and the parameter results on the
//      report (nothing scrolls sideways), downloads the certificate of analysis, opens
//      /verify/{number}, and checks the PDF they hold: the genuine bytes are "byte-for-byte" the
//      certificate; a copy with one byte changed is refused. A buyer's phone opens the QR code's link
//      (the check code in its fragment) and reads the full results; the number alone, only whether the
//      certificate stands.
//   5. A second sample screens positive by ELISA: the customer's timeline says "Confirmation
//      testing" while it stays in testing.
//   6. A third passes the EU and fails the US: on the phone its report reads "Passed for EU · Not for
//      US", names enrofloxacin + ciprofloxacin at 40 µg/kg with the US limit, and certifies the EU only.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { registerVerified, signIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable } from "./support/browser";
import { stopAfterFirstFailure, useChromium, visible, waitForPath } from "./support/page";
import {
  enterResults,
  moveToTesting,
  resultsFor,
  reviewerHeaders,
  REVIEWER_EMAIL,
  REVIEWER_NAME,
  REVIEWER_PASSWORD,
  samplePanel,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  staffHeaders,
} from "./support/staff";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");
const serverLog = inject("serverLog");

const TEST_TYPE = "Antibiotic Residue Test";
const PROVIDER = "Nellore Blue Ponds";
const PDF_GENUINE = "This PDF is byte-for-byte the certificate the lab issued.";
const PDF_CHANGED =
  "This PDF is NOT the certificate the lab issued: it has been changed or is a different document.";
const FULL_RESULTS_NEED_CODE =
  "The full results need the check code printed on the certificate, or the PDF file itself.";
const SAME_PERSON = "You entered these results; a different staff member must review and release them.";

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

interface Opened {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
}

async function open(browser: Browser, options: typeof desktop | typeof phone): Promise<Opened> {
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

/** Nothing scrolls sideways on a 360 px screen. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(360);
}

/** Signs a staff member in through the console's own sign-in form. */
async function consoleSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/lab/login");
  const form = await visible(page.getByRole("form", { name: "Lab sign in" }));
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await waitForPath(page, "/lab");
}

/** The console's "Review Results" panel (its heading's card). */
const reviewPanel = (page: Page) =>
  page.getByRole("heading", { name: "Review Results", exact: true }).locator("xpath=..");

describe.skipIf(!baseURL || !chromiumAvailable())("certified results journey", () => {
  const browser = useChromium();
  const stamp = Date.now();
  const email = `anitha.markets.${stamp}@aquafarms.in`;
  const agent = { name: `Markets Agent ${stamp}`, phone: "+91 90000 76543" };
  let customer: Opened;
  let analyst: Opened;
  let reviewer: Opened;
  let sampleId = 0;
  let reportId = 0;
  let certification = "";
  let pdf = Buffer.alloc(0);
  let token = "";
  let customerId = 0;
  stopAfterFirstFailure(beforeEach);

  beforeAll(async () => {
    customer = await open(browser(), phone);
    analyst = await open(browser(), desktop);
    reviewer = await open(browser(), desktop);
  });
  afterAll(async () => {
    await customer?.context.close();
    await analyst?.context.close();
    await reviewer?.context.close();
  });

  it("a customer submits a sample for the EU and the US (the market chips of the submit form); staff take it to testing", async () => {
    const { page } = customer;
    ({ token, customerId } = await registerVerified(page, mailDir, "Anitha Reddy", email));
    const auth = { Authorization: `Bearer ${token}` };
    const provider = await page.request.post(`/api/customers/${customerId}/sample-providers`, {
      headers: auth,
      data: {
        samplerName: PROVIDER,
        userType: "Farmer",
        phoneNumber: "+91 98480 44556",
        location: JSON.stringify({
          address: "Nellore, Andhra Pradesh",
          coordinates: { lat: 14.4426, lng: 79.9865 },
          placeId: null,
        }),
        coordinates: { lat: 14.4426, lng: 79.9865 },
      },
    });
    expect(provider.status(), await provider.text()).toBe(201);

    await signIn(page, email);
    await page.goto("/submit-sample");
    const form = await visible(page.getByRole("form", { name: "Submit sample" }));
    const name = form.getByRole("combobox", { name: /Sample Provider Name/ });
    await name.click();
    await name.pressSequentially("Nellore", { delay: 20 });
    await (await visible(page.getByRole("option", { name: new RegExp(PROVIDER) }))).click();
    await form.getByLabel(/Shrimp Category/).selectOption("Pacific White Shrimp");
    await form.getByLabel(TEST_TYPE).check();
    const markets = form.getByRole("group", { name: "Destination markets (optional)" });
    for (const code of ["EU", "US"]) {
      const chip = markets.getByRole("checkbox", { name: new RegExp(`^${code} · `) });
      await markets.locator(`label[for="${(await chip.getAttribute("id")) ?? ""}"]`).click();
      expect(await chip.isChecked()).toBe(true);
    }
    await visible(markets.getByText("2 chosen"));
    await expectNoSidewaysScroll(page, "/submit-sample with markets");
    await expectNoAxeViolations(page, "/submit-sample with markets");
    await form.getByRole("button", { name: "Submit Sample" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "Sample Processing" }), 20_000);
    const text =
      (await (await visible(page.getByText(/Sample #\d+ was submitted successfully\./))).textContent()) ?? "";
    sampleId = Number(/#(\d+)/.exec(text)?.[1]);
    expect(sampleId).toBeGreaterThan(0);
    const read = await page.request.get(`/api/sample-submissions/${sampleId}`, { headers: auth });
    expect(read.status(), await read.text()).toBe(200);
    expect(((await read.json()) as { markets: string[] }).markets).toEqual(["EU", "US"]);

    // Collection and delivery are other journeys' screens: here through the staff API.
    const headers = await staffHeaders(page);
    await moveToTesting(page, headers, sampleId, agent);
    // Staff B exists before anyone signs in as them.
    await reviewerHeaders(page);
  });

  it("staff A enters the results: a residue under the EU action point passes the EU and fails the US, live; saved as not detected", async () => {
    const { page } = analyst;
    await consoleSignIn(page, STAFF_EMAIL, STAFF_PASSWORD);
    await page.goto(`/lab/samples/${sampleId}`);
    await visible(page.getByRole("heading", { level: 1, name: new RegExp(`Sample #${sampleId}`) }));
    const form = await visible(page.getByRole("form", { name: "Test results" }));
    const panel = await samplePanel(page, await staffHeaders(page), sampleId);
    expect(panel.map((parameter) => parameter.code)).toContain("ENR_CIP");
    const row = (code: string) => form.locator(`[data-testid="result-row"][data-code="${code}"]`);

    for (const parameter of panel) {
      if (parameter.code === "ENR_CIP") continue;
      await row(parameter.code).getByLabel("Result").selectOption("not_detected");
    }
    const cap = row("ENR_CIP");
    await cap.getByLabel("Result").selectOption("value");
    await cap.getByLabel(/^Value/).fill("40");
    const soFar = form.getByRole("list", { name: "Market verdicts so far" });
    await visible(soFar.getByRole("listitem").filter({ hasText: "EU" }).getByText("✓ Pass"));
    await visible(soFar.getByRole("listitem").filter({ hasText: "US" }).getByText("✗ Fail"));
    await visible(form.getByText("Every parameter has a result: the report will fail."));
    await expectNoAxeViolations(page, "results entry with live verdicts");

    await cap.getByLabel("Result").selectOption("not_detected");
    await visible(soFar.getByRole("listitem").filter({ hasText: "US" }).getByText("✓ Pass"));
    await visible(form.getByText("Every parameter has a result: the report will pass."));
    await form.getByRole("button", { name: "Save Results" }).click();
    await visible(page.getByText(`Results saved for sample #${sampleId}`));

    // Four eyes: A holds the reviewer role but entered these results, so Release is not offered.
    const review = reviewPanel(page);
    await visible(review.getByText(SAME_PERSON));
    expect(await review.getByRole("button", { name: "Release Report" }).count()).toBe(0);
    await expectNoAxeViolations(page, "review as the analyst");
  });

  it("staff B, a reviewer, releases the report in the console", async () => {
    const { page } = reviewer;
    await consoleSignIn(page, REVIEWER_EMAIL, REVIEWER_PASSWORD);
    await page.goto(`/lab/samples/${sampleId}`);
    const review = reviewPanel(page);
    await visible(review.getByText(/entered by Lab Administrator/));
    const verdicts = review.getByRole("list", { name: "Market verdicts" });
    await visible(verdicts.getByRole("listitem").filter({ hasText: "EU" }).getByText("✓ Pass"));
    await visible(verdicts.getByRole("listitem").filter({ hasText: "US" }).getByText("✓ Pass"));
    expect(await review.getByText(SAME_PERSON).count()).toBe(0);
    await expectNoAxeViolations(page, "review as the reviewer");
    await review.getByRole("button", { name: "Release Report" }).click();
    const toast = await visible(page.getByText(/^Report #\d+ released: NSP-CERT-\d{4}-\d{3,}$/));
    const text = (await toast.textContent()) ?? "";
    reportId = Number(/#(\d+)/.exec(text)?.[1]);
    certification = /NSP-CERT-\d{4}-\d{3,}/.exec(text)?.[0] ?? "";
    expect(reportId).toBeGreaterThan(0);
    expect(certification).not.toBe("");
    await visible(page.getByRole("heading", { level: 1 }).getByText("Completed", { exact: true }));
    expect(REVIEWER_NAME).not.toBe("Lab Administrator");
  });

  it("customer (phone): the report shows each market's verdict and the parameter results, without sideways scroll", async () => {
    const { page } = customer;
    // Still signed in from the submission.
    await page.goto(`/report/${reportId}`);
    await waitForPath(page, `/report/${reportId}`);
    await visible(page.getByText(certification, { exact: true }));
    const markets = page.getByRole("list", { name: "Market verdicts" }).first();
    await visible(markets.getByText("EU ✓ Pass"));
    await visible(markets.getByText("US ✓ Pass"));
    await visible(page.getByRole("heading", { name: "Passed for EU, US" }));
    // Every result sits in its test type's closed group: a tap opens it.
    await page.locator("summary").filter({ hasText: TEST_TYPE }).click();
    await visible(page.getByText("Chloramphenicol").first());
    await expectNoSidewaysScroll(page, "/report/{id}");
    await expectNoAxeViolations(page, "/report/{id} with market verdicts");
  });

  it("customer: downloads the certificate of analysis (a PDF named after its number)", async () => {
    const { page } = customer;
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${certification}.pdf`);
    pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("anyone: /verify/{number} checks a held PDF in the browser — the genuine one byte-for-byte, a changed copy refused", async () => {
    const { page } = customer;
    await page.getByRole("link", { name: "Verify this certificate" }).click();
    await waitForPath(page, `/verify/${certification}`);
    const verdict = await visible(page.getByRole("region", { name: "Verification result" }));
    await visible(verdict.getByRole("heading", { name: "Genuine and Valid" }));
    // The fingerprint the lab recorded is the downloaded file's.
    const sha256 = createHash("sha256").update(pdf).digest("hex");
    await visible(page.getByText(sha256).first());
    expect(await page.getByText("Anitha Reddy").count()).toBe(0);

    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: `${certification}.pdf`, mimeType: "application/pdf", buffer: pdf });
    await visible(page.getByRole("status").filter({ hasText: PDF_GENUINE }));

    const changed = Buffer.from(pdf);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = (changed[middle] ?? 0) ^ 0x01;
    await fileInput.setInputFiles({
      name: `${certification}-copy.pdf`,
      mimeType: "application/pdf",
      buffer: changed,
    });
    await visible(page.getByRole("status").filter({ hasText: PDF_CHANGED }));
    expect(await page.getByText(PDF_GENUINE).count()).toBe(0);
    await expectNoSidewaysScroll(page, "/verify/{number} after the check");
    await expectNoAxeViolations(page, "/verify/{number} with the PDF check");
  });

  it("anyone (phone): the QR code's link, with the check code from the report, shows the full results; the number alone only whether it stands", async () => {
    await customer.page.goto(`/report/${reportId}`);
    const printed = await visible(customer.page.getByText(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/));
    const code = ((await printed.textContent()) ?? "").replaceAll("-", "");
    expect(code).toMatch(/^[0-9A-F]{16}$/);

    // A buyer who scans the printed certificate: signed out, on a 360×740 phone.
    const buyer = await open(browser(), phone);
    try {
      const { page } = buyer;
      await page.goto(`/verify/${certification}#c=${code}`);
      const verdict = await visible(page.getByRole("region", { name: "Verification result" }));
      await visible(verdict.getByRole("heading", { name: "Genuine and Valid" }));
      await visible(page.getByText("Chloramphenicol").first());
      await visible(page.getByRole("list", { name: "Market verdicts" }).getByText("EU ✓ Pass"));
      expect(await page.getByText("Anitha Reddy").count()).toBe(0);
      await expectNoSidewaysScroll(page, "/verify/{number}#c={code}");

      await page.goto(`/verify/${certification}`);
      await visible(page.getByText(FULL_RESULTS_NEED_CODE));
      await visible(page.getByRole("region", { name: "Verification result" }).getByText("Genuine and Valid"));
      expect(await page.getByText("Chloramphenicol").count()).toBe(0);
      expect(await page.getByRole("list", { name: "Market verdicts" }).count()).toBe(0);
      await expectNoSidewaysScroll(page, "/verify/{number} alone");
      await expectNoAxeViolations(page, "/verify/{number} alone (the summary)");
      expect(buyer.pageErrors).toEqual([]);
    } finally {
      await buyer.context.close();
    }
  });

  it("a screening positive: the customer's timeline says 'Confirmation testing' while the sample stays in testing", async () => {
    const { page } = customer;
    const submitted = await page.request.post("/api/sample-submissions", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        consumerId: customerId,
        samplerId: `temp_${Date.now()}`,
        samplerName: PROVIDER,
        samplerLocation: "Nellore, Andhra Pradesh",
        coordinate: { lat: 14.4426, lng: 79.9865 },
        shrimpCategory: "Tiger Shrimp",
        testTypes: ["Chemical Residue Analysis"],
        phoneNumber: "+91 98480 44556",
        markets: ["EU"],
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const screenedId = ((await submitted.json()) as { id: number }).id;
    const headers = await staffHeaders(page);
    await moveToTesting(page, headers, screenedId, agent);
    const panel = await samplePanel(page, headers, screenedId);
    const screening = panel.find((parameter) => parameter.methodRole === "screening");
    expect(screening, "the panel has an ELISA screening").toBeDefined();
    // The ELISA reads 0.5 µg/kg, above its cut-off: LC-MS/MS must confirm before any release.
    const results = resultsFor(panel, "pass").map((entry) =>
      entry.code === screening?.code ? { code: entry.code, value: 0.5 } : entry,
    );
    const analysis = await enterResults(page, headers, screenedId, results);
    expect(analysis.state).toBe("confirmation");

    await page.goto(`/timeline/${screenedId}`);
    await visible(page.getByRole("heading", { level: 1, name: `Sample #${screenedId} Timeline` }));
    await visible(page.getByText("Confirmation testing", { exact: true }).first());
    await expectNoSidewaysScroll(page, "/timeline/{id} in confirmation");
    await expectNoAxeViolations(page, "/timeline/{id} in confirmation");
  });

  it("customer (phone): passed for the EU, failed for the US: the headline by market, the failing parameter with its value, a certificate for the EU; nothing scrolls sideways", async () => {
    const { page } = customer;
    const submitted = await page.request.post("/api/sample-submissions", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        consumerId: customerId,
        samplerId: `temp_${Date.now()}`,
        samplerName: PROVIDER,
        samplerLocation: "Nellore, Andhra Pradesh",
        coordinate: { lat: 14.4426, lng: 79.9865 },
        shrimpCategory: "Pacific White Shrimp",
        testTypes: [TEST_TYPE],
        phoneNumber: "+91 98480 44556",
        markets: ["EU", "US"],
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const splitId = ((await submitted.json()) as { id: number }).id;
    const headers = await staffHeaders(page);
    await moveToTesting(page, headers, splitId, agent);
    const panel = await samplePanel(page, headers, splitId);
    // Enrofloxacin + ciprofloxacin at 40 µg/kg: within the EU's MRL, not tolerated at all by the US.
    // (Chloramphenicol would not do: it is prohibited, so seen at all it fails every market.)
    const results = resultsFor(panel, "pass").map((entry) =>
      entry.code === "ENR_CIP" ? { code: "ENR_CIP", value: 40 } : entry,
    );
    expect((await enterResults(page, headers, splitId, results)).judgement.result).toBe("failure");
    const released = await page.request.post(`/api/lab/samples/${splitId}/release`, {
      headers: await reviewerHeaders(page),
      data: {},
    });
    expect(released.status(), await released.text()).toBe(201);
    const split = (await released.json()) as { id: number; details: { certification: string | null } };
    expect(split.details.certification).toMatch(/^NSP-CERT-\d{4}-\d{3,}$/);

    await page.goto(`/report/${split.id}`);
    await waitForPath(page, `/report/${split.id}`);
    const verdict = page.getByRole("region", { name: "Result" });
    await visible(verdict.getByRole("heading", { name: "Passed for EU · Not for US" }));
    const failing = verdict.getByRole("list", { name: "Outside a limit" });
    await visible(failing.getByText("Enrofloxacin + ciprofloxacin"));
    await visible(failing.getByText("40 µg/kg"));
    await visible(failing.getByText("US limit: Not detected"));
    await visible(page.getByText("Does not certify"));
    await expectNoSidewaysScroll(page, "/report/{id} passed for the EU, failed for the US");
    await expectNoAxeViolations(page, "/report/{id} passed for the EU, failed for the US");
  });

  it("raised no uncaught errors in the pages", () => {
    for (const opened of [customer, analyst, reviewer]) {
      expect(opened.pageErrors, `page errors (server log: ${serverLog})`).toEqual([]);
    }
  });
});
