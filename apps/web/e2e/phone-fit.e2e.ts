// Fits a phone: in Debian's Chromium at 360×740 (isMobile, touch), every route of the SPA
// (public, customer and lab console) with real-length data — a customer whose name is 60 letters
// without a space, providers named in Telugu and Hindi, an agent with farmers, samples in every
// status, a passed, a failed and a revoked report — is checked for two things:
//   1. nothing scrolls sideways: document.documentElement.scrollWidth <= 360;
//   2. every visible interactive element (a, button, input, select, textarea, [role=button|tab|menuitem],
//      summary, a label wrapping a checkbox/radio) is at least 44×44 px. Links inside running text are
//      exempt (WCAG 2.5.8, inline exception); a checkbox or radio may count its label's box.
// Each route is its own test, so one run lists every offender (route, element, size). The bell panel,
// a dialog and the user menu are opened and checked too; the agent panel on /samples must stay on
// screen, show the phone formatted and close on a tap elsewhere and on Escape; on /report/{id} each
// test is a card whose verdict is visible without a sideways scroll. Screenshots land in
// /tmp/phone-fit-*.png (look at them when changing a layout).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { paths } from "../src/config/paths";

import { PASSWORD, registerVerified } from "./support/accounts";
import { chromiumAvailable } from "./support/browser";
import { openPage, useChromium, visible, waitForPath, waitUntil, type OpenPage } from "./support/page";
import {
  addAgent,
  assignAgent,
  collectAndStartTesting,
  deactivateAgentsNamed,
  issueReport,
  revokeByTwo,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  staffHeaders,
  type StaffHeaders,
} from "./support/staff";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");

const PHONE = { name: "phone", viewport: { width: 360, height: 740 }, isMobile: true } as const;
const MIN_TAP = 44;
const TEST_TYPES = ["Bacterial Contamination Test", "Allergen Testing"];
// 60 letters, no space: the kind of name that widens a card when nothing lets it break.
const LONG_NAME = "Venkatasatyanarayanamurthyvaraprasadaraolakshminarasimharaju";
const TELUGU = "లక్ష్మీ దేవి";
const HINDI = "लक्ष्मी देवी";

interface Offence {
  what: string;
  width: number;
  height: number;
}

/**
 * Measures the page as it is now: its scroll width and every interactive element smaller than
 * 44×44 px. Runs in the page; answers plain data.
 */
function measure(page: Page): Promise<{ scrollWidth: number; widest: string; small: Offence[] }> {
  return page.evaluate((minTap) => {
    const selector = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "[role=button]",
      "[role=tab]",
      "[role=menuitem]",
      "summary",
    ].join(", ");
    const shown = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return false;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") return false;
      return element.closest("[aria-hidden=true], [inert]") === null;
    };
    const describe = (element: Element): string => {
      const label =
        element.getAttribute("aria-label") ??
        (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
          ? (element.labels?.[0]?.textContent ?? element.name ?? element.placeholder)
          : element.textContent) ??
        "";
      const id = element.id ? `#${element.id}` : "";
      const role = element.getAttribute("role");
      return `<${element.tagName.toLowerCase()}${id}${role ? ` role=${role}` : ""}> "${label.replace(/\s+/g, " ").trim().slice(0, 50)}"`;
    };
    /**
     * A link (or a "more" toggle) in running text: displayed inline, inside a block that holds other
     * words too (WCAG 2.5.8, inline exception).
     */
    const inRunningText = (element: Element): boolean => {
      if (!["A", "BUTTON"].includes(element.tagName) || getComputedStyle(element).display !== "inline") {
        return false;
      }
      const parent = element.parentElement;
      if (!parent) return false;
      const own = (element.textContent ?? "").trim();
      const around = (parent.textContent ?? "").replace(own, "").trim();
      return around.length > 0;
    };
    /** The box a finger hits: a checkbox, radio or file input counts its label's box. */
    const targetBox = (element: Element): DOMRect => {
      const box = element.getBoundingClientRect();
      if (element instanceof HTMLInputElement && ["checkbox", "radio", "file"].includes(element.type)) {
        const label = element.closest("label") ?? element.labels?.[0];
        if (label) {
          const labelBox = label.getBoundingClientRect();
          if (labelBox.width * labelBox.height > box.width * box.height) return labelBox;
        }
      }
      return box;
    };

    const small: { what: string; width: number; height: number }[] = [];
    const seen = new Set<Element>();
    const candidates = [
      ...document.querySelectorAll(selector),
      // A label wrapping a checkbox or radio is a tap target of its own.
      ...[...document.querySelectorAll("label")].filter((label) =>
        label.querySelector("input[type=checkbox], input[type=radio]"),
      ),
    ];
    for (const element of candidates) {
      if (seen.has(element) || !shown(element) || inRunningText(element)) continue;
      seen.add(element);
      // A visually hidden checkbox (sr-only) inside a label: its label is checked instead.
      const box = targetBox(element);
      // Visually hidden until focused (the skip link, sr-only controls inside a label): no target.
      if (box.width <= 2 && box.height <= 2) continue;
      if (box.width < minTap - 0.5 || box.height < minTap - 0.5) {
        small.push({ what: describe(element), width: Math.round(box.width), height: Math.round(box.height) });
      }
    }

    // What reaches past the right edge (to say what makes the page scroll sideways): the elements
    // with no child reaching as far, i.e. the culprits rather than their containers.
    const edge = window.screen.width + 0.5;
    // An element reaches past it with its box, or with text overflowing its box (a long word).
    const past = [...document.body.querySelectorAll("*")].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.right > edge) return true;
      const spills = getComputedStyle(element).overflowX === "visible";
      return spills && element.scrollWidth > element.clientWidth + 1 && box.left + element.scrollWidth > edge;
    });
    const widest = past
      .filter((element) => !past.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map(
        (element) =>
          `${describe(element)} ${element.className.toString().slice(0, 80)} reaches ${Math.round(element.getBoundingClientRect().right)} px`,
      )
      .join("; ");
    return { scrollWidth: document.documentElement.scrollWidth, widest, small };
  }, MIN_TAP);
}

/** Fails listing every offender of the page as it is now. */
async function expectFits(page: Page, label: string): Promise<void> {
  // Let fonts, lazy chunks and queries settle before measuring.
  await page.waitForLoadState("networkidle").catch(() => undefined);
  const { scrollWidth, widest, small } = await measure(page);
  const problems: string[] = [];
  if (scrollWidth > PHONE.viewport.width) {
    problems.push(`scrolls sideways: scrollWidth ${scrollWidth} px > 360 px (${widest})`);
  }
  for (const offence of small) {
    problems.push(`tap target ${offence.width}×${offence.height} px < 44×44: ${offence.what}`);
  }
  if (problems.length > 0) {
    await page.screenshot({ path: `/tmp/phone-fit-failed-${label.replace(/\W+/g, "-")}.png` });
  }
  expect(problems, `${label} at 360×740:\n  ${problems.join("\n  ")}`).toEqual([]);
}

type Box = { x: number; y: number; width: number; height: number } | null;

/** Whether two boxes share any area. */
function overlaps(a: Box, b: Box): boolean {
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Waits for a live toast, then checks it covers none of `covered` and at most three are shown. */
async function expectToastClear(page: Page, covered: Record<string, Box>): Promise<void> {
  const toasts = page.getByRole("region", { name: "Status messages" }).getByRole("status");
  await visible(toasts, 20_000);
  expect(await toasts.count()).toBeLessThanOrEqual(3);
  for (const toast of await toasts.all()) {
    const box = await toast.boundingBox();
    for (const [name, target] of Object.entries(covered)) {
      expect(target, `${name} is drawn`).not.toBeNull();
      expect(overlaps(box, target), `a toast covers ${name}`).toBe(false);
    }
  }
}

async function submitSample(page: Page, token: string, customerId: number, samplerName: string) {
  const submitted = await page.request.post("/api/sample-submissions", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      consumerId: customerId,
      samplerId: `temp_${Date.now()}_${Math.random().toString(36).slice(2)}`,
      samplerName,
      samplerLocation: "Kākināda, Andhra Pradesh",
      coordinate: { lat: 16.9891, lng: 82.2475 },
      shrimpCategory: "Tiger Shrimp",
      testTypes: TEST_TYPES,
      phoneNumber: "+91 98480 22338",
      status: "PENDING",
      assigned: "",
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  return ((await submitted.json()) as { id: number }).id;
}

async function moveTo(page: Page, headers: StaffHeaders, id: number, status: string): Promise<void> {
  const moved = await page.request.post(`/api/lab/samples/${id}/status`, { headers, data: { status } });
  expect(moved.status(), await moved.text()).toBe(200);
}

describe.skipIf(!baseURL || !chromiumAvailable())("phone fit journey (360×740, touch)", () => {
  const browser = useChromium();
  const stamp = Date.now();
  const email = `phonefit.${stamp}@aquafarms.in`;
  const agentName = `Suresh Reddy ${stamp}`;
  let customer: OpenPage;
  let staff: OpenPage;
  let headers: StaffHeaders = {};
  const ids = { pending: 0, collecting: 0, collected: 0, testing: 0, passed: 0, failed: 0, revoked: 0 };
  const reports = { passed: 0, failed: 0, revoked: 0 };
  let certificate = "";
  let organisationId = 0;
  // A farm with a long name and place names in Telugu and Hindi, a pond, a crop and a harvest lot.
  const farm = { id: 0, lotCode: "" };
  // Another organisation's lot shared with this customer's, with a screening report: "Shared with us".
  const shared = { sampleId: 0 };
  let grantor: OpenPage | undefined;
  const visited = new Set<string>();

  beforeAll(async () => {
    customer = await openPage(browser(), baseURL, PHONE);
    staff = await openPage(browser(), baseURL, PHONE);
    const { page } = customer;
    const { token, customerId } = await registerVerified(page, mailDir, LONG_NAME, email);
    const auth = { Authorization: `Bearer ${token}` };
    const me = await page.request.get(`/api/customers/${customerId}`, { headers: auth });
    organisationId = ((await me.json()) as { organisation: { id: number } }).organisation.id;
    // A pending invitation, so the members screen shows its list with Re-send and Revoke.
    const invited = await page.request.post(`/api/organisations/${organisationId}/invitations`, {
      headers: auth,
      data: { email: `invited.${email}`, role: "results", scope: "own" },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    // Providers: a farmer named in Telugu, one in Hindi, and an agent (long name) with two farmers.
    for (const [samplerName, userType, farmers] of [
      [TELUGU, "Farmer", null],
      [HINDI, "Farmer", null],
      [
        `${LONG_NAME} Agent`,
        "Agent",
        [
          { name: TELUGU, phoneNumber: "+91 94400 12345" },
          { name: `${HINDI} ${LONG_NAME}`, phoneNumber: "+91 98480 22338" },
        ],
      ],
    ] as const) {
      const created = await page.request.post(`/api/customers/${customerId}/sample-providers`, {
        headers: auth,
        data: {
          samplerName,
          userType,
          phoneNumber: "+91 98480 22338",
          location: "Amalāpuram, Andhra Pradesh",
          coordinates: { lat: 16.578, lng: 82.006 },
          farmers,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
    }

    const farmCreated = await page.request.post("/api/farms", {
      headers: auth,
      data: {
        name: LONG_NAME,
        mpedaEnrolment: "MPEDA/AP/2026/000123456789",
        caaRegistration: "CAA/AP/NLR/2026/0000123456",
        caaExpiresOn: "2026-12-10",
        surveyNumbers: "112/3A, 112/3B, 113/1, 114/2C, 115/4",
        village: TELUGU,
        district: HINDI,
        state: "Andhra Pradesh",
        lat: 16.578,
        lng: 82.006,
      },
    });
    expect(farmCreated.status(), await farmCreated.text()).toBe(201);
    farm.id = ((await farmCreated.json()) as { id: number }).id;
    const pondCreated = await page.request.post(`/api/farms/${farm.id}/ponds`, {
      headers: auth,
      data: { code: "P-12/A", areaHa: 0.8 },
    });
    expect(pondCreated.status(), await pondCreated.text()).toBe(201);
    const pondId = ((await pondCreated.json()) as { id: number }).id;
    const cropCreated = await page.request.post(`/api/ponds/${pondId}/crops`, {
      headers: auth,
      data: {
        species: "Tiger Shrimp",
        stockedOn: "2026-08-01",
        density: 40,
        hatcheryName: `${TELUGU} ${LONG_NAME}`,
        noTreatments: false,
        treatments: [{ substance: LONG_NAME, dose: "2 g/kg feed", from: "2026-08-10", to: "2026-08-15" }],
      },
    });
    expect(cropCreated.status(), await cropCreated.text()).toBe(201);
    const cropId = ((await cropCreated.json()) as { id: number }).id;
    const lotCreated = await page.request.post(`/api/crops/${cropId}/lots`, {
      headers: auth,
      data: {
        expectedOn: "2026-12-20",
        quantityKg: 2500,
        countPerKg: 40,
        buyerName: LONG_NAME,
        buyerEic: "EIC/AP/2026/0001",
        markets: ["EU"],
      },
    });
    expect(lotCreated.status(), await lotCreated.text()).toBe(201);
    farm.lotCode = ((await lotCreated.json()) as { code: string }).code;

    headers = await staffHeaders(staff.page);
    const agentId = await addAgent(staff.page, headers, { name: agentName, phone: "+919440012345" });
    const names = [TELUGU, HINDI, LONG_NAME, `${TELUGU} ${LONG_NAME}`, HINDI, TELUGU];
    const moving = ["collecting", "collected", "testing", "passed", "failed", "revoked"] as const;
    for (const [index, key] of moving.entries()) {
      ids[key] = await submitSample(page, token, customerId, names[index] ?? LONG_NAME);
      await assignAgent(staff.page, headers, ids[key], agentId);
    }
    await moveTo(staff.page, headers, ids.collected, "COLLECTED");
    for (const key of ["testing", "passed", "failed", "revoked"] as const) {
      await collectAndStartTesting(staff.page, headers, ids[key]);
    }
    reports.passed = (await issueReport(staff.page, headers, ids.passed, "pass")).id;
    reports.failed = (await issueReport(staff.page, headers, ids.failed, "fail")).id;
    const revoked = await issueReport(staff.page, headers, ids.revoked, "pass");
    reports.revoked = revoked.id;
    certificate = revoked.certification ?? "";
    await revokeByTwo(staff.page, headers, revoked.id, {
      reasonCode: "sample_mislabelled",
      note: "Sample label did not match the farm record",
    });
    // A farmer's organisation shares its harvest lot, screened and reported, with this customer's.
    grantor = await openPage(browser(), baseURL, PHONE);
    const granting = await registerVerified(
      grantor.page,
      mailDir,
      `${TELUGU} ${LONG_NAME}`,
      `grantor.${email}`,
    );
    const grantorAuth = { Authorization: `Bearer ${granting.token}` };
    const made = async (path: string, data: object) => {
      const created = await grantor?.page.request.post(path, { headers: grantorAuth, data });
      expect(created?.status(), await created?.text()).toBe(201);
      return (await created?.json()) as { id: number; code: string };
    };
    const sharedFarm = await made("/api/farms", {
      name: `${TELUGU} ${LONG_NAME}`,
      mpedaEnrolment: "MPEDA/AP/2026/000987654321",
      caaRegistration: "CAA/AP/NLR/2026/0000987654",
      caaExpiresOn: "2026-12-10",
      village: TELUGU,
      district: HINDI,
      state: "Andhra Pradesh",
    });
    const sharedPond = await made(`/api/farms/${sharedFarm.id}/ponds`, { code: "P-7/B" });
    const sharedCrop = await made(`/api/ponds/${sharedPond.id}/crops`, {
      species: "Tiger Shrimp",
      stockedOn: "2026-08-01",
      noTreatments: true,
    });
    const sharedLot = await made(`/api/crops/${sharedCrop.id}/lots`, {
      expectedOn: "2026-12-20",
      quantityKg: 2500,
      markets: ["EU"],
    });
    const screened = await made("/api/sample-submissions", {
      consumerId: granting.customerId,
      samplerName: LONG_NAME,
      samplerLocation: "Kākināda, Andhra Pradesh",
      coordinate: { lat: 16.9891, lng: 82.2475 },
      shrimpCategory: "Tiger Shrimp",
      testTypes: TEST_TYPES,
      phoneNumber: "+91 98480 22338",
      markets: ["EU"],
      lotId: sharedLot.id,
      purpose: "pre_harvest",
    });
    shared.sampleId = screened.id;
    await assignAgent(staff.page, headers, shared.sampleId, agentId);
    await collectAndStartTesting(staff.page, headers, shared.sampleId);
    await issueReport(staff.page, headers, shared.sampleId, "pass");
    const grantorMe = await grantor.page.request.get(`/api/customers/${granting.customerId}`, {
      headers: grantorAuth,
    });
    const grantorOrganisation = ((await grantorMe.json()) as { organisation: { id: number } }).organisation
      .id;
    await made(`/api/organisations/${grantorOrganisation}/shares`, {
      lotCode: sharedLot.code,
      granteeEmail: email,
      expiresAt: new Date(Date.now() + 30 * 24 * 3600_000).toISOString().slice(0, 10),
    });
    // No active agent left (the dispatcher would assign the next sample), then one stays PENDING.
    await deactivateAgentsNamed(staff.page, headers, agentName);
    ids.pending = await submitSample(page, token, customerId, LONG_NAME);
  });

  afterAll(async () => {
    if (staff) await deactivateAgentsNamed(staff.page, await staffHeaders(staff.page), agentName);
    await customer?.context.close();
    await staff?.context.close();
    await grantor?.context.close();
  });

  describe("signed out", () => {
    const publicRoutes = [
      { route: paths.login.path, page: "/login", url: () => "/login" },
      { route: paths.privacy.path, page: "/privacy", url: () => "/privacy" },
      { route: paths.terms.path, page: "/terms", url: () => "/terms" },
      { route: paths.careers.path, page: "/careers", url: () => "/careers" },
      { route: paths.blog.path, page: "/blog", url: () => "/blog" },
      { route: paths.verify.path, page: "/verify", url: () => "/verify" },
      {
        route: paths.verify.path,
        page: "/verify/{revoked certificate}",
        url: () => `/verify/${encodeURIComponent(certificate)}`,
      },
      {
        route: paths.unsubscribe.path,
        page: "/unsubscribe?e=nobody%40example.com&s=bad",
        url: () => "/unsubscribe?e=nobody%40example.com&s=bad",
      },
      {
        route: paths.newsletterConfirm.path,
        page: "/newsletter/confirm?token=not-a-token",
        url: () => "/newsletter/confirm?token=not-a-token",
      },
      {
        route: paths.newsletterUnsubscribe.path,
        page: "/newsletter/unsubscribe?token=not-a-token",
        url: () => "/newsletter/unsubscribe?token=not-a-token",
      },
      { route: paths.labLogin.path, page: "/lab/login", url: () => "/lab/login" },
      { route: paths.lotCheck.path, page: "/lots/{lot}", url: () => `/lots/${farm.lotCode}` },
      { route: paths.lotCheck.path, page: "/lots/{unknown code}", url: () => "/lots/ZZZZZZZZZZ" },
      { route: paths.gate.path, page: "/gate", url: () => "/gate" },
      // The field agent's app: its sign-in and an invitation link whose token is refused. Signed out,
      // the jobs and the collection form open the sign-in; signed in they are measured at 360 px by
      // the field collection journey (e2e/field-collection.e2e.ts).
      { route: paths.fieldSignIn.path, page: "/field/sign-in", url: () => "/field/sign-in" },
      {
        route: paths.fieldJoin.path,
        page: "/field/join?token=not-a-token",
        url: () => "/field/join?token=not-a-token",
      },
      { route: paths.field.path, page: "/field (signed out)", url: () => "/field" },
      { route: paths.fieldJob.path, page: "/field/jobs/{sample} (signed out)", url: () => "/field/jobs/1" },
      // A link whose token is not valid: the page says so, with a way to sign in.
      {
        route: paths.invitation.path,
        page: "/invitation#token=not-a-token",
        url: () => "/invitation#token=not-a-token",
      },
    ];

    it.each(publicRoutes)("$page fits 360 px, taps >= 44 px", async ({ route, url }) => {
      const { page } = customer;
      visited.add(route);
      await page.goto(url());
      await visible(page.locator("h1"), 20_000).catch(async (error: unknown) => {
        await page.screenshot({ path: "/tmp/phone-fit-failed.png", fullPage: true });
        throw error;
      });
      await expectFits(page, url());
    });

    it("/gate: pasted codes checked, each answer a card that fits", async () => {
      const { page } = customer;
      await page.goto("/gate");
      await page.getByLabel("Lot codes").fill(`${farm.lotCode}\nZZZZZZZZZZ, ${LONG_NAME}`);
      await page.getByRole("button", { name: "Check" }).click();
      await visible(page.getByRole("heading", { name: "Lots checked" }), 20_000);
      await visible(page.getByText("Not tested").first());
      await expectFits(page, "/gate with answers");
      await page.screenshot({ path: "/tmp/phone-fit-gate.png", fullPage: true });
    });

    it("/login: the Sign In card is above the fold at 360×740", async () => {
      const { page } = customer;
      await page.goto("/login");
      const form = await visible(page.getByRole("form", { name: "Sign in" }));
      const button = form.getByRole("button", { name: "Sign In" });
      const box = await button.boundingBox();
      expect(box, "the Sign In button has a box").not.toBeNull();
      // The whole button is on the first screen, without scrolling.
      expect((box?.y ?? 9999) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.viewport.height);
      await page.screenshot({ path: "/tmp/phone-fit-login.png" });
    });

    it("/dev/mailbox (when the server offers it) fits 360 px", async () => {
      const { page } = customer;
      const response = await page.goto("/dev/mailbox");
      visited.add(paths.devMailbox.path);
      if (response?.status() === 404) return; // not mounted when mail goes to a real SMTP server
      await expectFits(page, "/dev/mailbox");
    });
  });

  describe("customer", () => {
    beforeAll(async () => {
      const { page } = customer;
      await page.goto("/login");
      const form = await visible(page.getByRole("form", { name: "Sign in" }));
      await form.getByLabel("Email", { exact: true }).fill(email);
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByRole("button", { name: "Sign In" }).click();
      await waitForPath(page, "/dashboard", 20_000);
    });

    const customerRoutes = [
      { route: paths.dashboard.path, page: "/dashboard", url: () => "/dashboard" },
      { route: paths.customers.path, page: "/customers", url: () => "/customers" },
      { route: paths.farms.path, page: "/farms", url: () => "/farms" },
      { route: paths.farm.path, page: "/farms/{farm}", url: () => `/farms/${farm.id}` },
      { route: paths.shared.path, page: "/shared", url: () => "/shared" },
      {
        route: paths.sharedSample.path,
        page: "/shared/samples/{sample}",
        url: () => `/shared/samples/${shared.sampleId}`,
      },
      { route: paths.profile.path, page: "/profile", url: () => "/profile" },
      { route: paths.organisation.path, page: "/profile/organisation", url: () => "/profile/organisation" },
      { route: paths.members.path, page: "/profile/members", url: () => "/profile/members" },
      { route: paths.activity.path, page: "/profile/activity", url: () => "/profile/activity" },
      { route: paths.submitSample.path, page: "/submit-sample", url: () => "/submit-sample" },
      {
        route: paths.sampleProcessing.path,
        page: "/submit-sample/{collecting sample}",
        url: () => `/submit-sample/${ids.collecting}`,
      },
      { route: paths.samples.path, page: "/samples", url: () => "/samples" },
      {
        route: paths.samples.path,
        page: "/samples?status=COMPLETED",
        url: () => "/samples?status=COMPLETED",
      },
      {
        route: paths.timeline.path,
        page: "/timeline/{testing sample}",
        url: () => `/timeline/${ids.testing}`,
      },
      {
        route: paths.timeline.path,
        page: "/timeline/{revoked sample}",
        url: () => `/timeline/${ids.revoked}`,
      },
      { route: paths.ledger.path, page: "/ledger", url: () => "/ledger" },
      { route: paths.reports.path, page: "/reports", url: () => "/reports" },
      { route: paths.report.path, page: "/report/{passed report}", url: () => `/report/${reports.passed}` },
      { route: paths.report.path, page: "/report/{failed report}", url: () => `/report/${reports.failed}` },
      { route: paths.report.path, page: "/report/{revoked report}", url: () => `/report/${reports.revoked}` },
    ];

    it.each(customerRoutes)("$page fits 360 px, taps >= 44 px", async ({ route, url }) => {
      const { page } = customer;
      visited.add(route);
      await page.goto(url());
      await visible(page.getByRole("heading", { level: 1 }), 20_000).catch(async (error: unknown) => {
        await page.screenshot({ path: "/tmp/phone-fit-failed.png", fullPage: true });
        throw error;
      });
      await expectFits(page, url());
    });

    it("the sticky header, with its 44 px controls, stays within the spec's 116 px", async () => {
      const { page } = customer;
      await page.goto("/dashboard");
      const header = await visible(page.locator("header").first(), 20_000);
      const box = await header.boundingBox();
      expect(box?.height ?? 999).toBeLessThanOrEqual(116);
    });

    it("/report/{id}: each parameter is a card with its verdict in words on screen, no table, for a pass and a fail", async () => {
      const { page } = customer;
      for (const [id, verdict] of [
        [reports.passed, "✓ Within the lab's limit"],
        [reports.failed, "✗ Outside the lab's limit"],
      ] as const) {
        await page.goto(`/report/${id}`);
        // Every result sits in its test type's closed group: open them all.
        await visible(page.locator("details > summary").first(), 20_000);
        for (const summary of await page.locator("details > summary").all()) await summary.click();
        expect(await page.locator("table:visible").count()).toBe(0);
        const cards = page.locator("details[open] > div > ul > li");
        expect(await cards.count()).toBeGreaterThan(0);
        // Every card that the lab's limits judge shows its verdict in words, on screen.
        const judged = cards.filter({ hasText: verdict });
        expect(await judged.count()).toBeGreaterThan(0);
        for (const card of await judged.all()) {
          const verdictBox = await card.getByText(verdict, { exact: true }).first().boundingBox();
          expect(verdictBox, "the verdict is drawn").not.toBeNull();
          expect((verdictBox?.x ?? 999) + (verdictBox?.width ?? 0)).toBeLessThanOrEqual(360);
        }
        await expectFits(page, `/report/${id} (cards)`);
      }
      await page.goto(`/report/${reports.passed}`);
      await visible(page.locator("details > summary").first());
      await page.screenshot({ path: "/tmp/phone-fit-report.png", fullPage: true });
    });

    it("the bell panel fits the screen: Mark all read, Clear all and every dismiss are on screen and 44 px", async () => {
      const { page } = customer;
      await page.goto("/samples");
      await visible(page.getByRole("heading", { level: 1 }), 20_000);
      await page.getByRole("button", { name: /^Notifications, / }).click();
      const panel = await visible(page.getByRole("region", { name: "Notifications" }));
      const box = await panel.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);
      const controls = [
        panel.getByRole("button", { name: "Mark all read" }),
        panel.getByRole("button", { name: "Clear all" }),
        ...(await panel.getByRole("button", { name: /^Dismiss/ }).all()),
      ];
      expect(controls.length).toBeGreaterThan(2);
      for (const control of controls) {
        const controlBox = await control.boundingBox();
        expect(controlBox, "the control is drawn").not.toBeNull();
        expect(controlBox?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((controlBox?.x ?? 0) + (controlBox?.width ?? 999)).toBeLessThanOrEqual(360);
      }
      await expectFits(page, "/samples with the bell open");
      await page.screenshot({ path: "/tmp/phone-fit-bell.png" });
      await page.keyboard.press("Escape");
    });

    it("the user menu, then its View Profile dialog, fit and their controls are 44 px", async () => {
      const { page } = customer;
      await page.goto("/dashboard");
      await visible(page.getByRole("heading", { level: 1 }), 20_000);
      await page
        .getByRole("button", { name: /^User menu/ })
        .first()
        .click();
      await visible(page.getByRole("menuitem").first());
      await expectFits(page, "/dashboard with the user menu open");
      await page.getByRole("menuitem", { name: "View Profile" }).click();
      await visible(page.getByRole("dialog"));
      await expectFits(page, "/dashboard with the View Profile dialog open");
      await page.keyboard.press("Escape");
    });

    it("/customers: an agent's farmers expanded and the provider form open fit, with 44 px controls", async () => {
      const { page } = customer;
      await page.goto("/customers");
      await visible(page.getByRole("heading", { level: 1 }), 20_000);
      await page.getByRole("button", { name: "Farmers (2)" }).click();
      await visible(page.getByRole("list", { name: /^Farmers of / }));
      await expectFits(page, "/customers with an agent's farmers open");
      await page.getByRole("button", { name: "Add Sample Provider" }).click();
      await visible(page.getByRole("form", { name: "Add Sample Provider" }));
      await expectFits(page, "/customers with the provider form open");
    });

    it("/farms and a lot's public check: screenshots for the record", async () => {
      const { page } = customer;
      await page.goto("/farms");
      await visible(page.getByRole("heading", { level: 1 }), 20_000);
      await page.screenshot({ path: "/tmp/phone-fit-farms.png", fullPage: true });
      await page.goto(`/lots/${farm.lotCode}`);
      await visible(page.getByText("Not tested"), 20_000);
      await page.screenshot({ path: "/tmp/phone-fit-lot-check.png", fullPage: true });
    });

    it("/farms/{farm}: its forms open (add pond, record harvest, plan a lot, edit) fit, with 44 px controls", async () => {
      const { page } = customer;
      await page.goto(`/farms/${farm.id}`);
      await visible(page.getByRole("heading", { level: 1 }), 20_000);
      await visible(page.getByText(farm.lotCode.replace(/(.{4})(?=.)/g, "$1 ")), 20_000);
      await page.getByRole("button", { name: "Add pond" }).click();
      await page.getByRole("button", { name: "Record harvest" }).click();
      await page.getByRole("button", { name: "Plan a harvest lot" }).click();
      await visible(page.getByRole("form", { name: /^Plan a harvest lot of pond/ }));
      await expectFits(page, "/farms/{farm} with the pond, harvest and lot forms open");
      await page.screenshot({ path: "/tmp/phone-fit-farm-forms.png", fullPage: true });
      await page.getByRole("button", { name: "Edit" }).click();
      await visible(page.getByRole("form", { name: /^Edit / }));
      await expectFits(page, "/farms/{farm} with the farm form open");
    });

    it("/ledger: the filters open, a sample selected and the Email dialog open fit, with 44 px controls", async () => {
      const { page } = customer;
      await page.goto("/ledger");
      await visible(page.getByRole("heading", { level: 1 }), 20_000);
      await page.getByRole("button", { name: "Filters" }).click();
      await page.getByRole("checkbox", { name: `Select sample #${ids.passed}` }).check();
      await expectFits(page, "/ledger with the filters open and a sample selected");
      await page.getByRole("button", { name: "Email (1)" }).click();
      await visible(page.getByRole("dialog"));
      await expectFits(page, "/ledger with the Email dialog open");
      await page.keyboard.press("Escape");
    });

    it("a live toast on the Sample Processing view stays clear of the progress bar and the top bar; at most three", async () => {
      const { page } = customer;
      await page.goto(`/submit-sample/${ids.collected}`);
      const bar = await visible(page.getByRole("progressbar"), 20_000);
      await visible(page.getByRole("button", { name: /^Notifications, .*Real-time updates$/ }), 20_000);
      // Staff start testing: the customer gets "Testing Started" as a toast.
      await moveTo(staff.page, headers, ids.collected, "TESTING");
      await expectToastClear(page, {
        "the progress bar": await bar.boundingBox(),
        "the top bar": await page.locator("header").first().boundingBox(),
      });
      await page.screenshot({ path: "/tmp/phone-fit-toast.png" });
    });

    it("/samples: the agent tooltip stays on screen, shows the phone formatted and closes on a tap elsewhere and on Escape", async () => {
      const { page } = customer;
      await page.goto("/samples");
      await visible(page.getByRole("heading", { level: 1 }), 20_000);
      await page.screenshot({ path: "/tmp/phone-fit-samples.png", fullPage: true });
      const agent = page.getByRole("button", { name: "Agent Assigned" }).first();
      await agent.scrollIntoViewIfNeeded();
      await agent.tap();
      const panel = page.locator(`[id="${(await agent.getAttribute("aria-controls")) ?? ""}"]`);
      await visible(panel);
      expect(await panel.textContent()).toContain("+91 94400 12345");
      expect(await panel.textContent()).not.toContain("+919440012345");
      const box = await panel.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(360);
      await expectFits(page, "/samples with the agent panel open");
      await page.screenshot({ path: "/tmp/phone-fit-agent-panel.png" });
      // A tap elsewhere closes it; so does Escape.
      await page.getByRole("heading", { level: 1 }).tap();
      await waitUntil(async () => !(await panel.isVisible()), "a tap elsewhere to close the agent panel");
      await agent.tap();
      await visible(panel);
      await page.keyboard.press("Escape");
      await waitUntil(async () => !(await panel.isVisible()), "Escape to close the agent panel");
    });

    it("raised no uncaught errors in the customer's pages", () => {
      expect(customer.pageErrors).toEqual([]);
    });
  });

  describe("lab console (staff)", () => {
    beforeAll(async () => {
      const { page } = staff;
      await page.goto("/lab/login");
      const form = await visible(page.getByRole("form", { name: "Lab sign in" }));
      await form.getByLabel("Email").fill(STAFF_EMAIL);
      await form.getByLabel("Password").fill(STAFF_PASSWORD);
      await form.getByRole("button", { name: "Sign In" }).click();
      await waitForPath(page, "/lab");
    });

    const labRoutes = [
      { route: paths.lab.path, page: "/lab", url: () => "/lab" },
      { route: paths.labAgents.path, page: "/lab/agents", url: () => "/lab/agents" },
      { route: paths.labEnquiries.path, page: "/lab/enquiries", url: () => "/lab/enquiries" },
      { route: paths.labStaff.path, page: "/lab/staff", url: () => "/lab/staff" },
      { route: paths.labMarkets.path, page: "/lab/markets", url: () => "/lab/markets" },
      { route: paths.labRevocations.path, page: "/lab/revocations", url: () => "/lab/revocations" },
      { route: paths.labReception.path, page: "/lab/reception", url: () => "/lab/reception" },
      { route: paths.labCustomers.path, page: "/lab/customers", url: () => "/lab/customers" },
      {
        route: paths.labCustomer.path,
        page: "/lab/customers/{the customer's organisation}",
        url: () => `/lab/customers/${organisationId}`,
      },
      {
        route: paths.labSample.path,
        page: "/lab/samples/{pending sample}",
        url: () => `/lab/samples/${ids.pending}`,
      },
      {
        route: paths.labSample.path,
        page: "/lab/samples/{collecting sample}",
        url: () => `/lab/samples/${ids.collecting}`,
      },
      {
        route: paths.labSample.path,
        page: "/lab/samples/{testing sample}",
        url: () => `/lab/samples/${ids.testing}`,
      },
      {
        route: paths.labSample.path,
        page: "/lab/samples/{passed sample}",
        url: () => `/lab/samples/${ids.passed}`,
      },
      {
        route: paths.labSample.path,
        page: "/lab/samples/{revoked sample}",
        url: () => `/lab/samples/${ids.revoked}`,
      },
    ];

    it.each(labRoutes)("$page fits 360 px, taps >= 44 px", async ({ route, url }) => {
      const { page } = staff;
      visited.add(route);
      await page.goto(url());
      await visible(page.getByRole("heading", { level: 1 }), 20_000).catch(async (error: unknown) => {
        await page.screenshot({ path: "/tmp/phone-fit-failed.png", fullPage: true });
        throw error;
      });
      await expectFits(page, url());
    });

    it("/lab/samples/{id} (a revoked report) at 360 px: screenshot for the record", async () => {
      const { page } = staff;
      await page.goto(`/lab/samples/${ids.revoked}`);
      await visible(page.getByRole("heading", { level: 1 }), 20_000);
      await page.screenshot({ path: "/tmp/phone-fit-lab-sample.png", fullPage: true });
    });

    it("raised no uncaught errors in the console", () => {
      expect(staff.pageErrors).toEqual([]);
    });
  });

  describe("desktop (1280×800) keeps its layout", () => {
    let desktop: OpenPage;
    beforeAll(async () => {
      desktop = await openPage(browser(), baseURL, {
        name: "desktop",
        viewport: { width: 1280, height: 800 },
        isMobile: false,
      });
    });
    afterAll(async () => {
      await desktop?.context.close();
    });

    it("/login: the Sign In card stands beside the heading, as before", async () => {
      const { page } = desktop;
      await page.goto("/login");
      const heading = await (await visible(page.getByRole("heading", { level: 1 }))).boundingBox();
      const card = await (await visible(page.getByRole("form", { name: "Sign in" }))).boundingBox();
      expect(card?.x ?? 0).toBeGreaterThan((heading?.x ?? 0) + (heading?.width ?? 9999) - 1);
      await page.screenshot({ path: "/tmp/phone-fit-desktop-login.png" });
    });

    it("/report/{id}: the parameter results stay a table with their columns, no cards", async () => {
      const { page } = desktop;
      await page.goto("/login");
      const form = await visible(page.getByRole("form", { name: "Sign in" }));
      await form.getByLabel("Email", { exact: true }).fill(email);
      await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await form.getByRole("button", { name: "Sign In" }).click();
      await waitForPath(page, "/dashboard", 20_000);
      await page.goto(`/report/${reports.failed}`);
      await (await visible(page.locator("details > summary").first(), 20_000)).click();
      const table = await visible(page.locator("details[open]").getByRole("table").first());
      for (const column of ["Parameter", "Method", "Unit", "LOD / LOQ", "Result", "Lab limit"]) {
        await visible(table.getByRole("columnheader", { name: column, exact: true }));
      }
      expect(await page.locator("details[open] > div > ul").count()).toBe(0);
      await page.screenshot({ path: "/tmp/phone-fit-desktop-report.png", fullPage: true });
    });
    it("a live toast stays clear of the bell and the user menu", async () => {
      const { page } = desktop;
      await page.goto("/samples");
      const bell = await visible(
        page.getByRole("button", { name: /^Notifications, .*Real-time updates$/ }),
        20_000,
      );
      const menu = await visible(page.getByRole("button", { name: /^User menu/ }));
      // Staff mark a sample collected: the customer gets "Sample Collected" as a toast.
      await moveTo(staff.page, headers, ids.collecting, "COLLECTED");
      await expectToastClear(page, {
        "the bell": await bell.boundingBox(),
        "the user menu": await menu.boundingBox(),
      });
      await page.screenshot({ path: "/tmp/phone-fit-desktop-toast.png" });
    });
  });

  it("visited every route of config/paths.ts (a new route must join this journey)", () => {
    const missing = Object.values(paths)
      .map((entry) => entry.path)
      .filter((path) => path !== paths.home.path && !visited.has(path));
    expect(missing).toEqual([]);
  });
});
