import { act } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { formatDate } from "@lab/i18n";

import { setLanguage, translate } from "@/lib/i18n/i18n";
import { makeReport } from "@/testing/report-fixtures";
import { makeSample } from "@/testing/sample-fixtures";

import { LEDGER_EXPORT_FILE_NAME, ledgerCsv, ledgerCsvBlob } from "./ledger-csv";

/** A blob's bytes (jsdom's Blob has no arrayBuffer()). */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable blob"));
    reader.readAsArrayBuffer(blob);
  });

describe("ledger CSV", () => {
  it("names the file selected_samples.csv", () => {
    expect(LEDGER_EXPORT_FILE_NAME).toBe("selected_samples.csv");
  });

  it("exact header (the spec's six first, then certificate, verdicts, tests); rows sorted by id; locale date; N/A for an empty location; quotes doubled", () => {
    const createdAt = "2025-03-04T10:00:00.000Z";
    const csv = ledgerCsv([
      makeSample({
        id: 12,
        shrimpCategory: "Tiger Shrimp",
        samplerName: 'Ravi "RK" Kumar',
        status: "COMPLETED",
        samplerLocation: "Nellore, Andhra Pradesh",
        createdAt,
      }),
      makeSample({
        id: 3,
        shrimpCategory: "Pink Shrimp",
        samplerName: "Lakshmi",
        status: "PENDING",
        samplerLocation: "  ",
        createdAt,
      }),
    ]);
    // The date in India time, in the reader's language (English: "4 Mar 2025").
    const date = formatDate("en", createdAt, "date");
    expect(date).toBe("4 Mar 2025");
    const tests = '"Viral Disease Screening; Allergen Testing"';
    expect(csv.split("\r\n")).toEqual([
      '"Sample ID","Shrimp Category","Sampler","Status","Date Submitted","Location","Certificate No.","Verdicts by Market","Test Types"',
      `"3","Pink Shrimp","Lakshmi","PENDING","${date}","N/A","N/A","N/A",${tests}`,
      `"12","Tiger Shrimp","Ravi ""RK"" Kumar","COMPLETED","${date}","Nellore, Andhra Pradesh","N/A","N/A",${tests}`,
    ]);
  });

  it("a sample with a report: its certificate number and each market's verdict; reports not loaded: said so, not left blank", () => {
    const sample = makeSample({ id: 8, status: "COMPLETED", reportId: 41, testTypes: ["Allergen Testing"] });
    const report = makeReport({
      id: 41,
      sampleId: 8,
      details: { ...makeReport().details, certification: "AQT-2026-0041" },
      markets: [
        { code: "EU", name: "European Union", specVersionId: 1, version: 1, verdict: "pass" },
        { code: "US", name: "United States", specVersionId: 2, version: 1, verdict: "fail" },
      ],
    });
    const [, row] = ledgerCsv([sample], "en", new Map([[41, report]])).split("\r\n");
    expect(row).toMatch(/,"AQT-2026-0041","EU: Pass; US: Fail","Allergen Testing"$/);
    const [, offline] = ledgerCsv([sample], "en", null).split("\r\n");
    expect(offline).toMatch(/,"\(not loaded\)","\(not loaded\)","Allergen Testing"$/);
  });

  it("a formula-like cell is neutralised", () => {
    const csv = ledgerCsv([makeSample({ id: 1, samplerName: "=HYPERLINK(1)" })]);
    expect(csv).toContain(`"'=HYPERLINK(1)"`);
  });

  it("in Hindi: headings, status and shrimp category in Hindi, the date in India time; UTF-8 with a BOM", async () => {
    await act(async () => {
      await setLanguage("hi");
    });
    // 20:00 UTC is 01:30 the next day in India: the date is India's.
    const sample = makeSample({
      id: 5,
      shrimpCategory: "Tiger Shrimp",
      samplerName: "रवि",
      status: "COMPLETED",
      samplerLocation: "",
      createdAt: "2025-03-04T20:00:00.000Z",
    });
    const [header, row] = ledgerCsv([sample]).split("\r\n");
    expect(
      header?.startsWith('"नमूना ID","झींगा की किस्म","नमूना देने वाले","स्थिति","जमा करने की तारीख","स्थान",'),
    ).toBe(true);
    expect(header).not.toContain("Certificate");
    const date = formatDate("hi", "2025-03-05T00:00:00.000+05:30", "date");
    expect(date).toContain("5");
    const tiger = translate("domain.category.Tiger Shrimp");
    expect(tiger).not.toBe("Tiger Shrimp");
    expect(row?.startsWith(`"5","${tiger}","रवि","पूर्ण","${date}","उपलब्ध नहीं",`)).toBe(true);
    const bytes = await bytesOf(ledgerCsvBlob([sample]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain("नमूना ID");
  });
});
