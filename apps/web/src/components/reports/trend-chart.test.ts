import { describe, expect, it } from "vitest";

import type { Limit } from "@lab/contracts";

import { makeParameterLine } from "@/testing/report-fixtures";

import { CHART, layout, limitValues, niceTop } from "./trend-chart";

const limit = (overrides: Partial<Limit>): Limit => ({
  kind: "max",
  min: null,
  max: null,
  strict: false,
  grade: null,
  reference: "ref",
  effectiveFrom: "2024-01-01",
  ...overrides,
});

describe("trend chart geometry", () => {
  it("limitValues: a max draws one line, a range two, qualitative limits none", () => {
    expect(limitValues(limit({ kind: "max", max: 0.15 }))).toEqual([{ value: 0.15, side: "max" }]);
    expect(limitValues(limit({ kind: "range", min: 6.5, max: 8.5 }))).toEqual([
      { value: 8.5, side: "max" },
      { value: 6.5, side: "min" },
    ]);
    expect(limitValues(limit({ kind: "not_detected" }))).toEqual([]);
    expect(limitValues(null)).toEqual([]);
  });

  it("niceTop rounds the axis up to 1, 2 or 5 × 10ⁿ", () => {
    expect(niceTop(0.22)).toBe(0.5);
    expect(niceTop(0.15)).toBeCloseTo(0.2);
    expect(niceTop(7)).toBe(10);
    expect(niceTop(0)).toBe(1);
  });

  it("layout: a value above the max sits above the limit line, one below it below; not detected sits on zero, hollow", () => {
    const { markets: _markets, ...parameter } = makeParameterLine();
    const point = (reportId: number, value: number | null, verdict: "pass" | "fail") => ({
      reportId,
      sampleId: reportId,
      at: "2026-01-01T00:00:00.000Z",
      value,
      qualifier: value === null ? "not_detected" : null,
      display: String(value),
      verdict,
    });
    const { points, lines } = layout({
      parameter,
      market: "EU",
      limit: limit({ kind: "max", max: 0.15 }),
      points: [point(1, null, "pass"), point(2, 0.08, "pass"), point(3, 0.2, "fail")],
    });
    const [line] = lines;
    const [zero, below, above] = points;
    if (!line || !zero || !below || !above) throw new Error("missing geometry");
    // SVG y grows downwards.
    expect(above.y).toBeLessThan(line.y);
    expect(below.y).toBeGreaterThan(line.y);
    expect(zero.y).toBe(CHART.height - CHART.bottom);
    expect(zero.measured).toBe(false);
    expect(above.fail).toBe(true);
    expect(zero.x).toBeLessThan(below.x);
  });
});
