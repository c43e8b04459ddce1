import { describe, expect, it } from "vitest";

import { makeSample } from "@/testing/sample-fixtures";

import { LEDGER_EXPORT_FILE_NAME, ledgerCsv } from "./ledger-csv";

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
    const date = new Date(createdAt).toLocaleDateString();
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
});
