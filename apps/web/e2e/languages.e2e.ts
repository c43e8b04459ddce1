// The languages journey in Debian's Chromium: the portal in Telugu on a 360×740 phone and in Hindi at
// 1280×800. A first visit from an English browser picks the language on the landing page, registers
// (the verification mail arrives in that language), submits a sample, watches it move, reads the
// report and its market verdicts and downloads the certificate of analysis. Every page is
// photographed (e2e-results/languages/) and checked: axe, `lang` attributes, no text cut off or
// running off the screen, and the script's conjuncts drawn shaped.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";

import { PASSWORD } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chromiumAvailable } from "./support/browser";
import { clippedTexts, conjunctShaped, wordsOf } from "./support/i18n";
import { verificationCode, waitForMail } from "./support/mailbox";
import { stopAfterFirstFailure, useChromium, visible, waitForPath } from "./support/page";
import { issueReport, moveToTesting, staffHeaders } from "./support/staff";

const baseURL = inject("baseURL");
const mailDir = inject("mailDir");
const shots = join(import.meta.dirname, "..", "e2e-results", "languages");

const cases = [
  {
    code: "te",
    nativeName: "తెలుగు",
    script: /[\u0C00-\u0C7F]/,
    conjunct: "క్ష",
    fullName: "వెంకటసత్యనారాయణమూర్తి కొల్లిపర",
    provider: "భీమవరంఆక్వాఫార్మ్స్ప్రైవేట్లిమిటెడ్",
    size: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  },
  {
    code: "hi",
    nativeName: "हिन्दी",
    script: /[\u0900-\u097F]/,
    conjunct: "क्ष",
    fullName: "रामेश्वरप्रसाद श्रीवास्तव",
    provider: "सुंदरबनझींगाउत्पादकसहकारीसमिति",
    size: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  },
] as const;

for (const language of cases) {
  describe.skipIf(!baseURL || !chromiumAvailable())(
    `the portal in ${language.nativeName} (${language.code})`,
    () => {
      const browser = useChromium();
      const t = wordsOf(language.code, ["auth", "common", "samples", "reports", "results", "domain"]);
      const stamp = Date.now();
      const email = `lang.${language.code}.${stamp}@aquafarms.in`;
      let context: BrowserContext;
      let page: Page;
      const pageErrors: string[] = [];
      let token = "";
      let customerId = 0;
      let sampleId = 0;
      let reportId = 0;
      let certification = "";
      stopAfterFirstFailure(beforeEach);

      /** Photographs the page and checks it: axe, lang, nothing cut off or off screen, shaped script. */
      async function checkPage(label: string): Promise<void> {
        mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: join(shots, `${language.code}-${label}.png`), fullPage: true });
        expect(await page.evaluate(() => document.documentElement.lang), `${label}: <html lang>`).toBe(
          language.code,
        );
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${label} is ${width} px wide`).toBeLessThanOrEqual(language.size.viewport.width);
        expect(await clippedTexts(page), `${label}: text cut off`).toEqual([]);
        const { shaped, font } = await conjunctShaped(page, language.conjunct);
        expect(shaped, `${label}: "${language.conjunct}" is not drawn shaped in ${font}`).toBe(true);
        expect(await page.locator("body").innerText(), `${label}: no ${language.code} text`).toMatch(
          language.script,
        );
        await expectNoAxeViolations(page, `${label} (${language.code})`);
      }

      beforeAll(async () => {
        // An English browser: the language is chosen on the page, as a farmer's family phone would be.
        context = await browser().newContext({
          baseURL,
          ...language.size,
          locale: "en-IN",
          timezoneId: "Asia/Kolkata",
          acceptDownloads: true,
        });
        context.setDefaultTimeout(15_000);
        context.setDefaultNavigationTimeout(30_000);
        page = await context.newPage();
        page.on("pageerror", (error) =>
          pageErrors.push(
            `${error.name}: ${error.message} ${String((error as Error & { cause?: unknown }).cause ?? "")} @ ${page.url()}`,
          ),
        );
        page.on("response", (response) => {
          // The API's 404s are answers; /dev/mailbox.json is off outside development.
          const path = new URL(response.url()).pathname;
          if (response.status() === 404 && !path.startsWith("/api/") && !path.startsWith("/dev/")) {
            pageErrors.push(`404: ${response.url()}`);
          }
        });
        page.on("console", (message) => {
          // A failed request is reported above, by its URL.
          if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
            pageErrors.push(`console: ${message.text()} @ ${page.url()}`);
        });
      });
      afterAll(async () => {
        await context?.close();
      });

      it("picks the language on the landing page; it is remembered", async () => {
        await page.goto("/");
        await waitForPath(page, "/login");
        await visible(page.getByRole("heading", { name: "Sign In", exact: true }));
        await page.getByRole("combobox", { name: "Language" }).first().selectOption(language.code);
        await visible(page.getByRole("heading", { name: t("Sign In"), exact: true }));
        // Each language in the picker is marked with its own lang.
        expect(await page.locator(`option[value="${language.code}"]`).first().getAttribute("lang")).toBe(
          language.code,
        );
        await checkPage("login");
        await page.reload();
        await visible(page.getByRole("heading", { name: t("Sign In"), exact: true }));
      });

      it("registers in the language: the verification mail arrives in it", async () => {
        await page.getByRole("button", { name: t("Create Account"), exact: true }).click();
        const form = await visible(page.getByRole("form", { name: t("Create account") }));
        await form.getByLabel(t("Full Name")).fill(language.fullName);
        await form.getByLabel(t("Email"), { exact: true }).fill(email);
        await form.getByLabel(t("Password"), { exact: true }).fill(PASSWORD);
        await visible(form.getByText(t("Email address verified successfully")));
        await checkPage("register");
        await form.getByRole("button", { name: t("Create Account") }).click();

        await visible(page.getByRole("heading", { name: t("Verify Your Email") }), 20_000);
        await checkPage("verify-email");
        const mail = await waitForMail(mailDir, email);
        expect(mail.subject, "the mail's subject").toMatch(language.script);
        expect(mail.text, "the mail's body").toMatch(language.script);
        const verifyForm = page.getByRole("form", { name: t("Verify email") });
        await verifyForm.getByLabel(t("Verification Code")).fill(verificationCode(mail));
        await verifyForm.getByRole("button", { name: t("Verify Email") }).click();

        const signIn = page.getByRole("form", { name: t("Sign in") });
        await visible(
          signIn.getByText(t("Email verified successfully! You can now login with your credentials.")),
          20_000,
        );
        await signIn.getByLabel(t("Password"), { exact: true }).fill(PASSWORD);
        await signIn.getByRole("button", { name: t("Sign In") }).click();
        await waitForPath(page, "/dashboard", 20_000);
        await visible(page.getByRole("heading", { level: 1 }).filter({ hasText: language.fullName }), 20_000);
        await checkPage("dashboard");

        // The choice is the account's: it follows the person to another device.
        const login = await page.request.post("/api/customers/login", {
          data: { email, password: PASSWORD },
        });
        expect(login.status()).toBe(200);
        const answer = (await login.json()) as {
          accessToken: string;
          customer: { id: number; language?: string };
        };
        token = answer.accessToken;
        customerId = answer.customer.id;
        expect(answer.customer.language).toBe(language.code);
        const profile = await page.request.get(`/api/customers/${customerId}`, {
          headers: { Authorization: `Bearer ${answer.accessToken}` },
        });
        expect(((await profile.json()) as { language: string }).language).toBe(language.code);
      });

      it("submits a sample for the EU and the US", async () => {
        const auth = { Authorization: `Bearer ${token}` };
        const provider = await page.request.post(`/api/customers/${customerId}/sample-providers`, {
          headers: auth,
          data: {
            samplerName: language.provider,
            userType: "Farmer",
            phoneNumber: "+91 98480 44556",
            location: JSON.stringify({
              address: "Bhimavaram, Andhra Pradesh",
              coordinates: { lat: 16.5449, lng: 81.5212 },
              placeId: null,
            }),
            coordinates: { lat: 16.5449, lng: 81.5212 },
          },
        });
        expect(provider.status(), await provider.text()).toBe(201);

        await page.goto("/submit-sample");
        const form = await visible(page.getByRole("form", { name: t("Submit sample") }));
        const name = form.getByRole("combobox").first();
        await name.click();
        await name.pressSequentially(language.provider.slice(0, 4), { delay: 20 });
        await (await visible(page.getByRole("option").filter({ hasText: language.provider }))).click();
        await form.locator("select#sample-category").selectOption("Pacific White Shrimp");
        await form.getByLabel(t("Antibiotic Residue Test")).check();
        for (const code of ["EU", "US"]) {
          const chip = form.getByRole("checkbox", { name: new RegExp(`^${code}\\b`) });
          await form.locator(`label[for="${(await chip.getAttribute("id")) ?? ""}"]`).click();
          expect(await chip.isChecked()).toBe(true);
        }
        await checkPage("submit-sample");
        await form.getByRole("button", { name: t("Submit Sample") }).click();
        await page.waitForURL(/\/submit-sample\/\d+/, { timeout: 20_000 });
        sampleId = Number(/\/submit-sample\/(\d+)/.exec(page.url())?.[1]);
        expect(sampleId).toBeGreaterThan(0);
        await visible(page.getByRole("heading", { level: 1, name: t("Sample Processing") }));
        await checkPage("sample-processing");
      });

      it("watches the sample move, live, with the status in the language", async () => {
        await page.goto(`/timeline/${sampleId}`);
        await visible(page.getByRole("heading", { level: 1 }));
        const headers = await staffHeaders(page);
        const agent = { name: `Lang Agent ${language.code} ${stamp}`, phone: "+91 90000 71717" };
        await moveToTesting(page, headers, sampleId, agent);
        await visible(page.getByText(t.key("domain.status.TESTING")).first(), 20_000);
        await checkPage("timeline");
      });

      it("reads the report and its market verdicts in the language, and downloads the certificate", async () => {
        const headers = await staffHeaders(page);
        const report = await issueReport(page, headers, sampleId, "pass");
        reportId = report.id;
        certification = report.certification ?? "";
        await page.goto(`/report/${reportId}`);
        await visible(page.getByText(certification, { exact: true }));
        const markets = page.getByRole("list", { name: t("Market verdicts") }).first();
        await visible(markets.getByRole("listitem").filter({ hasText: "EU" }).first());
        expect(await markets.innerText()).toMatch(language.script);
        // Every result sits in its test type's closed group: open them all.
        await visible(page.locator("details > summary").first());
        for (const summary of await page.locator("details > summary").all()) await summary.click();
        await visible(page.getByText(t.key("results.param.CAP")).first());
        await checkPage("report");

        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: t("Download PDF") }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`${certification}.pdf`);
        const pdf = readFileSync(await download.path());
        expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
        const file = join(tmpdir(), `coa-${language.code}-${stamp}.pdf`);
        writeFileSync(file, pdf);
        const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
        // English beside the customer's language: a buyer abroad and the farmer read one document.
        expect(text).toContain("Certificate of Analysis");
        expect(text).toMatch(language.script);
        execFileSync("pdftoppm", [
          "-png",
          "-r",
          "60",
          "-f",
          "1",
          "-l",
          "1",
          file,
          join(shots, `${language.code}-coa`),
        ]);

        await page.goto("/reports");
        await visible(page.getByText(certification).first());
        await checkPage("reports");
        expect(pageErrors).toEqual([]);
      });
    },
  );
}
