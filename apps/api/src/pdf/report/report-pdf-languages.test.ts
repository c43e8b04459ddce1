// The certificate of analysis in English and the customer's language: every heading English first
// and the customer's language with it, for each of the seven Indian languages, read back from the PDF
// (pdf.js) and drawn by poppler (pdftoppm).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { LANGUAGE_CODES, type LanguageCode } from "@lab/contracts";
import { translator } from "@lab/i18n/node";
import { describe, expect, it } from "vitest";

import { testEnv } from "../../env";
import { coaInput } from "../../test/coa-fixture";
import { hasPdftoppm, pdfPages, pdfTitle, renderPages } from "../../test/pdf-text";
import { documentWords } from "../coa-words";
import type { ReportPdfInput } from "./input";
import { buildReportPdf } from "./report-pdf";

/** How many characters of one text the other lacks, as multisets. */
function missing(have: readonly string[], want: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const char of have) counts.set(char, (counts.get(char) ?? 0) + 1);
  let lacking = 0;
  for (const char of want) {
    const left = counts.get(char) ?? 0;
    if (left > 0) counts.set(char, left - 1);
    else lacking += 1;
  }
  return lacking;
}

/**
 * Whether the text holds the letters of `expected` together. pdf.js reads Indic glyphs in their
 * visual order (a vowel sign drawn before its consonant comes first, a two-part vowel as its two
 * parts) and spaces some of them, so a run of the same letters in any order counts. Only letters
 * beyond ASCII are compared: a glyph that stands for no character (Bengali's headline) has an empty
 * text in the PDF, which pdf.js replaces by its code read as ASCII (a stray "5" or ","); the English
 * text is checked as it is.
 */
function holds(text: string, expected: string): boolean {
  const letters = (value: string) =>
    [...value.normalize("NFD")].filter((char) => (char.codePointAt(0) ?? 0) > 0x7f && !/\s/u.test(char));
  const haystack = letters(text);
  const needle = letters(expected);
  if (needle.length === 0) return false;
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (missing(haystack.slice(start, start + needle.length), needle) === 0) return true;
  }
  return false;
}

const INDIAN = LANGUAGE_CODES.filter((code) => code !== "en");

function inputFor(language: LanguageCode, options: Parameters<typeof coaInput>[0] = {}): ReportPdfInput {
  const input = coaInput(options);
  return { ...input, customer: { ...input.customer, language } };
}

const rendered = new Map<LanguageCode, Promise<Buffer>>();
const certificate = (language: LanguageCode) => {
  let pdf = rendered.get(language);
  if (!pdf) {
    pdf = buildReportPdf(inputFor(language));
    rendered.set(language, pdf);
  }
  return pdf;
};

describe("documentWords: English first, the account's language with it", () => {
  it("English: one language, as the certificate always read", () => {
    const w = documentWords("en");
    expect(w.bilingual).toBe(false);
    expect(w.inline("coa.title.certificate")).toBe("Certificate of Analysis");
    expect(w.stacked("coa.footer.page", { page: 1, count: 2 })).toBe("Page 1 of 2");
    expect(w.optional("results.param.CAP")).toBeNull();
    expect(w.date(new Date("2026-03-16T10:45:00Z"), "date")).toBeNull();
  });

  it("Telugu: 'English / తెలుగు' inline, under each other in cells; a key the catalogue lacks is null", () => {
    const w = documentWords("te");
    expect(w.bilingual).toBe(true);
    expect(w.inline("coa.title.certificate")).toBe("Certificate of Analysis / విశ్లేషణ ధ్రువపత్రం");
    expect(w.stacked("coa.column.parameter")).toBe("Parameter\nపరామితి");
    // LOD / LOQ is the same in both: printed once.
    expect(w.stacked("coa.column.lodLoq")).toBe("LOD / LOQ");
    expect(w.optional("results.param.NO_SUCH_PARAMETER")).toBeNull();
    expect(w.optional("coa.verdict.pass")).toBe("ఉత్తీర్ణం");
    // India time, in Telugu.
    expect(w.date(new Date("2026-03-16T10:45:00Z"), "dateTime")).toContain("మార్చి");
    expect(w.date(new Date("2026-03-16T10:45:00Z"), "dateTime")).toContain("4:15");
  });

  it("an unknown stored language reads English", () => {
    expect(documentWords("xx").bilingual).toBe(false);
    expect(documentWords(null).language).toBe("en");
  });
});

describe("the certificate for a customer of each Indian language (pdf.js text)", () => {
  it.each(INDIAN)("%s: English headings, and the customer's language beside them", async (language) => {
    const pdf = await certificate(language);
    const pages = await pdfPages(pdf);
    const text = pages.join("\n");
    const { t } = translator(language);
    const date = (value: Date, style: "dateTime") => translator(language).date(value, style);
    // English first, always: a buyer abroad reads the same document.
    for (const english of [
      "Certificate of Analysis",
      "Certification No.",
      "Customer",
      "Parameter",
      "✓ Pass",
      "Overall result",
      "Specifications judged against",
      "Analysed by",
      "Reviewed and released by",
      "Check this certificate at https://portal.aquatest.in/verify/NSP-CERT-2026-042",
      "Not to be reproduced except in full",
    ])
      expect(text, english).toContain(english);
    expect(text).toContain("Certification No. / ");
    expect(text).toMatch(/Issued \/ .+: 16 Mar 2026, 16:15 IST \(/);
    // The same headings in the customer's language.
    for (const key of [
      "coa.title.certificate",
      "coa.certificationNo",
      "coa.issued",
      "coa.fact.customer",
      "coa.fact.pond",
      "coa.column.parameter",
      "coa.column.result",
      "coa.results",
      "coa.verdict.pass",
      "coa.overallResult",
      "coa.overall.passed",
      "coa.specs.caption",
      "coa.analysedBy",
      "coa.reviewedBy",
      "coa.footer.notReproduced",
    ] as const) {
      const local = t(key);
      expect(local, key).not.toBe(translator("en").t(key));
      expect(holds(text, local), `${language} ${key}: ${local}`).toBe(true);
    }
    expect(holds(text, t("coa.column.marketLimit", { market: "EU" }))).toBe(true);
    expect(holds(text, t("coa.footer.page", { page: 1, count: pages.length }))).toBe(true);
    // Dates: the English one, and the same moment in the customer's language (India time).
    expect(holds(text, date(new Date("2026-03-16T10:45:00Z"), "dateTime"))).toBe(true);
    // The document's title and file stay English (the number is what identifies it).
    expect(await pdfTitle(pdf)).toBe("Certificate of Analysis NSP-CERT-2026-042");
  });

  it("Telugu: the brief's heading, and every page says 'Page x of y' in both languages", async () => {
    const pages = await pdfPages(await certificate("te"));
    const text = pages.join("\n");
    expect(holds(text, "Certificate of Analysis / విశ్లేషణ ధ్రువపత్రం")).toBe(true);
    pages.forEach((page, index) => {
      expect(page).toContain(
        `Certificate of Analysis NSP-CERT-2026-042 · Page ${index + 1} of ${pages.length}`,
      );
      expect(holds(page, `విశ్లేషణ ధ్రువపత్రం NSP-CERT-2026-042 · పేజీ ${index + 1} / ${pages.length}`)).toBe(true);
      expect(holds(page, "పూర్తిగా తప్ప, భాగాలుగా ప్రతులు తీయరాదు")).toBe(true);
    });
  });

  it("a parameter's name in the customer's language sits under the English one when the results catalogue has it", async () => {
    const text = (await pdfPages(await certificate("te"))).join("\n");
    expect(text).toContain("Chloramphenicol");
    const local = documentWords("te").optional("results.param.CAP");
    // The results namespace is translated separately; until it has the parameter, English alone.
    if (local !== null) expect(holds(text, local)).toBe(true);
  });

  it("a failed test's report in Hindi: its title and the reason in both languages, no certificate words", async () => {
    const pdf = await buildReportPdf(inputFor("hi", { fail: ["CAP"] }));
    const text = (await pdfPages(pdf)).join("\n");
    expect(text).toContain("Test Report");
    expect(holds(text, "जाँच रिपोर्ट")).toBe(true);
    expect(text).toContain("Report No. / ");
    expect(text).toContain("No judged market passed: this test report carries no certificate number.");
    expect(holds(text, "✗ Fail")).toBe(true);
    expect(holds(text, "अनुत्तीर्ण")).toBe(true);
    expect(text).not.toContain("Certificate of Analysis");
    expect(text).not.toContain("/verify/");
  });

  it("an English customer's certificate has no second language", async () => {
    const text = (await pdfPages(await buildReportPdf(inputFor("en")))).join("\n");
    expect(text).toContain("Certification No.: NSP-CERT-2026-042");
    expect(text).not.toContain("Certificate of Analysis /");
    expect(text).not.toMatch(/\p{Script=Telugu}{3}.*ధ్రువపత్రం/u);
  });
});

// pdftoppm (poppler-utils) renders pages as a viewer does.
const poppler = hasPdftoppm();
if (!poppler && testEnv.ci)
  throw new Error("CI=true: pdftoppm (poppler-utils) is required for the rendered-page tests");

// The first pages of these languages are written here as PNG, to look at.
const PNG_DIR = "/tmp/coa-i18n";
const LOOK_AT: readonly LanguageCode[] = ["te", "hi", "ta", "ml"];

describe.runIf(poppler)("the certificate in each Indian language drawn by poppler", () => {
  it.each(INDIAN)("%s: every page has ink and the page count matches pdf.js", async (language) => {
    const pdf = await certificate(language);
    const pages = renderPages(pdf, 60);
    expect(pages).toHaveLength((await pdfPages(pdf)).length);
    for (const page of pages) {
      const dark = page.gray.reduce((sum, value) => sum + (value < 128 ? 1 : 0), 0);
      expect(dark / page.gray.length).toBeGreaterThan(0.002);
    }
    if (LOOK_AT.includes(language)) {
      mkdirSync(PNG_DIR, { recursive: true });
      const file = join(PNG_DIR, `coa-${language}.pdf`);
      writeFileSync(file, pdf);
      const run = spawnSync("pdftoppm", [
        "-png",
        "-r",
        "110",
        "-f",
        "1",
        "-l",
        "1",
        "-singlefile",
        file,
        join(PNG_DIR, `coa-${language}-page1`),
      ]);
      expect(run.status).toBe(0);
    }
  });

  it("the heading band of a Telugu certificate carries more ink than the English one (the second language is drawn)", async () => {
    const band = async (language: LanguageCode) => {
      const [first] = renderPages(await buildReportPdf(inputFor(language)), 72);
      if (!first) throw new Error("no page");
      // The title line: from 120 to 150 pt down, left of the QR code.
      const rows = first.gray.subarray(first.width * 120, first.width * 150);
      return rows.reduce((sum, value, index) => sum + (index % first.width < 400 && value < 128 ? 1 : 0), 0);
    };
    expect(await band("te")).toBeGreaterThan((await band("en")) * 1.3);
  });
});
