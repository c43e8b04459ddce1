// Test fixtures of the console's results screens: a small catalogue, two markets and an analysis.
import {
  judge,
  type Analysis,
  type Limit,
  type Market,
  type Parameter,
  type ResultValue,
} from "@lab/contracts";

const base = {
  unit: null,
  methodRole: "confirmatory",
  lod: null,
  loq: null,
  grades: null,
  per25g: false,
  cutoff: null,
  confirmWith: null,
} as const;

export const CAP: Parameter = {
  ...base,
  code: "CAP",
  name: "Chloramphenicol",
  kind: "quantitative",
  unit: "µg/kg",
  method: "LC-MS/MS",
  lod: 0.03,
  loq: 0.1,
};
export const CAP_ELISA: Parameter = {
  ...base,
  code: "CAP_ELISA",
  name: "Chloramphenicol (screening)",
  kind: "quantitative",
  unit: "µg/kg",
  method: "ELISA",
  methodRole: "screening",
  lod: 0.05,
  loq: 0.1,
  cutoff: 0.1,
  confirmWith: "CAP",
};
export const SALM: Parameter = {
  ...base,
  code: "SALM",
  name: "Salmonella spp.",
  kind: "qualitative",
  method: "ISO 6579-1",
  per25g: true,
};

const limit = (overrides: Partial<Limit>): Limit => ({
  kind: "max",
  min: null,
  max: null,
  strict: false,
  grade: null,
  reference: "Test reference",
  effectiveFrom: "2023-01-01",
  ...overrides,
});

export const markets: Market[] = [
  {
    code: "EU",
    name: "European Union",
    customerId: null,
    current: {
      id: 1,
      market: "EU",
      version: 1,
      effectiveFrom: "2023-05-25",
      reference: "EU food law",
      note: "",
      used: false,
      limits: {
        CAP: limit({ kind: "max", max: 0.15, strict: true }),
        SALM: limit({ kind: "absent_25g" }),
      },
    },
  },
  {
    code: "US",
    name: "United States",
    customerId: null,
    current: {
      id: 2,
      market: "US",
      version: 1,
      effectiveFrom: "2023-01-01",
      reference: "21 CFR",
      note: "",
      used: true,
      limits: { CAP: limit({ kind: "max", max: 0.3 }) },
    },
  },
];

/** An analysis the server could answer, judged by the same engine. */
export function makeAnalysis(
  panel: readonly Parameter[],
  results: Record<string, ResultValue>,
  overrides: Partial<Analysis> = {},
): Analysis {
  const catalogue = new Map([CAP, CAP_ELISA, SALM].map((parameter) => [parameter.code, parameter]));
  const judgement = judge({
    panel,
    catalogue,
    results: new Map(Object.entries(results)),
    markets: markets.map((market) => ({
      code: market.code,
      name: market.name,
      specVersionId: market.current?.id ?? null,
      version: market.current?.version ?? null,
      limits: market.current?.limits ?? {},
    })),
  });
  return {
    round: 1,
    state: "awaiting_review",
    judgement,
    enteredBy: [{ id: 2, name: "Anil Analyst" }],
    returnedNote: null,
    results: Object.entries(results).map(([code, result]) => ({
      code,
      value: result.value,
      qualifier: result.qualifier,
      enteredBy: "Anil Analyst",
      enteredAt: "2026-02-03T08:00:00.000Z",
    })),
    ...overrides,
  };
}
