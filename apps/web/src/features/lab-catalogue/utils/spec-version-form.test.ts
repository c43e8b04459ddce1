import { describe, expect, it } from "vitest";

import { emptyRow, panelCodes, rowOfField, rowProblems, versionPayload } from "./spec-version-form";

describe("spec version form utils", () => {
  it("versionPayload: values a kind does not take go as null; a grade replaces the number", () => {
    const range = {
      ...emptyRow("2026-01-01"),
      parameter: "ph",
      kind: "range" as const,
      min: "6,5",
      max: "8.5",
      reference: "Ref",
    };
    const graded = {
      ...emptyRow("2026-01-01"),
      parameter: "FRESH",
      kind: "min" as const,
      min: "3",
      grade: "B",
      reference: "Ref",
    };
    const absent = {
      ...emptyRow("2026-01-01"),
      parameter: "SALM",
      kind: "absent_25g" as const,
      max: "1",
      reference: "Ref",
    };
    const body = versionPayload({
      effectiveFrom: "2026-01-01",
      reference: " R ",
      note: "",
      limits: [range, graded, absent],
    });
    expect(body.reference).toBe("R");
    expect(body.limits.map(({ parameter, min, max, grade }) => ({ parameter, min, max, grade }))).toEqual([
      { parameter: "PH", min: 6.5, max: 8.5, grade: null },
      { parameter: "FRESH", min: null, max: null, grade: "B" },
      { parameter: "SALM", min: null, max: null, grade: null },
    ]);
  });

  it("rowProblems: a range needs both ends, numbers must be numbers, a reference is required", () => {
    const rows = [
      { ...emptyRow("2026-01-01"), parameter: "PH", kind: "range" as const, min: "6", reference: "Ref" },
      { ...emptyRow("2026-01-01"), parameter: "CAP", max: "abc", reference: "Ref" },
      { ...emptyRow("2026-01-01"), parameter: "CAP", max: "0.1" },
    ];
    expect(Object.values(rowProblems(rows))).toEqual([
      "A range needs its min and max",
      "Limits are numbers in the parameter's unit",
      "Each limit needs its legal reference",
    ]);
    expect(rowOfField("limits.2.reference", rows)).toBe(rows[2]?.key);
  });

  it("panelCodes: commas, spaces or semicolons; capitals; each once", () => {
    expect(panelCodes("cap, aoz;AOZ  tcs")).toEqual(["CAP", "AOZ", "TCS"]);
  });
});
