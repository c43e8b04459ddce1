import Papa from "papaparse";
import { describe, expect, it, vi } from "vitest";

import type { SamplePage } from "@lab/contracts";

import { makeSample } from "@/testing/sample-fixtures";

import type { SamplesParams } from "@/lib/api/get-samples";
import { indiaDateTime } from "@/utils/dates";
import {
  EXPORT_COLUMNS,
  defaultExportRange,
  exportFileName,
  exportRow,
  fetchSamplesForExport,
  samplesCsv,
} from "./export-samples";

describe("exportFileName", () => {
  it.each([
    ["all", "csv", "SampleSummary-All-2025-01-01-to-2025-02-01.csv"],
    ["pending", "pdf", "SampleSummary-Pending-2025-01-01-to-2025-02-01.pdf"],
    ["collected", "csv", "SampleSummary-Collected-2025-01-01-to-2025-02-01.csv"],
    ["testing", "csv", "SampleSummary-Testing-2025-01-01-to-2025-02-01.csv"],
    ["completed", "pdf", "SampleSummary-Completed-2025-01-01-to-2025-02-01.pdf"],
  ] as const)("filter %s as %s: %s", (filter, format, expected) => {
    expect(exportFileName(filter, "2025-01-01", "2025-02-01", format)).toBe(expected);
  });
});

describe("defaultExportRange", () => {
  it("from the earliest creation date to today (local dates)", () => {
    const now = new Date(2025, 2, 15, 12, 0);
    expect(defaultExportRange(new Date(2024, 11, 3, 9, 30).toISOString(), now)).toEqual({
      from: "2024-12-03",
      to: "2025-03-15",
    });
  });

  it("no samples yet: both today", () => {
    expect(defaultExportRange(null, new Date(2025, 2, 15))).toEqual({ from: "2025-03-15", to: "2025-03-15" });
  });
});

describe("samplesCsv", () => {
  it("header row: the spec's eight columns", () => {
    expect(samplesCsv([]).split("\r\n")[0]).toBe(EXPORT_COLUMNS.map((column) => `"${column}"`).join(","));
    expect(EXPORT_COLUMNS).toEqual([
      "Sample ID",
      "Status",
      "Sampler Name",
      "Location",
      "Category",
      "Sub-category",
      "Created At",
      "Updated At",
    ]);
  });

  it("every field quoted, inner quotes doubled, commas and new lines kept inside the quotes", () => {
    const sample = makeSample({
      id: 42,
      status: "COLLECTED",
      samplerName: 'Ravi "Prawn King" Kumar',
      samplerLocation: "Plot 7, Nellore\nAndhra Pradesh",
      shrimpSubCategory: "Viral Disease Screening, Allergen Testing",
    });
    const csv = samplesCsv([exportRow(sample)]);
    const line = csv.slice(csv.indexOf("\r\n") + 2);
    expect(line).toBe(
      [
        '"42"',
        '"COLLECTED"',
        '"Ravi ""Prawn King"" Kumar"',
        '"Plot 7, Nellore\nAndhra Pradesh"',
        '"Tiger Shrimp"',
        '"Viral Disease Screening, Allergen Testing"',
        `"${indiaDateTime(sample.createdAt)}"`,
        `"${indiaDateTime(sample.updatedAt)}"`,
      ].join(","),
    );
    // Parsed back by a CSV reader, the values are the originals.
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    expect(parsed[1]?.[2]).toBe('Ravi "Prawn King" Kumar');
    expect(parsed[1]?.[3]).toBe("Plot 7, Nellore\nAndhra Pradesh");
  });

  it("a cell that starts like a formula: prefixed with an apostrophe", () => {
    const csv = samplesCsv([exportRow(makeSample({ samplerName: "=HYPERLINK(1)" }))]);
    expect(csv).toContain(`"'=HYPERLINK(1)"`);
  });
});

describe("fetchSamplesForExport", () => {
  it("reads past a capped total (a floor) until a short page, sending each page's cursor", async () => {
    const all = Array.from({ length: 230 }, (_, index) => makeSample({ id: index + 1 }));
    const fetchPage = vi.fn(async (params: SamplesParams): Promise<SamplePage> => {
      const page = Number(params.page ?? 1);
      const size = Number(params.size ?? 10);
      return {
        items: all.slice((page - 1) * size, page * size),
        total: 100,
        totalCapped: true,
        page,
        size,
        cursor: `c${page}`,
      };
    });
    const samples = await fetchSamplesForExport("all", "2025-01-01", "2025-01-31", fetchPage);
    expect(samples).toHaveLength(230);
    expect(fetchPage.mock.calls.map(([params]) => params.cursor)).toEqual([undefined, "c1", "c2"]);
  });

  it("asks pages of 100 with the filter and the local day range until the total is reached", async () => {
    const all = Array.from({ length: 230 }, (_, index) => makeSample({ id: index + 1 }));
    const fetchPage = vi.fn(async (params: SamplesParams): Promise<SamplePage> => {
      const page = Number(params.page ?? 1);
      const size = Number(params.size ?? 10);
      return {
        items: all.slice((page - 1) * size, page * size),
        total: all.length,
        totalCapped: false,
        page,
        size,
        cursor: null,
      };
    });
    const samples = await fetchSamplesForExport("pending", "2025-01-01", "2025-01-31", fetchPage);
    expect(samples).toHaveLength(230);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    const first = fetchPage.mock.calls[0]?.[0];
    expect(first).toMatchObject({ status: "pending", page: 1, size: 100 });
    expect(first?.from).toBe(new Date(2025, 0, 1).toISOString());
    expect(first?.to).toBe(new Date(new Date(2025, 1, 1).getTime() - 1).toISOString());
  });
});
