import { describe, expect, it } from "vitest";

import { resultMessages, resultRangeWords } from "@lab/contracts";

import { CAP, CAP_ELISA, SALM, makeAnalysis, markets } from "@/testing/lab-results-fixtures";
import {
  catalogueOf,
  entryResult,
  fieldCode,
  marketSpecs,
  parseNumber,
  prefill,
  resultsPayload,
  VALUE_CHOICE,
} from "./results-entry";

describe("results entry utils", () => {
  it("parseNumber: a decimal comma is a point; a minus (ASCII or U+2212) is read; empty is null; words and exponents are NaN", () => {
    expect(parseNumber(" 0,12 ")).toBe(0.12);
    expect(parseNumber("3.")).toBe(3);
    expect(parseNumber("")).toBeNull();
    expect(parseNumber("1e3")).toBeNaN();
    expect(parseNumber("-1")).toBe(-1);
    expect(parseNumber("\u22122,5")).toBe(-2.5);
    expect(parseNumber("--1")).toBeNaN();
    expect(parseNumber("+1")).toBeNaN();
  });

  it("entryResult: a negative value passes only where the unit allows it (°C), with the range message elsewhere", () => {
    const core = { ...CAP, code: "CORE_TEMP", name: "Core temperature", unit: "°C" };
    expect(entryResult(core, { choice: VALUE_CHOICE, value: "-18" })).toEqual({
      value: -18,
      qualifier: null,
    });
    expect(entryResult(CAP, { choice: VALUE_CHOICE, value: "-1" })).toEqual({
      problem: resultMessages.resultValueOutOfRange(resultRangeWords(CAP, CAP.name)),
    });
  });

  it("entryResult: a qualitative parameter takes its own qualifiers only; quantitative below LOQ is a qualifier", () => {
    expect(entryResult(SALM, { choice: "present", value: "" })).toEqual({
      value: null,
      qualifier: "present",
    });
    expect(entryResult(SALM, { choice: "detected", value: "" })).toEqual({
      problem: resultMessages.resultQualifierInvalid,
    });
    expect(entryResult(CAP, { choice: "below_loq", value: "9" })).toEqual({
      value: null,
      qualifier: "below_loq",
    });
    expect(entryResult(CAP, { choice: "value", value: "" })).toBeNull();
  });

  it("fieldCode: results.N names the Nth posted code; other fields name none", () => {
    expect(fieldCode("results.1.qualifier", ["CAP", "SALM"])).toBe("SALM");
    expect(fieldCode("results.4", ["CAP"])).toBeNull();
    expect(fieldCode("note", ["CAP"])).toBeNull();
  });

  it("resultsPayload: only entered rows, values as numbers, the note trimmed or left out", () => {
    const entries = { CAP: { choice: "value", value: "0.2" }, SALM: { choice: "", value: "" } };
    expect(resultsPayload([CAP, SALM], entries, "  ")).toEqual({ results: [{ code: "CAP", value: 0.2 }] });
  });

  it("marketSpecs: no chosen market is the lab's defaults; limits fall back to the last judgement", () => {
    expect(marketSpecs([], markets, null).map((spec) => spec.code)).toEqual(["LAB"]);
    const analysis = makeAnalysis([CAP], { CAP: { value: 0.2, qualifier: null } });
    const [eu] = marketSpecs(["EU"], undefined, analysis);
    expect(eu?.limits["CAP"]?.max).toBe(0.15);
    expect(eu?.version).toBe(1);
  });

  it("prefill: the round's results, none from a released round", () => {
    const catalogue = catalogueOf([CAP, SALM, CAP_ELISA]);
    const results = { CAP: { value: 0.2, qualifier: null }, SALM: { value: null, qualifier: "absent" } };
    expect(prefill(catalogue, makeAnalysis([CAP, SALM], results, { state: "returned" }))).toEqual({
      CAP: { choice: "value", value: "0.2" },
      SALM: { choice: "absent", value: "" },
    });
    expect(prefill(catalogue, makeAnalysis([CAP, SALM], results, { state: "released" }))).toEqual({});
  });
});
