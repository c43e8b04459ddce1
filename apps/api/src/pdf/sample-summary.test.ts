// The samples summary PDF in the account's language with English alongside.
import { SAMPLE_EXPORT_COLUMNS } from "@lab/contracts";
import { describe, expect, it } from "vitest";

import { pdfPages, pdfTitle } from "../test/pdf-text";
import { documentWords } from "./coa-words";
import { buildSampleSummaryPdf, type SummaryMeta, type SummarySample } from "./sample-summary";

const squash = (text: string) => text.normalize("NFD").replace(/\s+/g, "");
const sorted = (text: string) => [...squash(text)].sort().join("");
/** The characters of `expected` together somewhere in the text, in any order (pdf.js reads glyphs in visual order). */
function holds(text: string, expected: string): boolean {
  const haystack = squash(text);
  const needle = squash(expected);
  if (haystack.includes(needle)) return true;
  const want = sorted(needle);
  for (let start = 0; start + needle.length <= haystack.length; start += 1)
    if ([...haystack.slice(start, start + needle.length)].sort().join("") === want) return true;
  return false;
}

const at = new Date("2026-03-10T06:00:00Z");
const samples: SummarySample[] = [
  {
    id: 41,
    status: "PENDING",
    samplerName: "వెంకట రమణ",
    samplerLocation: "Bhimavaram",
    shrimpCategory: "Tiger Shrimp",
    shrimpSubCategory: "Allergen Testing, Heavy Metal Analysis",
    createdAt: at,
    updatedAt: at,
  },
  {
    id: 42,
    status: "COMPLETED",
    samplerName: "लक्ष्मी देवी",
    samplerLocation: "Kākināda",
    shrimpCategory: "Pacific White Shrimp",
    shrimpSubCategory: "Viral Disease Screening",
    createdAt: at,
    updatedAt: at,
  },
];
const meta = (extra: Partial<SummaryMeta> = {}): SummaryMeta => ({
  typeLabel: "All",
  from: "2026-03-01",
  to: null,
  search: "",
  generatedAt: at,
  timeZone: "Asia/Kolkata",
  status: "all",
  ...extra,
});

describe("buildSampleSummaryPdf in two languages", () => {
  it("English: as it always read, one language", async () => {
    const pdf = await buildSampleSummaryPdf(samples, meta({ language: "en" }));
    const text = (await pdfPages(pdf)).join("\n");
    expect(await pdfTitle(pdf)).toBe("Sample Summary Report");
    expect(text).toContain("Sample Summary Report\n");
    expect(text).toContain("Status: All · Period: 2026-03-01 to today · Samples: 2");
    expect(text).toContain("Generated: 2026-03-10 11:30 (Asia/Kolkata) · AquaTest Laboratory");
    for (const column of SAMPLE_EXPORT_COLUMNS) expect(text).toContain(column);
    expect(text).not.toContain("Sample Summary Report /");
  });

  it("Telugu: the title, filter line and column heads in English and Telugu; statuses, categories and test types under their English names", async () => {
    const pdf = await buildSampleSummaryPdf(samples, meta({ language: "te" }));
    const text = (await pdfPages(pdf)).join("\n");
    // The document's title stays the spec's; the page heading carries both.
    expect(await pdfTitle(pdf)).toBe("Sample Summary Report");
    expect(text).toContain("Sample Summary Report / ");
    expect(holds(text, "నమూనాల సారాంశ నివేదిక")).toBe(true);
    expect(text).toContain("Status: All · Period: 2026-03-01 to today · Samples: 2");
    expect(holds(text, "స్థితి: అన్నీ")).toBe(true);
    expect(holds(text, "2026-03-01 నుండి ఈ రోజు వరకు")).toBe(true);
    expect(holds(text, "నమూనాలు: 2")).toBe(true);
    for (const column of SAMPLE_EXPORT_COLUMNS) expect(text).toContain(column);
    expect(holds(text, "నమూనా ID")).toBe(true);
    expect(holds(text, "నమూనా తీసినవారి పేరు")).toBe(true);
    expect(holds(text, "చివరి మార్పు సమయం")).toBe(true);
    expect(text).toContain("PENDING");
    expect(text).toContain("Tiger Shrimp");
    // Names arriving as data: shown in Telugu when the domain namespace has them.
    const w = documentWords("te");
    for (const key of [
      "domain.status.PENDING",
      "domain.status.COMPLETED",
      "domain.category.Tiger Shrimp",
      "domain.testType.Viral Disease Screening",
    ]) {
      const local = w.optional(key);
      if (local !== null) expect(holds(text, local), key).toBe(true);
    }
    // India time in Telugu beside the generated time.
    expect(holds(text, w.date(at, "dateTime") ?? "")).toBe(true);
  });

  it("a status filter reads in the account's language (Hindi)", async () => {
    const text = (
      await pdfPages(
        await buildSampleSummaryPdf(
          samples,
          meta({ language: "hi", status: "pending", typeLabel: "Pending" }),
        ),
      )
    ).join("\n");
    expect(text).toContain("Status: Pending");
    const pending = documentWords("hi").optional("domain.status.PENDING");
    expect(holds(text, `स्थिति: ${pending ?? "Pending"}`)).toBe(true);
    expect(holds(text, "नमूना सारांश रिपोर्ट")).toBe(true);
  });
});
