// Pure checks of the seeded catalogue: every test type has a panel, every code resolves, every limit
// is cited and can be shown compliant by the method that measures it.
import { readFileSync } from "node:fs";

import {
  BUILTIN_MARKETS,
  GRADE_MAX,
  LAB_DEFAULT_MARKET,
  MARKET_CODE_PATTERN,
  PARAMETER_CODE_PATTERN,
  REFERENCE_MAX,
  SHRIMP_CATEGORIES,
  parameterInputSchema,
} from "@lab/contracts";
import { describe, expect, it } from "vitest";

import {
  CATALOGUE_MARKETS,
  CATALOGUE_PANELS,
  CATALOGUE_PARAMETERS,
  DESCRIPTIVE_PARAMETERS,
  type CatalogueParameter,
} from "./catalogue-data";

const byCode = new Map(CATALOGUE_PARAMETERS.map((p) => [p.code, p]));
const parameter = (code: string): CatalogueParameter => {
  const found = byCode.get(code);
  if (!found) throw new Error(`unknown parameter ${code}`);
  return found;
};
const allLimits = CATALOGUE_MARKETS.flatMap((market) => market.limits.map((limit) => ({ market, limit })));
const lab = CATALOGUE_MARKETS.find((market) => market.code === LAB_DEFAULT_MARKET);
const testTypes = Object.values(SHRIMP_CATEGORIES).flat();
const isoDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The codes other modules and tests build on: they keep their meaning. */
const KEPT = {
  parameters:
    "CAP AOZ AMOZ AHD SEM MG_LMG TCS ENR_CIP CAP_ELISA AOZ_ELISA PB CD HG WSSV EHP AHPND IHHNV TPC ECOLI SALM VIBRIO",
  markets: "EU US JP CN IN LAB",
};

describe("catalogue panels", () => {
  it("every one of the 36 test types has a panel, and no panel names an unknown test type", () => {
    expect(testTypes).toHaveLength(36);
    for (const testType of testTypes)
      expect(CATALOGUE_PANELS[testType]?.length ?? 0, testType).toBeGreaterThan(0);
    expect(Object.keys(CATALOGUE_PANELS).sort()).toEqual([...new Set(testTypes)].sort());
  });

  it("panels list known parameters, each once, and never a confirmatory parameter's screening twin alone", () => {
    for (const [testType, codes] of Object.entries(CATALOGUE_PANELS)) {
      expect(new Set(codes).size, testType).toBe(codes.length);
      for (const code of codes) expect(byCode.has(code), `${testType}: ${code}`).toBe(true);
    }
  });

  it("every parameter belongs to at least one panel", () => {
    const used = new Set(Object.values(CATALOGUE_PANELS).flat());
    const confirmatory = new Set(CATALOGUE_PARAMETERS.flatMap((p) => (p.confirmWith ? [p.confirmWith] : [])));
    for (const { code } of CATALOGUE_PARAMETERS)
      expect(used.has(code) || confirmatory.has(code), code).toBe(true);
  });
});

describe("catalogue parameters", () => {
  it("keeps the codes others build on", () => {
    for (const code of KEPT.parameters.split(" ")) expect(byCode.has(code), code).toBe(true);
    expect(parameter("CAP").unit).toBe("µg/kg");
    expect(parameter("SALM").per25g).toBe(true);
    expect(parameter("CAP_ELISA").confirmWith).toBe("CAP");
    expect(parameter("AOZ_ELISA").confirmWith).toBe("AOZ");
  });

  it("the banned residues are prohibited, each with the rule that bans it, and nothing else is", () => {
    const banned = CATALOGUE_PARAMETERS.filter((p) => p.prohibitedReference !== undefined).map((p) => p.code);
    expect(banned.sort()).toEqual(["AHD", "AMOZ", "AOZ", "CAP", "MG_LMG", "SEM"]);
    for (const code of banned)
      expect(parameter(code).prohibitedReference).toMatch(/^Prohibited: .*(Reg\. \(EU\)).*CAA/);
    // The migration that flags databases seeded earlier says the same.
    const migration = readFileSync(
      new URL("../../migrations/0022_prohibited_substances.sql", import.meta.url),
      "utf8",
    );
    for (const code of banned) {
      expect(migration).toContain(`'${code}'`);
      expect(migration).toContain(parameter(code).prohibitedReference);
    }
  });

  it("codes are unique and match the parameter code pattern", () => {
    expect(byCode.size).toBe(CATALOGUE_PARAMETERS.length);
    for (const { code } of CATALOGUE_PARAMETERS) expect(code, code).toMatch(PARAMETER_CODE_PATTERN);
  });

  it("every parameter is one staff could have entered through the catalogue API", () => {
    for (const p of CATALOGUE_PARAMETERS) {
      const parsed = parameterInputSchema.safeParse(p);
      expect(parsed.success, `${p.code}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it("quantitative parameters have a unit, and an LOD at or under the LOQ", () => {
    for (const p of CATALOGUE_PARAMETERS.filter((q) => q.kind === "quantitative")) {
      expect(p.unit, p.code).toBeTruthy();
      if (p.lod !== undefined && p.loq !== undefined) expect(p.lod, p.code).toBeLessThanOrEqual(p.loq);
      expect(p.grades, p.code).toBeUndefined();
      expect(p.per25g, p.code).toBeUndefined();
    }
  });

  it("qualitative parameters have no unit, LOD, LOQ or grades", () => {
    for (const p of CATALOGUE_PARAMETERS.filter((q) => q.kind === "qualitative")) {
      expect([p.unit, p.lod, p.loq, p.grades], p.code).toEqual([undefined, undefined, undefined, undefined]);
    }
  });

  it("graded parameters have named grades (distinct, short) or a score unit, never both", () => {
    for (const p of CATALOGUE_PARAMETERS.filter((q) => q.kind === "graded")) {
      if (p.grades) {
        expect(p.unit, p.code).toBeUndefined();
        expect(p.grades.length, p.code).toBeGreaterThanOrEqual(2);
        expect(new Set(p.grades.map((g) => g.toLowerCase())).size, p.code).toBe(p.grades.length);
        for (const grade of p.grades) expect(grade.length, grade).toBeLessThanOrEqual(GRADE_MAX);
      } else {
        expect(p.unit, p.code).toBeTruthy();
      }
    }
  });

  it("screening parameters have a cut-off and an existing confirmatory parameter of the same unit", () => {
    const screening = CATALOGUE_PARAMETERS.filter((p) => p.methodRole === "screening");
    expect(screening.length).toBeGreaterThan(0);
    for (const p of screening) {
      expect(p.cutoff, p.code).toBeGreaterThan(0);
      const confirm = parameter(p.confirmWith ?? "");
      expect(confirm.methodRole ?? "confirmatory", p.code).toBe("confirmatory");
      expect(confirm.unit, p.code).toBe(p.unit);
    }
    for (const p of CATALOGUE_PARAMETERS.filter((q) => q.methodRole !== "screening")) {
      expect([p.cutoff, p.confirmWith], p.code).toEqual([undefined, undefined]);
    }
  });
});

describe("catalogue markets", () => {
  it("seeds the built-in markets and the lab's defaults, each with a version date and the confirmation note", () => {
    expect(CATALOGUE_MARKETS.map((m) => m.code).sort()).toEqual(KEPT.markets.split(" ").sort());
    expect([...BUILTIN_MARKETS, LAB_DEFAULT_MARKET].sort()).toEqual(KEPT.markets.split(" ").sort());
    for (const market of CATALOGUE_MARKETS) {
      expect(market.code).toMatch(MARKET_CODE_PATTERN);
      expect(isoDate(market.effectiveFrom), market.code).toBe(true);
      expect(market.note, market.code).toMatch(/must confirm every limit/);
      expect(market.reference.length, market.code).toBeLessThanOrEqual(REFERENCE_MAX);
    }
  });

  it("every limit names a known parameter once per market, with a reference and an ISO date", () => {
    for (const market of CATALOGUE_MARKETS) {
      const codes = market.limits.map((limit) => limit.parameter);
      expect(new Set(codes).size, market.code).toBe(codes.length);
    }
    for (const { market, limit } of allLimits) {
      const where = `${market.code} ${limit.parameter}`;
      expect(byCode.has(limit.parameter), where).toBe(true);
      expect(limit.reference.trim().length, where).toBeGreaterThan(10);
      expect(limit.reference.length, where).toBeLessThanOrEqual(REFERENCE_MAX);
      expect(isoDate(limit.effectiveFrom), where).toBe(true);
    }
  });

  it("each limit kind carries the values it needs and suits its parameter", () => {
    for (const { market, limit } of allLimits) {
      const where = `${market.code} ${limit.parameter}`;
      const p = parameter(limit.parameter);
      switch (limit.kind) {
        case "max":
          expect(limit.max, where).toBeGreaterThan(0);
          expect(p.kind === "quantitative" || (p.kind === "graded" && !p.grades), where).toBe(true);
          break;
        case "min":
          if (p.grades) expect(p.grades, where).toContain(limit.grade);
          else expect(limit.min, where).toBeGreaterThan(0);
          break;
        case "range":
          expect(limit.min ?? Infinity, where).toBeLessThan(limit.max ?? -Infinity);
          break;
        case "not_detected":
          expect(p.kind === "graded" || p.per25g === true, where).toBe(false);
          break;
        case "absent_25g":
          expect(p.per25g, where).toBe(true);
          break;
      }
      if (limit.kind !== "max" && limit.kind !== "range") expect(limit.strict, where).toBeUndefined();
    }
  });

  it("a per-25 g parameter is judged only by 'absent in 25 g'", () => {
    for (const { market, limit } of allLimits) {
      if (parameter(limit.parameter).per25g)
        expect(limit.kind, `${market.code} ${limit.parameter}`).toBe("absent_25g");
    }
  });

  it("every maximum sits above the LOQ, so a result under the LOQ can show compliance", () => {
    for (const { market, limit } of allLimits) {
      const p = parameter(limit.parameter);
      if (limit.kind === "max" && limit.max !== undefined && p.loq !== undefined)
        expect(p.loq, `${market.code} ${limit.parameter}`).toBeLessThan(limit.max);
    }
  });

  it("the EU reference points for action are strict and at the values of Regulation (EU) 2019/1871", () => {
    const eu = CATALOGUE_MARKETS.find((market) => market.code === "EU");
    const rpa = Object.fromEntries(
      (eu?.limits ?? []).filter((limit) => limit.strict).map((limit) => [limit.parameter, limit.max]),
    );
    expect(rpa).toEqual({ CAP: 0.15, AOZ: 0.5, AMOZ: 0.5, AHD: 0.5, SEM: 0.5, MG_LMG: 0.5 });
  });

  it("the lab's defaults judge every parameter that can pass or fail, and are marked as the lab's criteria", () => {
    expect(lab).toBeDefined();
    const judged = new Set(lab?.limits.map((limit) => limit.parameter));
    for (const p of CATALOGUE_PARAMETERS) {
      // A screening parameter is judged by its confirmatory parameter's limit.
      const code = p.confirmWith ?? p.code;
      if (DESCRIPTIVE_PARAMETERS[p.code] !== undefined)
        expect(judged.has(code), `${p.code} is descriptive`).toBe(false);
      else expect(judged.has(code), `LAB has no criterion for ${p.code}`).toBe(true);
    }
    for (const code of Object.keys(DESCRIPTIVE_PARAMETERS)) expect(byCode.has(code), code).toBe(true);
    for (const limit of lab?.limits ?? []) expect(limit.reference, limit.parameter).toMatch(/^Lab criterion/);
  });

  it("the lab's defaults cover every pathogen, parasite and residue", () => {
    const judged = new Set(lab?.limits.map((limit) => limit.parameter));
    const mustJudge = CATALOGUE_PARAMETERS.filter(
      (p) => p.kind === "qualitative" || /LC-MS|ICP-MS|GC-/.test(p.method),
    ).filter((p) => DESCRIPTIVE_PARAMETERS[p.code] === undefined);
    expect(mustJudge.length).toBeGreaterThan(20);
    for (const p of mustJudge) expect(judged.has(p.code), p.code).toBe(true);
    for (const p of CATALOGUE_PARAMETERS.filter((q) => q.kind === "qualitative"))
      expect(DESCRIPTIVE_PARAMETERS[p.code], p.code).toBeUndefined();
  });

  it("a market that bans a substance uses 'not detected'; only the EU and the lab use strict action points", () => {
    for (const { market, limit } of allLimits) {
      if (limit.strict) expect(["EU", LAB_DEFAULT_MARKET], limit.parameter).toContain(market.code);
    }
  });
});

describe("docs/certified-results.md", () => {
  const docs = readFileSync(new URL("../../../../docs/certified-results.md", import.meta.url), "utf8");
  // Prettier pads table cells, so a row is matched cell by cell with any spacing.
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const row = (...cells: string[]) => new RegExp(`\\| ${cells.map(escape).join(" +\\| ")} +\\|`);

  it("has a table for every panel and every market, and lists every seeded limit with its reference", () => {
    for (const testType of testTypes) expect(docs, testType).toContain(`#### ${testType}\n`);
    for (const market of CATALOGUE_MARKETS) {
      expect(docs, market.code).toContain(`### ${market.code} — ${market.name}`);
      for (const limit of market.limits)
        expect(docs, `${market.code} ${limit.parameter}`).toMatch(
          new RegExp(
            `\\| ${limit.parameter} +\\| [^|]+\\| ${escape(limit.reference)} +\\| ${limit.effectiveFrom} +\\|`,
          ),
        );
    }
    for (const code of Object.keys(DESCRIPTIVE_PARAMETERS)) expect(docs, code).toMatch(row(code));
    expect(docs).toMatch(/must confirm every limit/);
  });
});
