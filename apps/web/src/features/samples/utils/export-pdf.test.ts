import { describe, expect, it } from "vitest";

import { makeSample } from "@/testing/sample-fixtures";

import { buildSummaryPdf } from "./export-pdf";
import { EXPORT_TITLE, exportRow } from "./export-samples";

describe("buildSummaryPdf", () => {
  it("landscape A4 with the title, the columns and a row per sample, readable back from the file", async () => {
    const rows = [
      exportRow(makeSample({ id: 501, status: "COMPLETED", samplerName: "Lakshmi Farms" })),
      exportRow(makeSample({ id: 502, status: "PENDING", samplerName: "Ravi Kumar" })),
    ];
    const doc = await buildSummaryPdf(rows, {
      typeLabel: "All",
      from: "2025-01-01",
      to: "2025-01-31",
      generatedAt: "2025-02-01 10:00",
    });
    const width = doc.internal.pageSize.getWidth();
    const height = doc.internal.pageSize.getHeight();
    expect(width).toBeGreaterThan(height);
    expect(Math.round(width)).toBe(297);
    expect(Math.round(height)).toBe(210);

    const pdf = doc.output();
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf).toContain(`(${EXPORT_TITLE})`);
    for (const text of [
      "Sample ID",
      "Sub-category",
      "Updated At",
      "501",
      "502",
      "Lakshmi Farms",
      "Ravi Kumar",
      "COMPLETED",
      "PENDING",
    ]) {
      expect(pdf).toContain(`(${text})`);
    }
  });
});
