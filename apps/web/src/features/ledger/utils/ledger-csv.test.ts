import { act } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { formatDate } from "@lab/i18n";

import { setLanguage, translate } from "@/lib/i18n/i18n";
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
  it("file name of spec section 9", () => {
    expect(LEDGER_EXPORT_FILE_NAME).toBe("selected_samples.csv");
  });

  it("exact header; rows sorted by id; locale date; N/A for an empty location; quotes doubled", () => {
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
    expect(csv.split("\r\n")).toEqual([
      '"Sample ID","Shrimp Category","Sampler","Status","Date Submitted","Location"',
      `"3","Pink Shrimp","Lakshmi","PENDING","${date}","N/A"`,
      `"12","Tiger Shrimp","Ravi ""RK"" Kumar","COMPLETED","${date}","Nellore, Andhra Pradesh"`,
    ]);
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
    expect(header).toBe('"नमूना ID","झींगा की किस्म","नमूना देने वाले","स्थिति","जमा करने की तारीख","स्थान"');
    const date = formatDate("hi", "2025-03-05T00:00:00.000+05:30", "date");
    expect(date).toContain("5");
    const tiger = translate("domain.category.Tiger Shrimp");
    expect(tiger).not.toBe("Tiger Shrimp");
    expect(row).toBe(`"5","${tiger}","रवि","पूर्ण","${date}","उपलब्ध नहीं"`);
    const bytes = await bytesOf(ledgerCsvBlob([sample]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain("नमूना ID");
  });
});
