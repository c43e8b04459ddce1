// The contact form and the newsletter, in Debian's Chromium, mostly at 360×740 (isMobile, touch):
//   1. the landing page's contact form: an empty submit marks and focuses the first error below the
//      sticky header; a real enquiry (names in Telugu and Hindi) is confirmed on screen, the lab's mail
//      (Reply-To the person) and the acknowledgement arrive in the mail catcher, and staff see it in
//      the lab console's Enquiries page and mark it handled;
//   2. the blog's newsletter: subscribe → "check your inbox" → the confirm link from the mail →
//      the confirmed page; the unsubscribe link's page unsubscribes behind its button;
//   3. Share on /report/{id}: with navigator.share stubbed through addInitScript, the File it receives
//      is the report's PDF; a desktop browser without file sharing gets the WhatsApp link instead.
// Every screen is checked for no sideways scroll at 360 px, 44 px taps on the controls it adds, and axe.
import { AxeBuilder } from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { registerVerified, signIn } from "./support/accounts";
import { expectNoAxeViolations, formatViolations } from "./support/axe";
import { chromiumAvailable } from "./support/browser";
import { waitForMail } from "./support/mailbox";
import { openPage, useChromium, visible, waitForPath, waitUntil, type OpenPage } from "./support/page";
import {
  addAgent,
  assignAgent,
  collectAndStartTesting,
  deactivateAgentsNamed,
  issueReport,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  staffHeaders,
} from "./support/staff";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");

const PHONE = { name: "phone", viewport: { width: 360, height: 740 }, isMobile: true } as const;
const DESKTOP = { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false } as const;
const HEADER_PX = 116;
// Where enquiries go when LAB_ENQUIRY_EMAIL is unset (apps/api/src/env.ts); the e2e server sets none.
const LAB_ENQUIRY_EMAIL = "info@aquatest-lab.example";
const TELUGU = "లక్ష్మీ";
const HINDI = "देवी";
const LONG_WORD = "Venkatasatyanarayanamurthyvaraprasadaraolakshminarasimharaju";

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${label}: scrollWidth`).toBeLessThanOrEqual(PHONE.viewport.width);
}

async function expectTapTarget(locator: Locator, label: string): Promise<void> {
  const box = await (await visible(locator)).boundingBox();
  expect(box, `${label} has a box`).not.toBeNull();
  expect(Math.round(box?.width ?? 0), `${label} width`).toBeGreaterThanOrEqual(44);
  expect(Math.round(box?.height ?? 0), `${label} height`).toBeGreaterThanOrEqual(44);
}

/**
 * Every visible control inside `scope` (links, buttons, fields) is at least 44×44 px; a link inside
 * running text is exempt (WCAG 2.5.8, inline exception).
 */
async function expectTapTargetsIn(page: Page, scope: string, label: string): Promise<void> {
  const small = await page.evaluate((selector) => {
    const found: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      for (const element of root.querySelectorAll("a[href], button, input, textarea, select")) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        if (element.closest("[aria-hidden=true]")) continue;
        const parent = element.parentElement;
        const inline =
          getComputedStyle(element).display === "inline" &&
          (parent?.textContent ?? "").replace(element.textContent ?? "", "").trim().length > 0;
        if (inline) continue;
        if (box.width < 43.5 || box.height < 43.5) {
          const text = (element.textContent ?? element.getAttribute("aria-label") ?? "").trim().slice(0, 40);
          found.push(
            `<${element.tagName.toLowerCase()}> "${text}" ${Math.round(box.width)}×${Math.round(box.height)}`,
          );
        }
      }
    }
    return found;
  }, scope);
  expect(small, `${label}: controls under 44×44 px`).toEqual([]);
}

/** axe (WCAG 2 A and AA) on one part of a page: the parts this journey adds. */
async function expectNoAxeViolationsIn(page: Page, selector: string, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations, `${label}:\n${formatViolations(results.violations)}`).toEqual([]);
}

/** The focused element's id, and whether its box is on screen below the sticky header. */
function focusedBelowHeader(page: Page): Promise<{ id: string; top: number; bottom: number }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    const box = element?.getBoundingClientRect();
    return { id: element?.id ?? "", top: box?.top ?? -1, bottom: box?.bottom ?? -1 };
  });
}

/** A link in a mail's text, made relative to the test server (PUBLIC_URL is the server's address). */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/\//g, "\\/")}\\?token=[\\w-]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

describe.skipIf(!baseURL || !chromiumAvailable())("contact form, newsletter and Share", () => {
  const browser = useChromium();
  const stamp = Date.now();

  describe("contact form → lab mailbox → lab console (360×740)", () => {
    let visitor: OpenPage;
    let staff: OpenPage;
    const email = `enquirer.${stamp}@aquafarms.in`;
    const message = `Do you test for white spot virus? ${stamp}`;

    beforeAll(async () => {
      visitor = await openPage(browser(), baseURL, PHONE);
      staff = await openPage(browser(), baseURL, PHONE);
    });
    afterAll(async () => {
      await visitor?.context.close();
      await staff?.context.close();
    });

    it("an empty submit marks First Name and Message (aria-invalid), focuses First Name below the sticky header", async () => {
      const { page } = visitor;
      await page.goto("/login");
      // The form is fetched once its section nears the screen (the /login bundle bar): scroll there.
      await (await visible(page.locator("#contact"), 20_000)).scrollIntoViewIfNeeded();
      const form = await visible(page.getByRole("form", { name: "Contact" }), 20_000);
      await form.getByRole("button", { name: "Send Message" }).click();
      const first = form.getByLabel(/^First Name/);
      await waitUntil(
        async () => (await first.getAttribute("aria-invalid")) === "true",
        "First Name invalid",
      );
      expect(await form.getByLabel(/^Message/).getAttribute("aria-invalid")).toBe("true");
      await waitUntil(async () => (await focusedBelowHeader(page)).id === "contact-first-name", "focus");
      // The page scrolls smoothly (index.css): wait for the field to come to rest on screen.
      await waitUntil(async () => {
        const focused = await focusedBelowHeader(page);
        return focused.top >= HEADER_PX && focused.bottom <= PHONE.viewport.height;
      }, "First Name to be on screen below the sticky header");
      await expect(visible(form.getByText("Please enter your first name."))).resolves.toBeTruthy();
      await expectNoSidewaysScroll(page, "/login contact form with errors");
      await expectTapTargetsIn(page, "#contact", "/login contact section");
      await expectNoAxeViolationsIn(page, "#contact", "/login contact form with errors");
      await page.screenshot({ path: "/tmp/sharing-contact-errors.png" });
    });

    it("a real enquiry is confirmed on screen; the lab's mail (Reply-To the person) and the acknowledgement arrive", async () => {
      const { page } = visitor;
      const form = page.getByRole("form", { name: "Contact" });
      await form.getByLabel(/^First Name/).fill(`${TELUGU}${LONG_WORD}`);
      await form.getByLabel(/^Last Name/).fill(HINDI);
      await form.getByLabel(/^Email/).fill(email);
      await form.getByLabel(/^Phone/).fill("98480 22338");
      await form.getByLabel(/^Message/).fill(message);
      await expectTapTarget(form.getByRole("button", { name: "Send Message" }), "Send Message");
      await form.getByRole("button", { name: "Send Message" }).click();
      const status = await visible(
        page.getByRole("status").filter({ hasText: "Thank you for your message" }),
      );
      expect(await status.textContent()).toContain("will reply within one business day");
      await expectNoSidewaysScroll(page, "/login contact form sent");
      await expectNoAxeViolationsIn(page, "#contact", "/login contact form sent");
      await page.screenshot({ path: "/tmp/sharing-contact-sent.png" });

      const lab = await waitForMail(mailDir, LAB_ENQUIRY_EMAIL, {
        where: (mail) => mail.text.includes(message),
      });
      expect(lab.subject).toMatch(/^Website enquiry #\d+ from /);
      expect(lab.text).toContain(email);
      expect(lab.text).toContain("+91 98480 22338");
      expect(lab.raw).toMatch(new RegExp(`^Reply-To: ${email.replace(/\./g, "\\.")}`, "im"));
      // The typed address is unproven: the acknowledgement is the lab's fixed text, nothing typed in it.
      const ack = await waitForMail(mailDir, email, {
        where: (mail) => mail.subject === "We received your enquiry",
      });
      expect(ack.text).toContain("will reply within one business day");
      expect(ack.text).not.toContain(message);
      expect(ack.text).not.toContain(TELUGU);
    });

    it("staff see the enquiry in the lab console's Enquiries page and mark it handled", async () => {
      const { page } = staff;
      await page.goto("/lab/login");
      const form = await visible(page.getByRole("form", { name: "Lab sign in" }), 20_000);
      await form.getByLabel("Email").fill(STAFF_EMAIL);
      await form.getByLabel("Password").fill(STAFF_PASSWORD);
      await form.getByRole("button", { name: "Sign In" }).click();
      await waitForPath(page, "/lab", 20_000);
      const nav = page.getByRole("navigation", { name: "Lab" });
      await expectTapTarget(nav.getByRole("link", { name: "Enquiries" }), "Enquiries nav link");
      await nav.getByRole("link", { name: "Enquiries" }).click();
      await waitForPath(page, "/lab/enquiries");
      const card = await visible(page.getByRole("listitem").filter({ hasText: message }), 20_000).catch(
        async (error: unknown) => {
          await page.screenshot({ path: "/tmp/sharing-lab-enquiries-failed.png", fullPage: true });
          throw error;
        },
      );
      expect(await card.textContent()).toContain(email);
      const handle = card.getByRole("button", { name: /Mark enquiry #\d+ .* handled/ });
      await expectTapTarget(handle, "Mark handled");
      await expectNoSidewaysScroll(page, "/lab/enquiries");
      await expectTapTargetsIn(page, "main, nav", "/lab/enquiries");
      await expectNoAxeViolations(page, "/lab/enquiries");
      await page.screenshot({ path: "/tmp/sharing-lab-enquiries.png", fullPage: true });
      await handle.click();
      await visible(card.getByText(/^Handled /));
    });
  });

  describe("newsletter double opt-in (360×740)", () => {
    let reader: OpenPage;
    const email = `reader.${stamp}@aquafarms.in`;

    beforeAll(async () => {
      reader = await openPage(browser(), baseURL, PHONE);
    });
    afterAll(async () => {
      await reader?.context.close();
    });

    it("subscribe on /blog says to check the inbox; the mail's confirm link opens the confirmed page", async () => {
      const { page } = reader;
      await page.goto("/blog");
      const form = await visible(page.getByRole("form", { name: "Newsletter" }), 20_000);
      await form.getByRole("button", { name: "Subscribe" }).click();
      const input = form.getByLabel("Email address");
      await waitUntil(
        async () => (await input.getAttribute("aria-invalid")) === "true",
        "empty e-mail refused",
      );
      await waitUntil(async () => (await focusedBelowHeader(page)).id === "newsletter-email", "focus");
      await waitUntil(async () => {
        const focused = await focusedBelowHeader(page);
        return focused.top >= HEADER_PX && focused.bottom <= PHONE.viewport.height;
      }, "the e-mail field to be on screen below the sticky header");
      await input.fill(email);
      await expectTapTarget(form.getByRole("button", { name: "Subscribe" }), "Subscribe");
      await form.getByRole("button", { name: "Subscribe" }).click();
      await visible(page.getByRole("status").filter({ hasText: "Check your inbox" }));
      await expectNoSidewaysScroll(page, "/blog subscribed");
      await expectTapTargetsIn(page, "[aria-labelledby=newsletter-title]", "/blog newsletter box");
      await expectNoAxeViolationsIn(page, "[aria-labelledby=newsletter-title]", "/blog newsletter box");

      const mail = await waitForMail(mailDir, email, {
        where: (m) => m.subject === "Confirm your newsletter subscription",
      });
      await page.goto(linkIn(mail.text, "/newsletter/confirm"));
      const confirmed = await visible(page.getByText("Your subscription is confirmed."), 20_000).catch(
        async (error: unknown) => {
          await page.screenshot({ path: "/tmp/sharing-newsletter-failed.png" });
          throw new Error(`${String(error)}\npage errors: ${reader.pageErrors.join("; ")}`);
        },
      );
      expect(await page.getByText(email).count()).toBeGreaterThan(0);
      // The answer comes to rest on screen below the header (the page scrolls smoothly; this tab kept
      // a scroll position for /blog, which must not hide it).
      await waitUntil(async () => {
        const before = await confirmed.boundingBox();
        await new Promise((resolve) => setTimeout(resolve, 300));
        const after = await confirmed.boundingBox();
        return (
          before !== null &&
          after !== null &&
          before.y === after.y &&
          after.y >= 68 &&
          after.y + after.height <= PHONE.viewport.height
        );
      }, "the confirmation to rest on screen").catch(async (error: unknown) => {
        await page.screenshot({ path: "/tmp/sharing-newsletter-failed.png" });
        const box = await confirmed.boundingBox();
        const scrollY = await page.evaluate(() => window.scrollY);
        throw new Error(`${String(error)}: box ${JSON.stringify(box)}, scrollY ${scrollY}`);
      });
      await expectNoSidewaysScroll(page, "/newsletter/confirm");
      await expectTapTargetsIn(page, "main", "/newsletter/confirm");
      await page.screenshot({ path: "/tmp/sharing-newsletter-confirmed.png" });
      await expectNoAxeViolations(page, "/newsletter/confirm");

      // The unsubscribe link changes nothing on opening; its button does.
      await page.goto(linkIn(mail.text, "/newsletter/unsubscribe"));
      const button = page.getByRole("button", { name: "Unsubscribe" });
      await expectTapTarget(button, "Unsubscribe");
      await expectNoSidewaysScroll(page, "/newsletter/unsubscribe");
      await expectTapTargetsIn(page, "main", "/newsletter/unsubscribe");
      await expectNoAxeViolations(page, "/newsletter/unsubscribe");
      await button.click();
      await visible(page.getByText("You are unsubscribed."));
    });
  });

  describe("Share on /report/{id}", () => {
    const email = `sharer.${stamp}@aquafarms.in`;
    const agentName = `Share Agent ${stamp}`;
    let phone: OpenPage;
    let desktop: OpenPage;
    let reportId = 0;
    let certificate = "";

    /** navigator.share and canShare replaced before any script runs; what share() got lands in window. */
    async function stubWebShare(context: BrowserContext): Promise<void> {
      await context.addInitScript(() => {
        type Shared = { count: number; name: string; type: string; size: number; head: string; text: string };
        const target = window as unknown as { __shared?: Shared };
        Object.defineProperty(navigator, "canShare", {
          configurable: true,
          value: (data?: ShareData) => Boolean(data?.files && data.files.length > 0),
        });
        Object.defineProperty(navigator, "share", {
          configurable: true,
          value: async (data: ShareData) => {
            const file = data.files?.[0];
            if (!file) throw new TypeError("no file");
            const head = new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5));
            target.__shared = {
              count: data.files?.length ?? 0,
              name: file.name,
              type: file.type,
              size: file.size,
              head,
              text: data.text ?? "",
            };
          },
        });
      });
    }

    beforeAll(async () => {
      phone = await openPage(browser(), baseURL, PHONE);
      desktop = await openPage(browser(), baseURL, DESKTOP);
      await stubWebShare(phone.context);
      const { page } = phone;
      const { token, customerId } = await registerVerified(page, mailDir, `${TELUGU} ${HINDI}`, email);
      const submitted = await page.request.post("/api/sample-submissions", {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          consumerId: customerId,
          samplerId: `temp_${stamp}`,
          samplerName: `${TELUGU} ${HINDI}`,
          samplerLocation: "Kākināda, Andhra Pradesh",
          coordinate: { lat: 16.9891, lng: 82.2475 },
          shrimpCategory: "Tiger Shrimp",
          testTypes: ["Allergen Testing"],
          phoneNumber: "+91 98480 22338",
          status: "PENDING",
          assigned: "",
        },
      });
      expect(submitted.status(), await submitted.text()).toBe(201);
      const sampleId = ((await submitted.json()) as { id: number }).id;
      const headers = await staffHeaders(page);
      const agentId = await addAgent(page, headers, { name: agentName, phone: "+919440012399" });
      try {
        await assignAgent(page, headers, sampleId, agentId);
        await collectAndStartTesting(page, headers, sampleId);
        const report = await issueReport(page, headers, sampleId, "pass");
        reportId = report.id;
        certificate = report.certification ?? "";
      } finally {
        await deactivateAgentsNamed(page, headers, agentName);
      }
      await signIn(page, email);
      await signIn(desktop.page, email);
    });
    afterAll(async () => {
      await phone?.context.close();
      await desktop?.context.close();
    });

    it("phone: Share hands navigator.share one application/pdf File holding the report's PDF, with the certificate and its /verify URL", async () => {
      const { page } = phone;
      await page.goto(`/report/${reportId}`);
      const share = page.getByRole("button", { name: "Share", exact: true });
      await expectTapTarget(share, "Share");
      await expectNoSidewaysScroll(page, "/report/{id}");
      await expectTapTargetsIn(page, "article > div:first-child", "/report/{id} actions");
      await expectNoAxeViolationsIn(page, "article > div:first-child", "/report/{id} actions (phone)");
      await page.screenshot({ path: "/tmp/sharing-report-share.png" });
      await share.click();
      await waitUntil(
        () => page.evaluate(() => "__shared" in window),
        "navigator.share to be called",
        20_000,
      );
      const shared = await page.evaluate(
        () => (window as unknown as { __shared: Record<string, unknown> }).__shared,
      );
      expect(shared).toMatchObject({
        count: 1,
        type: "application/pdf",
        head: "%PDF-",
        name: `${certificate}.pdf`,
      });
      expect(Number(shared.size)).toBeGreaterThan(1000);
      expect(shared.text).toContain(certificate);
      expect(shared.text).toContain(`${baseURL}/verify/${certificate}`);
    });

    it("desktop without file sharing: a WhatsApp link (new tab, noopener) with the certificate number and its /verify URL", async () => {
      const { page } = desktop;
      await page.goto(`/report/${reportId}`);
      const link = await visible(page.getByRole("link", { name: /Share on WhatsApp/ }), 20_000);
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toContain("noopener");
      const href = (await link.getAttribute("href")) ?? "";
      const url = new URL(href);
      expect(url.origin).toBe("https://wa.me");
      const text = url.searchParams.get("text") ?? "";
      expect(text).toContain(certificate);
      expect(text).toContain(`${baseURL}/verify/${certificate}`);
      await expectNoAxeViolations(page, "/report/{id} (desktop)");
    });
  });
});
