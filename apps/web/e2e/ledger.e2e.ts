// The Sample Ledger journey in Debian's Chromium, at desktop and phone sizes, each with its own
// customer: thirteen samples seeded through the API (staff complete three with reports, one is left
// in testing), then /ledger: search (server-side), the status and date filters, selection across two
// pages with a page size of 5, Select Page / Deselect Page, the CSV export of the selection, and the
// 'Send Email' dialog: one mail per unique recipient (addresses differing only in case count once),
// the report PDFs attached to the right one. Every state passes an axe check (WCAG 2 A and AA).
import { readFileSync } from "node:fs";

import { ledgerEmailSuccessMessage, messages } from "@lab/contracts";
import Papa from "papaparse";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { registerVerified, signIn } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable, viewports } from "./support/browser";
import { waitForMail, type Mail } from "./support/mailbox";
import {
  openPage,
  stopAfterFirstFailure,
  useChromium,
  visible,
  waitForPath,
  waitUntil,
  type OpenPage,
} from "./support/page";
import {
  addAgent,
  assignAgent,
  collectAndStartTesting,
  deactivateAgent,
  deactivateAgentsNamed,
  issueReport,
  staffHeaders,
  staffSampleStatus,
  unassign,
  type StaffHeaders,
} from "./support/staff";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");
const serverLog = inject("serverLog");

// --- the seeded samples ---------------------------------------------------------------------------

type Key =
  | "sundarbans"
  | "vembanad"
  | "longPlace"
  | "bare"
  | "twin"
  | "bhimavaram"
  | "zephyr"
  | "chilika"
  | "ratnagiri"
  | "tuticorin"
  | "godavari"
  | "seaBreeze"
  | "krishna";

interface Seed {
  key: Key;
  samplerName: string;
  samplerLocation: string | null;
  emailAddress: string | null;
  shrimpCategory: string;
  testTypes: string[];
  lat: number;
  lng: number;
  phoneNumber: string;
}

const LONG_PLACE =
  "Survey No. 221/4B, Old Lighthouse Road, Machilipatnam Aquaculture Cluster, Krishna District, Andhra Pradesh";

/** The customer's samples, oldest first. The last four are moved by staff (see `seed`). */
function seeds(tag: string, stamp: number): Seed[] {
  const mail = (local: string) => `${local}.${tag}.${stamp}@aquafarms.in`;
  const seed = (
    key: Key,
    samplerName: string,
    samplerLocation: string | null,
    emailAddress: string | null,
    shrimpCategory: string,
    testTypes: string[],
    lat: number,
    lng: number,
    phoneNumber: string,
  ): Seed => ({
    key,
    samplerName,
    samplerLocation,
    emailAddress,
    shrimpCategory,
    testTypes,
    lat,
    lng,
    phoneNumber,
  });
  return [
    seed(
      "sundarbans",
      "Sundarbans Shrimp Co",
      "Canning, West Bengal",
      mail("sundarbans"),
      "Tiger Shrimp",
      ["Allergen Testing"],
      22.3133,
      88.6655,
      "+91 98300 11223",
    ),
    seed(
      "vembanad",
      "Vembanad Hatchery",
      "Alappuzha, Kerala",
      mail("vembanad"),
      "Pink Shrimp",
      ["Salt Content Analysis"],
      9.4981,
      76.3388,
      "+91 98470 11223",
    ),
    seed(
      "longPlace",
      "Machilipatnam Aqua Cluster",
      LONG_PLACE,
      mail("cluster"),
      "Brown Shrimp",
      ["Bacterial Load Testing"],
      16.1875,
      81.1389,
      "+91 98480 33445",
    ),
    // No place and no e-mail: 'N/A' in the export, no recipient in the dialog.
    seed(
      "bare",
      "Nellore Seed Farm",
      null,
      null,
      "Banana Shrimp",
      ["Trace Element Analysis"],
      14.4426,
      79.9865,
      "+91 94400 55667",
    ),
    // The same address as "krishna" in another letter case.
    seed(
      "twin",
      "Krishna Delta Aqua East Pond",
      "Machilipatnam, Andhra Pradesh",
      mail("RAVI.KRISHNA").toUpperCase(),
      "Tiger Shrimp",
      ["Viral Disease Screening"],
      16.17,
      81.13,
      "+91 98480 22338",
    ),
    seed(
      "bhimavaram",
      "Bhimavaram Aqua",
      "Bhimavaram, Andhra Pradesh",
      mail("bhimavaram"),
      "Pacific White Shrimp",
      ["Pathogen Detection"],
      16.5449,
      81.5212,
      "+91 98490 11111",
    ),
    seed(
      "zephyr",
      "Zephyr Lagoon Hatchery",
      "Ashtamudi Lake, Kollam, Kerala",
      mail("zephyr"),
      "Black Tiger Shrimp",
      ["Genetic Purity Analysis"],
      8.95,
      76.58,
      "+91 90000 22222",
    ),
    seed(
      "chilika",
      "Chilika Prawns",
      "Puri, Odisha",
      mail("chilika"),
      "Tiger Shrimp",
      ["Shelf Life Evaluation"],
      19.7,
      85.3,
      "+91 94370 12345",
    ),
    seed(
      "ratnagiri",
      "Ratnagiri Marine",
      "Ratnagiri, Maharashtra",
      mail("ratnagiri"),
      "Brown Shrimp",
      ["Flavor Profile Assessment"],
      16.9902,
      73.312,
      "+91 98220 54321",
    ),
    // Moved by staff: left in testing, then three reports (the last moved is the newest change).
    seed(
      "tuticorin",
      "Tuticorin Aqua",
      "Thoothukudi, Tamil Nadu",
      mail("tuticorin"),
      "Tiger Shrimp",
      ["Allergen Testing"],
      8.7642,
      78.1348,
      "+91 94430 67890",
    ),
    seed(
      "godavari",
      "Godavari Prawns",
      "Rajahmundry, Andhra Pradesh",
      mail("godavari"),
      "Banana Shrimp",
      ["Size Grading Assessment"],
      17.0005,
      81.804,
      "+91 98480 44556",
    ),
    seed(
      "seaBreeze",
      "Sea Breeze Hatchery",
      "Kakinada, Andhra Pradesh",
      mail("seabreeze"),
      "Pink Shrimp",
      ["Salt Content Analysis", "Microbial Safety Testing"],
      16.9891,
      82.2475,
      "+91 90000 11111",
    ),
    seed(
      "krishna",
      "Krishna Delta Aqua West Pond",
      "Machilipatnam, Andhra Pradesh",
      mail("Ravi.Krishna"),
      "Tiger Shrimp",
      ["Viral Disease Screening", "Allergen Testing"],
      16.18,
      81.12,
      "+91 98480 22339",
    ),
  ];
}

interface Seeded {
  ids: Record<Key, number>;
  byKey: Record<Key, Seed>;
  /** The report PDF's file name of each completed sample. */
  reportFile: Partial<Record<Key, string>>;
  agentId: number;
}

/**
 * Submits every sample with no agent active (all PENDING), then lets an agent pick up the four to
 * move and deactivates it at once. Should the dispatcher have assigned others in that moment, they
 * are put back to PENDING (oldest first, so the newest stays the newest change). Then tuticorin goes
 * to testing and godavari (pass), seaBreeze (fail), krishna (pass) get their reports, in that order.
 */
async function seed(
  page: Page,
  token: string,
  customerId: number,
  list: Seed[],
  agentName: string,
): Promise<Seeded> {
  const ids = {} as Record<Key, number>;
  const byKey = {} as Record<Key, Seed>;
  for (const [index, sample] of list.entries()) {
    const submitted = await page.request.post("/api/sample-submissions", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        consumerId: customerId,
        samplerId: `temp_${Date.now()}_${index}`,
        samplerName: sample.samplerName,
        samplerLocation: sample.samplerLocation,
        coordinate: { lat: sample.lat, lng: sample.lng },
        shrimpCategory: sample.shrimpCategory,
        testTypes: sample.testTypes,
        phoneNumber: sample.phoneNumber,
        ...(sample.emailAddress ? { emailAddress: sample.emailAddress } : {}),
        status: "PENDING",
        assigned: "",
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    ids[sample.key] = ((await submitted.json()) as { id: number }).id;
    byKey[sample.key] = sample;
  }

  const headers: StaffHeaders = await staffHeaders(page);
  const agent = { name: agentName, phone: "+91 90000 65432" };
  const moved: Key[] = ["tuticorin", "godavari", "seaBreeze", "krishna"];
  const agentId = await addAgent(page, headers, agent);
  try {
    await Promise.all(moved.map((key) => assignAgent(page, headers, ids[key], agentId)));
  } finally {
    await deactivateAgent(page, headers, agentId, agent);
  }
  for (const sample of list) {
    if (moved.includes(sample.key)) continue;
    if ((await staffSampleStatus(page, headers, ids[sample.key])) !== "PENDING") {
      await unassign(page, headers, ids[sample.key]);
    }
  }

  const reportFile: Partial<Record<Key, string>> = {};
  for (const key of moved) {
    await collectAndStartTesting(page, headers, ids[key]);
    if (key === "tuticorin") continue;
    const report = await issueReport(page, headers, ids[key], key === "seaBreeze" ? "fail" : "pass");
    // A failed test has no certificate: its PDF is a test report, named so.
    reportFile[key] = `${report.certification ?? `test-report-R-${report.id}`}.pdf`;
  }
  return { ids, byKey, reportFile, agentId };
}

// --- the screen --------------------------------------------------------------------------------------

/** Follows the 'Ledger' link of the side navigation, or of the dropdown on a phone. */
async function openLedger(page: Page, phone: boolean): Promise<void> {
  if (phone) {
    const mobileNav = page.getByRole("navigation", { name: "Main mobile" });
    await mobileNav.getByRole("button").click();
    await (await visible(mobileNav.getByRole("link", { name: "Ledger", exact: true }))).click();
  } else {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Ledger", exact: true })
      .click();
  }
  await waitForPath(page, "/ledger");
}

const selectBox = (scope: Page | Locator, id: number) =>
  scope.getByRole("checkbox", { name: `Select sample #${id}`, exact: true });
const sampleBoxes = (page: Page) => page.getByRole("checkbox", { name: /^Select sample #\d+$/ });
const emailButton = (page: Page) => page.getByRole("button", { name: /^Email \(\d+\)$/ });
const pager = (page: Page) => page.getByRole("navigation", { name: "Pagination" });

/** The table row (desktop) or card (phone) of the sample. */
function sampleItem(page: Page, phone: boolean, id: number): Locator {
  return page.getByRole(phone ? "listitem" : "row").filter({ has: selectBox(page, id) });
}

/**
 * The ids of the samples on screen, in order, once there are `count` of them (and, when moving
 * between pages, once the previous page's rows, kept on screen while the next one loads, are gone).
 */
async function idsOnScreen(page: Page, count: number, previous: number[] = []): Promise<number[]> {
  let ids: number[] = [];
  await waitUntil(async () => {
    const names = await sampleBoxes(page).evaluateAll((boxes) =>
      boxes.map((box) => box.getAttribute("aria-label") ?? ""),
    );
    ids = names.map((name) => Number(/#(\d+)/.exec(name)?.[1]));
    return ids.length === count && ids.every((id) => id > 0 && !previous.includes(id));
  }, `${count} samples on screen`).catch((error: unknown) => {
    throw new Error(`${String(error)}; on screen: ${JSON.stringify(ids)}`);
  });
  return ids;
}

/** Waits until the summary shows exactly this text (e.g. 'Total: 13', '1-5 of 13'). */
const summary = (page: Page, text: string) => visible(page.getByText(text, { exact: true }));

/** A response of the samples list whose query matches. */
const listResponse = (page: Page, match: (params: URLSearchParams) => boolean) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/api/sample-submissions" && response.ok() && match(url.searchParams);
  });

/** Tomorrow in the browser's time zone (the contexts run in Asia/Kolkata), as yyyy-mm-dd. */
const tomorrowInKolkata = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Kolkata",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(Date.now() + 86_400_000));

describe.skipIf(!baseURL || !chromiumAvailable())("ledger journey", () => {
  const browser = useChromium();

  describe.each(viewports)("at $name size ($viewport.width×$viewport.height)", (size) => {
    const phone = size.isMobile;
    const stamp = Date.now();
    const email = `anita.ledger.${size.name}.${stamp}@aquafarms.in`;
    const agentName = `Ledger Agent ${size.name} ${stamp}`;
    const list = seeds(size.name, stamp);
    let session: OpenPage;
    let data: Seeded;
    let ids: Record<Key, number>;
    /** The selection, in the order it was made. */
    const chosen: Key[] = [];
    stopAfterFirstFailure(beforeEach);

    beforeAll(async () => {
      session = await openPage(browser(), baseURL, size);
    });
    afterAll(async () => {
      // Leave no active agent behind: the dispatcher would assign the other journeys' samples.
      if (session) await deactivateAgentsNamed(session.page, await staffHeaders(session.page), agentName);
      await session?.context.close();
    });

    it("a customer with thirteen samples (three with reports, one in testing) opens the Ledger", async () => {
      const { page } = session;
      const { token, customerId } = await registerVerified(page, mailDir, `Anita ${size.name} Menon`, email);
      data = await seed(page, token, customerId, list, agentName);
      ids = data.ids;

      await signIn(page, email);
      await openLedger(page, phone);
      await visible(page.getByRole("heading", { level: 1, name: "Sample Ledger" }));
      await visible(page.getByText("Manage your testing network"));
      await summary(page, "Total: 13");
      await summary(page, "Selected: 0");
      await summary(page, "1-10 of 13");
      await idsOnScreen(page, 10);
      // Nothing selected: Email and Export are disabled.
      expect(await (await visible(emailButton(page))).textContent()).toMatch(/Email\s*\(0\)/);
      expect(await emailButton(page).isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Export" }).isDisabled()).toBe(true);
      await visible(page.getByRole("button", { name: "Refresh" }));
      await visible(pager(page).getByRole("button", { name: "Page 2" }));
      if (phone) await visible(page.getByRole("list").filter({ has: sampleBoxes(page) }));
      else await visible(page.getByRole("table"));
      // The newest change first: krishna's report was the last move.
      const item = sampleItem(page, phone, ids.krishna);
      await visible(item.getByText(`Sample #${ids.krishna}`, { exact: true }));
      await visible(item.getByText("Report Ready"));
      await visible(page.getByRole("link", { name: `View report for sample #${ids.krishna}` }));
      expect(await page.getByRole("link", { name: `View report for sample #${ids.tuticorin}` }).count()).toBe(
        0,
      );
      await expectNoAxeViolations(page, "/ledger");
    });

    it("search narrows the rows on the server; clearing it brings them back", async () => {
      const { page } = session;
      const search = page.getByRole("searchbox", { name: "Search samples" });
      // Desktop searches a sampler's name, the phone a place.
      const term = phone ? "ashtamudi" : "Zephyr Lagoon";
      const searched = listResponse(page, (params) => params.get("q") === term);
      await search.fill(term);
      await searched;
      await summary(page, "Total: 1");
      expect(await idsOnScreen(page, 1)).toEqual([ids.zephyr]);
      await visible(page.getByText(`Sample #${ids.zephyr}`, { exact: true }));
      expect(await pager(page).count()).toBe(0);

      // A place longer than the limit (60 characters, 30 on a phone) is cut, with a more/less toggle.
      const long = listResponse(page, (params) => params.get("q") === "Machilipatnam Aqua Cluster");
      await search.fill("Machilipatnam Aqua Cluster");
      await long;
      expect(await idsOnScreen(page, 1, [ids.zephyr])).toEqual([ids.longPlace]);
      const item = sampleItem(page, phone, ids.longPlace);
      const cut = `${LONG_PLACE.slice(0, phone ? 30 : 60).trimEnd()}...`;
      await visible(item.getByText(cut, { exact: true }));
      expect(await item.getByText(LONG_PLACE, { exact: true }).count()).toBe(0);
      await item.getByRole("button", { name: "more" }).click();
      await visible(item.getByText(LONG_PLACE, { exact: true }));
      await item.getByRole("button", { name: "less" }).click();
      await visible(item.getByText(cut, { exact: true }));

      // The full list may come from the cache: no request to wait for.
      await search.fill("");
      await summary(page, "Total: 13");
      await idsOnScreen(page, 10);
    });

    it("the Status filter shows only completed samples; a From Date of tomorrow finds none", async () => {
      const { page } = session;
      if (phone) {
        const toggle = page.getByRole("button", { name: "Filters" });
        expect(await toggle.getAttribute("aria-expanded")).toBe("false");
        await toggle.click();
        await waitUntil(
          async () => (await toggle.getAttribute("aria-expanded")) === "true",
          "Filters to open",
        );
      }
      const status = await visible(page.getByLabel("Status", { exact: true }));
      await visible(page.getByLabel("From Date"));
      await visible(page.getByLabel("To Date"));
      if (phone) await expectNoAxeViolations(page, "/ledger (filters open)");
      await status.selectOption({ label: "Completed" });
      await summary(page, "Total: 3");
      expect((await idsOnScreen(page, 3)).sort((a, b) => a - b)).toEqual(
        [ids.godavari, ids.seaBreeze, ids.krishna].sort((a, b) => a - b),
      );
      expect(await page.getByText(`Sample #${ids.tuticorin}`, { exact: true }).count()).toBe(0);
      expect(await page.getByRole("link", { name: /^View report for sample #\d+$/ }).count()).toBe(3);

      await status.selectOption({ label: "All Status" });
      await summary(page, "Total: 13");
      await idsOnScreen(page, 10);

      const from = page.getByLabel("From Date");
      await from.fill(tomorrowInKolkata());
      await visible(page.getByText("No samples found matching your criteria"));
      expect(await sampleBoxes(page).count()).toBe(0);
      await from.fill("");
      await summary(page, "Total: 13");
      await idsOnScreen(page, 10);
    });

    it("selects across two pages of five; Select Page and Deselect Page act on the page on screen", async () => {
      const { page } = session;
      await page.getByRole("combobox", { name: "Show" }).selectOption("5");
      await summary(page, "1-5 of 13");
      const first = await idsOnScreen(page, 5);
      // Newest change first: the three reports, the sample in testing, then the newest submission.
      expect(first).toEqual([ids.krishna, ids.seaBreeze, ids.godavari, ids.tuticorin, ids.ratnagiri]);
      expect(await pager(page).getByRole("button", { name: "Page 1" }).getAttribute("aria-current")).toBe(
        "page",
      );

      for (const key of ["krishna", "seaBreeze"] as const) {
        await selectBox(page, ids[key]).check();
        chosen.push(key);
      }
      await summary(page, `Selected: ${chosen.length}`);
      await visible(page.getByRole("button", { name: `Email (${chosen.length})` }));
      await visible(page.getByRole("button", { name: "Select Page" }));

      const pageTwo = listResponse(
        page,
        (params) => params.get("page") === "2" && params.get("size") === "5",
      );
      await pager(page).getByRole("button", { name: "Next" }).click();
      await pageTwo;
      await summary(page, "6-10 of 13");
      const second = await idsOnScreen(page, 5, first);
      expect(second).toEqual([ids.chilika, ids.zephyr, ids.bhimavaram, ids.twin, ids.bare]);
      expect(await pager(page).getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe(
        "page",
      );
      expect(await selectBox(page, ids.twin).isChecked()).toBe(false);

      // Select Page selects the five on screen, keeping page 1's; Deselect Page undoes only them.
      await page.getByRole("button", { name: "Select Page" }).click();
      await summary(page, `Selected: ${chosen.length + 5}`);
      for (const id of second) expect(await selectBox(page, id).isChecked()).toBe(true);
      await page.getByRole("button", { name: "Deselect Page" }).click();
      await summary(page, `Selected: ${chosen.length}`);
      for (const id of second) expect(await selectBox(page, id).isChecked()).toBe(false);

      for (const key of ["twin", "bare"] as const) {
        await selectBox(page, ids[key]).check();
        chosen.push(key);
      }
      await summary(page, `Selected: ${chosen.length}`);
      await visible(page.getByRole("button", { name: `Email (${chosen.length})` }));
      // Not every row of the page is selected: the toggle still offers Select Page.
      await visible(page.getByRole("button", { name: "Select Page" }));

      // Page 1 kept its selection.
      await pager(page).getByRole("button", { name: "Page 1" }).click();
      await summary(page, "1-5 of 13");
      expect(await idsOnScreen(page, 5, second)).toEqual(first);
      expect(await selectBox(page, ids.krishna).isChecked()).toBe(true);
      expect(await selectBox(page, ids.godavari).isChecked()).toBe(false);
      await expectNoAxeViolations(page, "/ledger (selection, page size 5)");
    });

    it("exports the selection as selected_samples.csv: one row per selected sample", async () => {
      const { page } = session;
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("selected_samples.csv");
      const csv = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
      const rows = Papa.parse<string[]>(csv.trimEnd()).data;
      // The spec's columns, in its order, then the certificate, each market's verdict and the tests.
      expect(rows[0]?.join(",")).toBe(
        "Sample ID,Shrimp Category,Sampler,Status,Date Submitted,Location,Certificate No.,Verdicts by Market,Test Types",
      );
      expect(rows).toHaveLength(chosen.length + 1);
      for (const key of chosen) {
        const row = rows.find((fields) => fields[0] === String(ids[key]));
        expect(row, `the row of sample #${ids[key]} in\n${csv}`).toBeDefined();
        const sample = data.byKey[key];
        expect(row?.slice(1, 3)).toEqual([sample.shrimpCategory, sample.samplerName]);
        expect(row?.[3]?.toUpperCase()).toBe(key === "twin" || key === "bare" ? "PENDING" : "COMPLETED");
        expect(row?.[4]).toMatch(/\d/);
        expect(row?.[5]).toBe(sample.samplerLocation ?? "N/A");
      }
    });

    it("Email: the 'Send Email' dialog lists each recipient once; Send mails each one, the reports attached", async () => {
      const { page } = session;
      await page.getByRole("button", { name: `Email (${chosen.length})` }).click();
      const dialog = await visible(page.getByRole("dialog", { name: "Send Email" }));
      const krishna = (data.byKey.krishna.emailAddress ?? "").toLowerCase();
      const seaBreeze = (data.byKey.seaBreeze.emailAddress ?? "").toLowerCase();
      // The twin's address differs from krishna's only in case: one recipient.
      expect(await dialog.getByText(new RegExp(krishna.replace(/\./g, "\\."), "i")).count()).toBe(1);
      await visible(dialog.getByText(seaBreeze, { exact: false }));
      const include = dialog.getByRole("checkbox", { name: "Include Reports" });
      await include.check();
      // Nothing to type: the recipients did not ask for mail, so the lab sends its standard message.
      expect(await dialog.getByRole("textbox").count()).toBe(0);
      await expectNoAxeViolations(page, "Send Email dialog");
      // The line saying what the lab sends fits the screen: nothing wider than the viewport.
      await visible(dialog.getByText(messages.ledgerSentOnYourBehalf));
      const widest = await dialog.evaluate((element) =>
        Math.max(
          element.scrollWidth,
          ...[...element.querySelectorAll("*")].map((child) => child.getBoundingClientRect().right),
        ),
      );
      expect(widest).toBeLessThanOrEqual(size.viewport.width);

      const sent = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === "/api/ledger/email" && response.request().method() === "POST",
      );
      await dialog.getByRole("button", { name: "Send", exact: true }).click();
      const response = await sent;
      expect(response.status(), await response.text()).toBe(202);
      expect(await response.json()).toEqual({ recipients: 2, reportsAttached: 2, skipped: 0 });
      await visible(page.getByText(ledgerEmailSuccessMessage(2, 2)));
      await dialog.waitFor({ state: "hidden" });

      // One mail per address, each with only its own samples and report, in the lab's template: a
      // fixed subject, the sharer's name marked as the one they gave beside their verified address,
      // replies to the customer and a one-click unsubscribe.
      const ours = (mail: Mail) => mail.text.includes(`account's e-mail address, ${email}.`);
      const toKrishna = await waitForMail(mailDir, krishna, { where: ours });
      expect(toKrishna.to).toEqual([krishna]);
      expect(toKrishna.subject).toBe("Sample reports shared with you — AquaTest Laboratory");
      expect(toKrishna.text).toContain(`The customer gave their name as “Anita ${size.name} Menon”`);
      expect(toKrishna.raw).toMatch(new RegExp(`^Reply-To: ${email.replace(/\./g, "\\.")}\r?$`, "mi"));
      expect(toKrishna.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(toKrishna.text).toContain(`Sample #${ids.krishna}:`);
      expect(toKrishna.text).toContain(`Sample #${ids.twin}:`);
      expect(toKrishna.text).not.toContain(`Sample #${ids.seaBreeze}:`);
      const krishnaFiles = toKrishna.attachments;
      expect(krishnaFiles.map((file) => [file.filename, file.contentType])).toEqual([
        [data.reportFile.krishna, "application/pdf"],
      ]);
      expect(krishnaFiles[0]?.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");

      const toSeaBreeze = await waitForMail(mailDir, seaBreeze, { where: ours });
      expect(toSeaBreeze.text).toContain(`Sample #${ids.seaBreeze}:`);
      expect(toSeaBreeze.text).not.toContain(`Sample #${ids.krishna}:`);
      const seaBreezeFiles = toSeaBreeze.attachments;
      expect(seaBreezeFiles.map((file) => file.filename)).toEqual([data.reportFile.seaBreeze]);
      expect(seaBreezeFiles[0]?.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    });

    it("Clear selection empties it: Email (0) is disabled again", async () => {
      const { page } = session;
      await page.getByRole("button", { name: "Clear selection" }).click();
      await summary(page, "Selected: 0");
      await visible(page.getByRole("button", { name: "Email (0)" }));
      expect(await emailButton(page).isDisabled()).toBe(true);
      expect(await selectBox(page, ids.krishna).isChecked()).toBe(false);
    });

    it("raised no uncaught errors in the page", () => {
      expect(session.pageErrors, `page errors (server log: ${serverLog})`).toEqual([]);
    });
  });
});
