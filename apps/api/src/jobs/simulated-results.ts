// The demo lab's results: plausible values for each parameter of a sample's panel, judged
// by the same limits the lab's verdict engine reads. Pure: every choice comes from the injected random.
import type { Limit, MarketSpec, Parameter, ResultEntry } from "@lab/contracts";
import { judgeLimit, prohibitedSeen, resultValueRange, screeningPositive } from "@lab/contracts";

/**
 * How a sample's story ends: within every limit; outside a limit in every market that sets one;
 * within one market's limit but not another's (a residue within the EU's limit that the US
 * does not tolerate at all).
 */
export type SimulatedOutcome = "pass" | "fail" | "market_split";

export interface SimulatedPlan {
  outcome: SimulatedOutcome;
  /** A screening parameter comes back positive: its confirmation follows on a later pass. */
  screeningPositive: boolean;
}

type Entry = ResultEntry;
type Value = { value: number | null; qualifier: string | null };

/** About one sample in eight with a screening parameter screens positive. */
export const SCREENING_POSITIVE_RATE = 1 / 8;
/** Of the samples that do not pass, the share that fails one market only (when the markets differ). */
const SPLIT_SHARE = 0.35;

/**
 * Typical readings of farmed shrimp for parameters whose markets set no bounds (composition, quality
 * and texture measurements): a demo certificate should read like one from a real lab.
 */
const TYPICAL: Readonly<Record<string, readonly [number, number]>> = {
  MOISTURE: [76, 80],
  PROTEIN: [17, 21],
  FAT: [0.8, 1.8],
  ASH: [1.2, 1.8],
  ENERGY: [80, 100],
  EPA_DHA: [0.2, 0.5],
  TMAN: [0.5, 3],
  K_VALUE: [8, 25],
  HX: [0.2, 1.5],
  PH: [6.8, 7.4],
  TBARS: [0.2, 1],
  PV: [0.5, 3],
  FFA: [0.5, 2],
  PSYCHRO: [100, 5000],
  H2S_BACT: [10, 500],
  COLIFORMS: [10, 100],
  PSEUDOMONAS: [100, 3000],
  ENTEROBACT: [10, 200],
  VIBRIO: [10, 300],
  COUNT_PER_KG: [30, 70],
  UNIFORMITY: [1.1, 1.4],
  GLAZE: [5, 15],
  DEFECTS: [0, 3],
  CHALLENGE_SURVIVAL: [70, 95],
  HETEROZYGOSITY: [0.6, 0.8],
  ALLELES: [8, 14],
  WATER_PROTEIN: [3.8, 4.4],
  SHEAR_FORCE: [8, 15],
  HARDNESS: [20, 40],
  DRIP_LOSS: [1, 5],
  CU: [2, 8],
  ZN: [10, 20],
  FE: [3, 15],
  SE: [0.3, 0.7],
  AS_TOTAL: [1, 5],
  ASTAXANTHIN: [10, 40],
  SWEETNESS: [6, 8.5],
  IMP: [2, 10],
  SALT: [0.3, 1.2],
  SODIUM: [150, 400],
  AW: [0.98, 0.995],
  PHOSPHATE: [1.5, 4],
  COLOUR_L: [50, 65],
  CHROMA: [10, 25],
  HUE: [40, 70],
  TOCOPHEROL: [1, 2.5],
  DPPH: [50, 150],
};

const toEntry = (code: string, result: Value): Entry =>
  result.qualifier !== null ? { code, qualifier: result.qualifier } : { code, value: result.value ?? 0 };

/** Three significant figures: a measured value, not float noise. */
const measured = (value: number): number => Number(value.toPrecision(3));

/** The limits of the judged markets for this parameter (a screening parameter reads its analyte's). */
function limitsOf(parameter: Parameter, markets: readonly MarketSpec[]): Limit[] {
  return markets.flatMap((spec) => {
    const limit =
      spec.limits[parameter.code] ??
      (parameter.confirmWith !== null ? spec.limits[parameter.confirmWith] : undefined);
    return limit ? [limit] : [];
  });
}

// A prohibited substance seen at all fails every market, as the report judges it.
const verdicts = (parameter: Parameter, result: Value, limits: readonly Limit[]) =>
  limits.map((limit) => (prohibitedSeen(parameter, result) ? "fail" : judgeLimit(parameter, result, limit)));
const passesAll = (parameter: Parameter, result: Value, limits: readonly Limit[]) =>
  verdicts(parameter, result, limits).every((verdict) => verdict === "pass");
const failsAll = (parameter: Parameter, result: Value, limits: readonly Limit[]) =>
  limits.length > 0 && verdicts(parameter, result, limits).every((verdict) => verdict === "fail");
const splits = (parameter: Parameter, result: Value, limits: readonly Limit[]) => {
  const seen = verdicts(parameter, result, limits);
  return seen.includes("pass") && seen.includes("fail");
};

const q = (qualifier: string): Value => ({ value: null, qualifier });
const v = (value: number): Value => ({ value: measured(value), qualifier: null });

/** What this parameter's analyte reads in a clean sample: residues mostly not detected, counts low. */
function cleanCandidates(parameter: Parameter, limits: readonly Limit[], random: () => number): Value[] {
  const typical = TYPICAL[parameter.code];
  if (typical && parameter.kind !== "qualitative" && !parameter.grades) {
    const [low, high] = typical;
    return [v(low + random() * (high - low)), ...cleanFallbacks(parameter, limits, random)];
  }
  return cleanFallbacks(parameter, limits, random);
}

function cleanFallbacks(parameter: Parameter, limits: readonly Limit[], random: () => number): Value[] {
  if (parameter.kind === "qualitative") return [q(parameter.per25g ? "absent" : "not_detected")];
  if (parameter.kind === "graded") {
    const grades = parameter.grades ?? [];
    if (grades.length > 0) {
      // Mostly the best grade, sometimes the next one when every market still accepts it.
      const first = grades[0] ?? "";
      const second = grades[1];
      return random() < 0.7 || second === undefined ? [q(first)] : [q(second), q(first)];
    }
    const min = Math.max(0, ...limits.map((limit) => limit.min ?? 0));
    // A score: high is usually good; a market that caps it (a defect score) takes a low one.
    return [v(Math.max(min + 1, 7) + random() * 2), v(min * 1.2 + 1), v(0)];
  }
  const floor = parameter.loq ?? parameter.lod ?? 0;
  const residue =
    parameter.methodRole === "screening" || limits.some((limit) => limit.kind === "not_detected");
  if (residue || /LC-MS|ELISA/.test(parameter.method)) {
    return random() < 0.7 ? [q("not_detected"), q("below_loq")] : [q("below_loq"), q("not_detected")];
  }
  const maxima = limits.flatMap((limit) =>
    limit.kind === "max" || limit.kind === "range" ? (limit.max !== null ? [limit.max] : []) : [],
  );
  const minima = limits.flatMap((limit) => (limit.min !== null ? [limit.min] : []));
  const candidates: Value[] = [];
  if (minima.length > 0) {
    const low = Math.max(...minima);
    const high = maxima.length > 0 ? Math.min(...maxima) : low * 1.5;
    candidates.push(v(low + (high - low) * (0.3 + random() * 0.4)));
  } else if (maxima.length > 0) {
    // Well under the tightest maximum: a quarter of it at most, above the LOQ.
    const max = Math.min(...maxima);
    candidates.push(v(Math.max(floor, 0) + random() * Math.max(max * 0.25 - floor, 0)));
  } else if (parameter.unit === "cfu/g") {
    candidates.push(v(10 ** (1.5 + random() * 2)));
  } else if (parameter.unit === "%" || parameter.unit === "g/100 g") {
    candidates.push(v(1 + random() * 20));
  } else {
    candidates.push(v(Math.max(floor, 0.1) * (2 + random() * 8)));
  }
  candidates.push(q("below_loq"), q("not_detected"));
  return candidates;
}

/** A reading outside the limit in every judged market that sets one. */
function failingCandidates(parameter: Parameter, limits: readonly Limit[], random: () => number): Value[] {
  if (parameter.kind === "qualitative") return [q(parameter.per25g ? "present" : "detected")];
  if (parameter.kind === "graded" && parameter.grades) {
    return [...parameter.grades].reverse().map((grade) => q(grade));
  }
  const floor = parameter.loq ?? parameter.lod ?? 0;
  const candidates: Value[] = [];
  const maxima = limits.flatMap((limit) => (limit.max !== null ? [limit.max] : []));
  const minima = limits.flatMap((limit) => (limit.min !== null && limit.min > 0 ? [limit.min] : []));
  // Never past what the unit allows (a 0–10 score tops out at 10), which the API would refuse.
  const ceiling = resultValueRange(parameter).max;
  if (maxima.length > 0) candidates.push(v(Math.min(Math.max(...maxima) * (1.5 + random() * 2), ceiling)));
  if (minima.length > 0) candidates.push(v(Math.min(...minima) * (0.4 + random() * 0.3)));
  candidates.push(v(Math.max(floor, 0.01) * (2 + random() * 3)));
  return candidates;
}

/** A reading that one judged market accepts and another refuses, if there is one. */
function splitCandidates(parameter: Parameter, limits: readonly Limit[], random: () => number): Value[] {
  if (parameter.kind !== "quantitative") return [];
  const floor = Math.max(parameter.loq ?? 0, parameter.lod ?? 0);
  return limits.flatMap((limit) =>
    limit.max !== null && limit.max > floor ? [v(floor + (limit.max - floor) * (0.3 + random() * 0.4))] : [],
  );
}

const pick = <T>(items: readonly T[], random: () => number): T | undefined =>
  items[Math.min(items.length - 1, Math.floor(random() * items.length))];

/** The sample's story, decided once on its first pass. */
export function planSample(
  panel: readonly Parameter[],
  random: () => number,
  passRate: number,
): SimulatedPlan {
  const hasScreening = panel.some((parameter) => parameter.methodRole === "screening");
  const positive = hasScreening && random() < SCREENING_POSITIVE_RATE;
  // A screening positive tells its own story in the confirmation; the rest of the panel is clean.
  if (positive) return { outcome: "pass", screeningPositive: true };
  if (random() < passRate) return { outcome: "pass", screeningPositive: false };
  return { outcome: random() < SPLIT_SHARE ? "market_split" : "fail", screeningPositive: false };
}

/**
 * The first results of a sample: one per parameter of its panel, as the plan says. A plan that the
 * panel and markets cannot tell (no limit to fail, no two markets that differ) ends as a pass, or as
 * a failure instead of a split.
 */
export function simulatedResults(
  panel: readonly Parameter[],
  markets: readonly MarketSpec[],
  plan: SimulatedPlan,
  random: () => number = Math.random,
): Entry[] {
  const readings = new Map<string, Value>();
  for (const parameter of panel) {
    const limits = limitsOf(parameter, markets);
    const clean = cleanCandidates(parameter, limits, random);
    const result = clean.find((candidate) => passesAll(parameter, candidate, limits)) ?? clean[0];
    if (result) readings.set(parameter.code, result);
  }
  const judged = panel.filter((parameter) => parameter.methodRole !== "screening");
  const choose = (
    candidatesOf: (parameter: Parameter, limits: readonly Limit[]) => Value[],
    accept: (parameter: Parameter, result: Value, limits: readonly Limit[]) => boolean,
  ): boolean => {
    const options = judged.flatMap((parameter) => {
      const limits = limitsOf(parameter, markets);
      const result = candidatesOf(parameter, limits).find((candidate) =>
        accept(parameter, candidate, limits),
      );
      return result ? [{ parameter, result }] : [];
    });
    const chosen = pick(options, random);
    if (chosen) readings.set(chosen.parameter.code, chosen.result);
    return chosen !== undefined;
  };
  const splitting = (parameter: Parameter, limits: readonly Limit[]) =>
    splitCandidates(parameter, limits, random);
  const failing = (parameter: Parameter, limits: readonly Limit[]) =>
    failingCandidates(parameter, limits, random);
  if (plan.outcome === "market_split" && !choose(splitting, splits)) choose(failing, failsAll);
  if (plan.outcome === "fail") choose(failing, failsAll);
  if (plan.screeningPositive) {
    const screening = pick(
      panel.filter((parameter) => parameter.methodRole === "screening" && parameter.confirmWith !== null),
      random,
    );
    if (screening) {
      const positive =
        screening.kind === "qualitative"
          ? q("detected")
          : v((screening.cutoff ?? screening.loq ?? 0.1) * (1.2 + random() * 2));
      if (screeningPositive(screening, positive)) readings.set(screening.code, positive);
    }
  }
  return panel.flatMap((parameter) => {
    const result = readings.get(parameter.code);
    return result ? [toEntry(parameter.code, result)] : [];
  });
}

/**
 * The confirmatory results of screening positives: about half are not confirmed (the screen's false
 * positive), a quarter confirm below one market's limit but not another's, a quarter above every limit.
 */
export function simulatedConfirmations(
  confirmatory: readonly Parameter[],
  markets: readonly MarketSpec[],
  random: () => number = Math.random,
): Entry[] {
  return confirmatory.map((parameter) => {
    const limits = limitsOf(parameter, markets);
    const roll = random();
    const clean = cleanCandidates(parameter, limits, random);
    const cleanResult = clean.find((candidate) => passesAll(parameter, candidate, limits)) ?? clean[0];
    let result: Value | undefined;
    if (roll >= 0.5 && roll < 0.75)
      result = splitCandidates(parameter, limits, random).find((candidate) =>
        splits(parameter, candidate, limits),
      );
    if (roll >= 0.75 || (roll >= 0.5 && result === undefined))
      result = failingCandidates(parameter, limits, random).find((candidate) =>
        failsAll(parameter, candidate, limits),
      );
    return toEntry(parameter.code, result ?? cleanResult ?? q("not_detected"));
  });
}
