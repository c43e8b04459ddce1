import { describe, expect, it } from "vitest";

import type { Limit, Parameter } from "./results";
import {
  displayLimit,
  displayResult,
  effectivePanel,
  judge,
  judgedMarkets,
  judgeLimit,
  resultProblem,
  screeningPositive,
  type MarketSpec,
  type ResultValue,
} from "./verdicts";

const quantity = (overrides: Partial<Parameter> = {}): Parameter => ({
  code: "CAP",
  name: "Chloramphenicol",
  kind: "quantitative",
  unit: "µg/kg",
  method: "LC-MS/MS",
  methodRole: "confirmatory",
  lod: 0.03,
  loq: 0.1,
  grades: null,
  per25g: false,
  cutoff: null,
  confirmWith: null,
  ...overrides,
});
const presence = (per25g: boolean): Parameter =>
  quantity({ code: per25g ? "SALM" : "WSSV", kind: "qualitative", unit: null, lod: null, loq: null, per25g });
const graded = quantity({
  code: "GRADE",
  kind: "graded",
  unit: null,
  lod: null,
  loq: null,
  grades: ["A", "B", "C"],
});
const elisa = quantity({
  code: "CAP_ELISA",
  method: "ELISA",
  methodRole: "screening",
  lod: 0.05,
  loq: 0.1,
  cutoff: 0.1,
  confirmWith: "CAP",
});

const limit = (overrides: Partial<Limit>): Limit => ({
  kind: "max",
  min: null,
  max: null,
  strict: false,
  grade: null,
  reference: "Test reference",
  effectiveFrom: "2026-01-01",
  ...overrides,
});
const value = (v: number): ResultValue => ({ value: v, qualifier: null });
const qualifier = (q: string): ResultValue => ({ value: null, qualifier: q });

describe("judgeLimit: one result against one limit", () => {
  it("a maximum passes at the value and fails above it; a strict maximum fails at the value", () => {
    const max = limit({ kind: "max", max: 0.15 });
    expect(judgeLimit(quantity(), value(0.15), max)).toBe("pass");
    expect(judgeLimit(quantity(), value(0.150001), max)).toBe("fail");
    const strict = limit({ kind: "max", max: 0.15, strict: true });
    expect(judgeLimit(quantity(), value(0.15), strict)).toBe("fail");
    expect(judgeLimit(quantity(), value(0.149), strict)).toBe("pass");
  });

  it("a minimum passes at the value and fails below it; a strict minimum fails at the value", () => {
    const p = quantity({ lod: null, loq: null });
    expect(judgeLimit(p, value(18), limit({ kind: "min", min: 18 }))).toBe("pass");
    expect(judgeLimit(p, value(17.99), limit({ kind: "min", min: 18 }))).toBe("fail");
    expect(judgeLimit(p, value(18), limit({ kind: "min", min: 18, strict: true }))).toBe("fail");
    // Nothing measured is below any positive minimum.
    expect(judgeLimit(p, qualifier("not_detected"), limit({ kind: "min", min: 18 }))).toBe("fail");
  });

  it("a range includes both ends and nothing outside", () => {
    const p = quantity({ lod: null, loq: null });
    const range = limit({ kind: "range", min: 6.5, max: 8.5 });
    for (const v of [6.5, 7, 8.5]) expect(judgeLimit(p, value(v), range)).toBe("pass");
    for (const v of [6.49, 8.51]) expect(judgeLimit(p, value(v), range)).toBe("fail");
    expect(judgeLimit(p, qualifier("detected"), range)).toBe("fail");
  });

  it("not detected passes only what was not detected: a value under the LOD counts as not detected", () => {
    const none = limit({ kind: "not_detected" });
    expect(judgeLimit(quantity(), qualifier("not_detected"), none)).toBe("pass");
    expect(judgeLimit(quantity(), value(0.02), none)).toBe("pass");
    expect(judgeLimit(quantity(), value(0.03), none)).toBe("fail");
    expect(judgeLimit(quantity(), qualifier("below_loq"), none)).toBe("fail");
    expect(judgeLimit(presence(false), qualifier("detected"), none)).toBe("fail");
  });

  it("below the LOQ passes a maximum only when the LOQ itself is within it", () => {
    expect(judgeLimit(quantity({ loq: 0.1 }), qualifier("below_loq"), limit({ max: 0.15 }))).toBe("pass");
    expect(judgeLimit(quantity({ loq: 0.3 }), qualifier("below_loq"), limit({ max: 0.15 }))).toBe("fail");
    // A value between LOD and LOQ is below the LOQ too.
    expect(judgeLimit(quantity({ loq: 0.3 }), value(0.2), limit({ max: 0.15 }))).toBe("fail");
    expect(judgeLimit(quantity({ loq: 0.1 }), value(0.05), limit({ max: 0.15 }))).toBe("pass");
  });

  it("absent in 25 g: absent passes, present fails", () => {
    const absent = limit({ kind: "absent_25g" });
    expect(judgeLimit(presence(true), qualifier("absent"), absent)).toBe("pass");
    expect(judgeLimit(presence(true), qualifier("present"), absent)).toBe("fail");
  });

  it("grades run best first: at least B takes A and B, refuses C", () => {
    const atLeastB = limit({ kind: "min", grade: "B" });
    expect(judgeLimit(graded, qualifier("A"), atLeastB)).toBe("pass");
    expect(judgeLimit(graded, qualifier("b"), atLeastB)).toBe("pass");
    expect(judgeLimit(graded, qualifier("C"), atLeastB)).toBe("fail");
  });
});

const CAP_RANGE =
  "Chloramphenicol: enter a number from 0 to 1,000,000 (µg/kg), with at most 6 decimal places";

describe("resultProblem: a result must fit its parameter", () => {
  it.each([
    [quantity(), value(0.2), null],
    [quantity(), qualifier("below_loq"), null],
    [quantity(), qualifier("absent"), "This qualifier does not apply to the parameter"],
    [quantity(), { value: null, qualifier: null }, "Enter a value or a qualifier for each result"],
    [quantity(), value(-1), CAP_RANGE],
    [quantity(), value(Number.NaN), CAP_RANGE],
    [quantity(), value(1e308), CAP_RANGE],
    [quantity(), value(0.0000001), CAP_RANGE],
    [quantity(), { value: 1, qualifier: "below_loq" }, "This qualifier does not apply to the parameter"],
    [presence(false), qualifier("detected"), null],
    [presence(false), value(1), "This qualifier does not apply to the parameter"],
    [presence(true), qualifier("absent"), null],
    [presence(true), qualifier("not_detected"), "This qualifier does not apply to the parameter"],
    [graded, qualifier("a"), null],
    [graded, qualifier("D"), "This qualifier does not apply to the parameter"],
    [quantity({ kind: "graded", grades: null }), value(7), null],
  ])("%#: %o with %o", (parameter, result, problem) => {
    expect(resultProblem(parameter, result)).toBe(problem);
  });
});

describe("display", () => {
  it("prints results and limits as the certificate does", () => {
    expect(displayResult(quantity(), value(0.12))).toBe("0.12");
    expect(displayResult(quantity(), value(0.1 + 0.2))).toBe("0.3");
    expect(displayResult(quantity(), qualifier("below_loq"))).toBe("< LOQ (0.1)");
    expect(displayResult(quantity(), value(0.05))).toBe("< LOQ (0.1)");
    expect(displayResult(quantity(), value(0.01))).toBe("Not detected (< LOD 0.03)");
    expect(displayResult(presence(true), qualifier("absent"))).toBe("Absent in 25 g");
    expect(displayResult(presence(false), qualifier("detected"))).toBe("Detected");
    expect(displayLimit(limit({ max: 0.5 }))).toBe("≤ 0.5");
    expect(displayLimit(limit({ max: 0.15, strict: true }))).toBe("< 0.15");
    expect(displayLimit(limit({ kind: "range", min: 6.5, max: 8.5 }))).toBe("6.5–8.5");
    expect(displayLimit(limit({ kind: "min", grade: "B" }))).toBe("≥ B");
    expect(displayLimit(limit({ kind: "absent_25g" }))).toBe("Absent in 25 g");
    expect(displayLimit(null)).toBe("—");
  });
});

describe("screening and the effective panel", () => {
  const catalogue = new Map([
    ["CAP", quantity()],
    ["CAP_ELISA", elisa],
  ]);
  it("a screening result at or above its cut-off (or detected) is positive; below it is not", () => {
    expect(screeningPositive(elisa, value(0.1))).toBe(true);
    expect(screeningPositive(elisa, value(0.09))).toBe(false);
    expect(screeningPositive(elisa, qualifier("detected"))).toBe(true);
    expect(screeningPositive(elisa, undefined)).toBe(false);
    expect(screeningPositive(quantity(), value(99))).toBe(false);
  });
  it("adds the confirmatory parameter after a positive screening only", () => {
    const codes = (results: Map<string, ResultValue>) =>
      effectivePanel([elisa], catalogue, results).map((parameter) => parameter.code);
    expect(codes(new Map())).toEqual(["CAP_ELISA"]);
    expect(codes(new Map([["CAP_ELISA", value(0.05)]]))).toEqual(["CAP_ELISA"]);
    expect(codes(new Map([["CAP_ELISA", value(0.4)]]))).toEqual(["CAP_ELISA", "CAP"]);
  });
});

describe("judge: every result against every market", () => {
  const eu: MarketSpec = {
    code: "EU",
    name: "European Union",
    specVersionId: 1,
    version: 1,
    limits: { CAP: limit({ max: 0.15, strict: true }) },
  };
  const us: MarketSpec = {
    code: "US",
    name: "United States",
    specVersionId: 2,
    version: 1,
    limits: { CAP: limit({ kind: "not_detected" }) },
  };
  const catalogue = new Map([
    ["CAP", quantity()],
    ["CAP_ELISA", elisa],
  ]);

  it("judges each market on its own: one result passes the EU and fails the US", () => {
    const judgement = judge({
      panel: [quantity()],
      catalogue,
      results: new Map([["CAP", value(0.12)]]),
      markets: [eu, us],
    });
    expect(judgement.markets.map((market) => [market.code, market.verdict])).toEqual([
      ["EU", "pass"],
      ["US", "fail"],
    ]);
    expect(judgement).toMatchObject({ complete: true, result: "failure", missing: [] });
  });

  it("a prohibited substance at or above its LOD fails every market, under a market's limit and where none is set", () => {
    const banned = quantity({ prohibited: true, prohibitedReference: "Reg. (EU) No 37/2010, Table 2" });
    const lab: MarketSpec = { code: "LAB", name: "Lab", specVersionId: 3, version: 1, limits: {} };
    const judged = (result: ResultValue) =>
      judge({
        panel: [banned],
        catalogue: new Map([["CAP", banned]]),
        results: new Map([["CAP", result]]),
        markets: [eu, us, lab],
      });
    // 0.05 is within the EU's 0.15 and there is no LAB limit: still a failure everywhere.
    const found = judged(value(0.05));
    expect(found.parameters[0]?.markets.map((market) => market.verdict)).toEqual(["fail", "fail", "fail"]);
    expect(found.parameters[0]?.prohibitedDetected).toBe(true);
    expect(found).toMatchObject({ complete: true, result: "failure" });
    // Between the LOD and the LOQ it was seen: a failure too.
    expect(judged(qualifier("below_loq")).markets.map((market) => market.verdict)).toEqual([
      "fail",
      "fail",
      "fail",
    ]);
    // Under the LOD, or not detected: judged as any result (no limit where none is set).
    for (const unseen of [value(0.02), qualifier("not_detected")]) {
      const clean = judged(unseen);
      expect(clean.parameters[0]?.prohibitedDetected).toBeUndefined();
      expect(clean.parameters[0]?.markets.map((market) => market.verdict)).toEqual([
        "pass",
        "pass",
        "no_limit",
      ]);
    }
  });

  it("is pending while a result is missing, and success when every market passes", () => {
    const pending = judge({ panel: [quantity()], catalogue, results: new Map(), markets: [eu] });
    expect(pending).toMatchObject({ complete: false, result: null, missing: ["CAP"] });
    expect(pending.markets[0]?.verdict).toBe("pending");
    const passed = judge({
      panel: [quantity()],
      catalogue,
      results: new Map([["CAP", qualifier("not_detected")]]),
      markets: [eu, us],
    });
    expect(passed.result).toBe("success");
  });

  it("a screening positive waits for its confirmation, which then decides", () => {
    const waiting = judge({
      panel: [elisa],
      catalogue,
      results: new Map([["CAP_ELISA", value(0.4)]]),
      markets: [eu],
    });
    expect(waiting).toMatchObject({
      complete: false,
      confirmationsRequired: ["CAP_ELISA"],
      missing: ["CAP"],
    });
    const confirmed = judge({
      panel: [elisa],
      catalogue,
      results: new Map([
        ["CAP_ELISA", value(0.4)],
        ["CAP", value(0.1)],
      ]),
      markets: [eu],
    });
    expect(confirmed).toMatchObject({ complete: true, result: "success", confirmationsRequired: [] });
    expect(confirmed.parameters.map((line) => [line.code, line.markets[0]?.verdict])).toEqual([
      ["CAP_ELISA", "no_limit"],
      ["CAP", "pass"],
    ]);
    // A negative screening is judged as "not detected" against the analyte's limit.
    const negative = judge({
      panel: [elisa],
      catalogue,
      results: new Map([["CAP_ELISA", value(0.05)]]),
      markets: [us],
    });
    expect(negative.parameters[0]?.markets[0]).toMatchObject({ verdict: "pass", limitText: "Not detected" });
  });

  it("a parameter the market sets no limit for neither passes nor fails it", () => {
    const judgement = judge({
      panel: [quantity({ code: "TCS" })],
      catalogue,
      results: new Map([["TCS", value(50)]]),
      markets: [eu],
    });
    expect(judgement.parameters[0]?.markets[0]).toMatchObject({ verdict: "no_limit", limitText: "—" });
    expect(judgement.markets[0]?.verdict).toBe("pass");
  });

  it("judges against the lab's defaults when no market was chosen", () => {
    expect(judgedMarkets([])).toEqual(["LAB"]);
    expect(judgedMarkets(["EU", "US"])).toEqual(["EU", "US"]);
  });
});
