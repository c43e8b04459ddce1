import {
  judge,
  resultProblem,
  type Limit,
  type MarketSpec,
  type Parameter,
  type ResultValue,
} from "@lab/contracts";
import { CATALOGUE_MARKETS, CATALOGUE_PANELS, CATALOGUE_PARAMETERS, catalogueParameter } from "@lab/db";
import { describe, expect, it } from "vitest";

import {
  planSample,
  simulatedConfirmations,
  simulatedResults,
  type SimulatedPlan,
} from "./simulated-results";

// The seeded catalogue as the results module reads it from the database.
const catalogue = new Map<string, Parameter>(
  CATALOGUE_PARAMETERS.map((p) => [p.code, catalogueParameter(p)]),
);
const panelOf = (testType: string): Parameter[] =>
  (CATALOGUE_PANELS[testType] ?? []).flatMap((code) => {
    const parameter = catalogue.get(code);
    return parameter ? [parameter] : [];
  });
const spec = (code: string): MarketSpec => {
  const market = CATALOGUE_MARKETS.find((m) => m.code === code);
  const limits: Record<string, Limit> = {};
  for (const l of market?.limits ?? []) {
    limits[l.parameter] = {
      kind: l.kind,
      min: l.min ?? null,
      max: l.max ?? null,
      strict: l.strict ?? false,
      grade: l.grade ?? null,
      reference: l.reference,
      effectiveFrom: l.effectiveFrom,
    };
  }
  return { code, name: market?.name ?? code, specVersionId: null, version: 1, limits };
};
const EU_US = [spec("EU"), spec("US")];
const LAB = [spec("LAB")];

/** A small seeded generator: the same sequence on every run. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const judgeEntries = (
  panel: Parameter[],
  markets: MarketSpec[],
  entries: { code: string; value?: number; qualifier?: string }[],
) => {
  const results = new Map<string, ResultValue>(
    entries.map((entry) => [entry.code, { value: entry.value ?? null, qualifier: entry.qualifier ?? null }]),
  );
  return judge({ panel, catalogue, results, markets });
};
const verdictOf = (judgement: ReturnType<typeof judge>) =>
  Object.fromEntries(judgement.markets.map((market) => [market.code, market.verdict]));

const PASS: SimulatedPlan = { outcome: "pass", screeningPositive: false };

describe("simulated results", () => {
  it("a clean sample: one valid result per parameter of every panel, and every market passes", () => {
    const random = seeded(7);
    for (const testType of Object.keys(CATALOGUE_PANELS)) {
      const panel = panelOf(testType);
      for (const markets of [EU_US, LAB]) {
        const entries = simulatedResults(panel, markets, PASS, random);
        expect(entries.map((entry) => entry.code)).toEqual(panel.map((parameter) => parameter.code));
        for (const entry of entries) {
          const parameter = catalogue.get(entry.code);
          expect(parameter).toBeDefined();
          if (parameter)
            expect(
              resultProblem(parameter, { value: entry.value ?? null, qualifier: entry.qualifier ?? null }),
              `${testType} ${entry.code}`,
            ).toBeNull();
        }
        const judgement = judgeEntries(panel, markets, entries);
        expect(judgement.complete).toBe(true);
        expect(judgement.result, testType).toBe("success");
      }
    }
  });

  it("every plan on every panel gives results the API accepts (no 400 for the demo analyst)", () => {
    const random = seeded(13);
    const plans: SimulatedPlan[] = [
      { outcome: "fail", screeningPositive: false },
      { outcome: "market_split", screeningPositive: false },
      { outcome: "pass", screeningPositive: true },
    ];
    for (const testType of Object.keys(CATALOGUE_PANELS)) {
      const panel = panelOf(testType);
      for (const markets of [EU_US, LAB, [spec("JP"), spec("CN"), spec("IN")]]) {
        for (const plan of plans) {
          const entries = simulatedResults(panel, markets, plan, random);
          const judgement = judgeEntries(panel, markets, entries);
          const confirmatory = judgement.confirmationsRequired.flatMap((code) => {
            const parameter = catalogue.get(catalogue.get(code)?.confirmWith ?? "");
            return parameter ? [parameter] : [];
          });
          for (const entry of [...entries, ...simulatedConfirmations(confirmatory, markets, random)]) {
            const parameter = catalogue.get(entry.code);
            expect(parameter, entry.code).toBeDefined();
            if (parameter)
              expect(
                resultProblem(parameter, { value: entry.value ?? null, qualifier: entry.qualifier ?? null }),
                `${testType} ${entry.code} ${plan.outcome}`,
              ).toBeNull();
          }
          if (plan.outcome === "fail" && panel.some((p) => p.methodRole !== "screening"))
            expect(judgement.result, `${testType} fail`).not.toBe(null);
        }
      }
    }
  });

  it("residues read mostly not detected; metals stay well under the EU maximum", () => {
    const random = seeded(11);
    const residues = panelOf("Antibiotic Residue Test");
    const metals = panelOf("Heavy Metal Analysis");
    let notDetected = 0;
    let total = 0;
    for (let i = 0; i < 50; i += 1) {
      for (const entry of simulatedResults(residues, EU_US, PASS, random)) {
        total += 1;
        if (entry.qualifier === "not_detected") notDetected += 1;
      }
      for (const entry of simulatedResults(metals, EU_US, PASS, random)) {
        expect(entry.value ?? 0).toBeLessThanOrEqual(0.5 * 0.25);
      }
    }
    expect(notDetected / total).toBeGreaterThan(0.5);
    // Composition reads like shrimp muscle, not like a random number.
    const nutrition = simulatedResults(panelOf("Nutritional Analysis"), LAB, PASS, random);
    const moisture = nutrition.find((entry) => entry.code === "MOISTURE")?.value ?? 0;
    expect(moisture).toBeGreaterThanOrEqual(76);
    expect(moisture).toBeLessThanOrEqual(80);
  });

  it("a failed sample fails every judged market on one parameter, the others stay clean", () => {
    const panel = panelOf("Antibiotic Residue Test");
    const entries = simulatedResults(panel, EU_US, { outcome: "fail", screeningPositive: false }, seeded(3));
    const judgement = judgeEntries(panel, EU_US, entries);
    expect(verdictOf(judgement)).toEqual({ EU: "fail", US: "fail" });
    const failing = judgement.parameters.filter((line) => line.markets.some((m) => m.verdict === "fail"));
    expect(failing).toHaveLength(1);
  });

  it("a market split: a residue within the EU's limit passes the EU and fails the US 'not detected'", () => {
    const panel = panelOf("Antibiotic Residue Test");
    const entries = simulatedResults(
      panel,
      EU_US,
      { outcome: "market_split", screeningPositive: false },
      seeded(5),
    );
    const judgement = judgeEntries(panel, EU_US, entries);
    expect(verdictOf(judgement)).toEqual({ EU: "pass", US: "fail" });
    expect(judgement.result).toBe("failure");
  });

  it("a split the markets cannot tell (the lab's defaults only) becomes a failure", () => {
    const panel = panelOf("Pathogen Detection");
    const entries = simulatedResults(
      panel,
      LAB,
      { outcome: "market_split", screeningPositive: false },
      seeded(9),
    );
    expect(verdictOf(judgeEntries(panel, LAB, entries))).toEqual({ LAB: "fail" });
  });

  it("a screening positive waits for confirmation; its confirmation decides the verdict", () => {
    const panel = panelOf("Chemical Residue Analysis");
    const first = simulatedResults(panel, EU_US, { outcome: "pass", screeningPositive: true }, () => 0.1);
    const screened = judgeEntries(panel, EU_US, first);
    expect(screened.complete).toBe(false);
    expect(screened.confirmationsRequired).toHaveLength(1);
    expect(verdictOf(screened)).toEqual({ EU: "pending", US: "pending" });
    const screening = catalogue.get(screened.confirmationsRequired[0] ?? "");
    const confirmatory = catalogue.get(screening?.confirmWith ?? "");
    expect(confirmatory?.methodRole).toBe("confirmatory");
    if (!confirmatory) return;

    const outcomes = [0.1, 0.6, 0.9].map((roll) => {
      const rolls = [roll, 0.5, 0.5, 0.5];
      const confirmed = simulatedConfirmations([confirmatory], EU_US, () => rolls.shift() ?? 0.5);
      const judgement = judgeEntries(panel, EU_US, [...first, ...confirmed]);
      expect(judgement.complete).toBe(true);
      return verdictOf(judgement);
    });
    // Not confirmed; confirmed at all: the screened residues are prohibited, so a confirmed finding
    // fails every market, under the EU action point too.
    expect(outcomes).toEqual([
      { EU: "pass", US: "pass" },
      { EU: "fail", US: "fail" },
      { EU: "fail", US: "fail" },
    ]);
  });

  it("over many samples about 70 % pass and about one in eight screening panels screens positive", () => {
    const random = seeded(42);
    const panel = panelOf("Chemical Residue Analysis");
    const plans = Array.from({ length: 4000 }, () => planSample(panel, random, 0.7));
    const positive = plans.filter((plan) => plan.screeningPositive).length / plans.length;
    expect(positive).toBeGreaterThan(0.1);
    expect(positive).toBeLessThan(0.15);
    const plain = Array.from({ length: 4000 }, () =>
      planSample(panelOf("Heavy Metal Analysis"), random, 0.7),
    );
    expect(plain.some((plan) => plan.screeningPositive)).toBe(false);
    const passed = plain.filter((plan) => plan.outcome === "pass").length / plain.length;
    expect(passed).toBeGreaterThan(0.65);
    expect(passed).toBeLessThan(0.75);
    expect(plain.filter((plan) => plan.outcome === "market_split").length).toBeGreaterThan(0);
  });
});
