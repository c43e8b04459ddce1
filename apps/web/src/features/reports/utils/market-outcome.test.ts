import { describe, expect, it } from "vitest";

import { makeParameterLine, makeReport } from "@/testing/report-fixtures";

import { groupByPanel, marketOutcome } from "./market-outcome";

const markets = (eu: "pass" | "fail", us: "pass" | "fail") => [
  { code: "EU", name: "European Union", specVersionId: 3, version: 3, verdict: eu },
  { code: "US", name: "United States", specVersionId: 5, version: 1, verdict: us },
];

describe("marketOutcome", () => {
  it("EU passed, US failed, with a number: certifies the EU only, names the failing line", () => {
    const outcome = marketOutcome(
      makeReport({ markets: markets("pass", "fail"), parameters: [makeParameterLine()] }),
    );
    expect(outcome).toMatchObject({
      passed: ["EU"],
      failed: ["US"],
      certified: ["EU"],
      notCertified: ["US"],
      certification: "NSP-CERT-2026-007",
    });
    // The fixture line fails the EU: it is listed with that market's limit.
    expect(outcome.failing).toEqual([
      {
        code: "CAP",
        name: "Chloramphenicol",
        result: "0.2",
        unit: "µg/kg",
        markets: [{ code: "EU", limitText: "< 0.15" }],
      },
    ]);
  });

  it("without a number nothing is certified", () => {
    const report = makeReport({ markets: markets("pass", "fail") });
    const outcome = marketOutcome({ ...report, details: { ...report.details, certification: null } });
    expect(outcome.certified).toEqual([]);
    expect(outcome.notCertified).toEqual(["EU", "US"]);
  });

  it("the server's scope wins when it sends one", () => {
    const outcome = marketOutcome(
      makeReport({ markets: markets("pass", "pass"), certifiedMarkets: ["US"], notCertifiedMarkets: ["EU"] }),
    );
    expect(outcome.certified).toEqual(["US"]);
  });
});

describe("groupByPanel", () => {
  const cap = makeParameterLine({ code: "CAP" });
  const screening = makeParameterLine({ code: "CAP_ELISA", confirmWith: "CAP", confirmedBy: "CAP" });
  const pb = makeParameterLine({ code: "PB" });
  const extra = makeParameterLine({ code: "STAFF_X" });

  it("each line under its panel, a confirmation beside its screening, the rest under other", () => {
    const groups = groupByPanel(
      [screening, cap, pb, extra],
      [
        { testType: "Chemical Residue Analysis", codes: ["CAP_ELISA"] },
        { testType: "Heavy Metal Analysis", codes: ["PB"] },
        { testType: "Empty", codes: [] },
      ],
    );
    expect(groups.map((group) => [group.testType, group.lines.map((line) => line.code)])).toEqual([
      ["Chemical Residue Analysis", ["CAP_ELISA", "CAP"]],
      ["Heavy Metal Analysis", ["PB"]],
      [null, ["STAFF_X"]],
    ]);
  });

  it("no panels: one group of every line", () => {
    expect(groupByPanel([cap, pb], undefined)).toEqual([{ testType: null, lines: [cap, pb] }]);
  });
});
