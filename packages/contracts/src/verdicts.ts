// Verdicts are computed, never typed: each parameter's result against each market's limit, and each
// market overall. One function for the API (which stores what it returns on the report) and the
// console (which shows it while the analyst types).
import { message, textOf, type Message } from "./messages";
import {
  LAB_DEFAULT_MARKET,
  resultValueRangeMessage,
  type Judgement,
  type Limit,
  type MarketJudgement,
  type MarketVerdict,
  type Parameter,
  type ParameterLine,
  type ParameterVerdict,
} from "./results";

export interface ResultValue {
  value: number | null;
  qualifier: string | null;
}

export interface MarketSpec {
  code: string;
  name: string;
  specVersionId: number | null;
  version: number | null;
  /** Limits by parameter code. */
  limits: Readonly<Record<string, Limit>>;
}

/** What a result says once read against the parameter's LOD and LOQ. */
type Observation =
  | { type: "value"; value: number }
  | { type: "not_detected" }
  | { type: "below_loq" }
  | { type: "detected" }
  | { type: "grade"; index: number };

const QUALIFIERS_BY_KIND = {
  quantitative: ["not_detected", "below_loq"],
  qualitative: ["not_detected", "detected"],
  qualitative25g: ["absent", "present"],
} as const;

/** The qualifiers (or grades) a parameter accepts. */
export function qualifiersOf(parameter: Parameter): readonly string[] {
  if (parameter.kind === "graded") return parameter.grades ?? [];
  if (parameter.kind === "qualitative")
    return parameter.per25g ? QUALIFIERS_BY_KIND.qualitative25g : QUALIFIERS_BY_KIND.qualitative;
  return QUALIFIERS_BY_KIND.quantitative;
}

/** The grade as the parameter spells it, matched without regard to case. */
const gradeIndex = (parameter: Parameter, grade: string): number =>
  (parameter.grades ?? []).findIndex((g) => g.toLowerCase() === grade.toLowerCase());

/** Quantitative parameters and graded ones scored by number take a value; the others a qualifier. */
const takesValue = (parameter: Parameter): boolean =>
  parameter.kind === "quantitative" || (parameter.kind === "graded" && !parameter.grades);

/**
 * Whether a result fits its parameter: null when it does, else the message. Quantitative: a value or
 * not detected / below LOQ; qualitative: a qualifier only; graded: a grade, or a score when the
 * parameter has no named grades.
 */
export function resultProblemMessage(parameter: Parameter, result: ResultValue): Message | null {
  const { value, qualifier } = result;
  const invalidQualifier = message("resultQualifierInvalid");
  if (value === null && qualifier === null) return message("resultValueOrQualifier");
  if (value !== null && qualifier !== null) return invalidQualifier;
  if (value !== null && takesValue(parameter)) {
    const outOfRange = resultValueRangeMessage(parameter, value);
    if (outOfRange) return outOfRange;
  }
  if (parameter.kind === "qualitative") {
    return qualifier !== null && qualifiersOf(parameter).includes(qualifier) ? null : invalidQualifier;
  }
  if (parameter.kind === "graded") {
    if (parameter.grades) {
      return qualifier !== null && gradeIndex(parameter, qualifier) >= 0 ? null : invalidQualifier;
    }
    return value !== null ? null : message("resultValueInvalid");
  }
  if (qualifier !== null && !qualifiersOf(parameter).includes(qualifier)) return invalidQualifier;
  return null;
}

/** The same in English. */
export function resultProblem(parameter: Parameter, result: ResultValue): string | null {
  const problem = resultProblemMessage(parameter, result);
  return problem === null ? null : textOf(problem);
}

/** A result stored as entered, normalised for judging: a value under the LOD is not detected, under the LOQ below it. */
function observe(parameter: Parameter, result: ResultValue): Observation {
  const { value, qualifier } = result;
  if (parameter.kind === "graded" && parameter.grades && qualifier !== null) {
    return { type: "grade", index: gradeIndex(parameter, qualifier) };
  }
  if (qualifier === "not_detected" || qualifier === "absent") return { type: "not_detected" };
  if (qualifier === "below_loq") return { type: "below_loq" };
  if (qualifier === "detected" || qualifier === "present") return { type: "detected" };
  const v = value ?? 0;
  if (parameter.kind === "quantitative") {
    if (parameter.lod !== null && v < parameter.lod) return { type: "not_detected" };
    if (parameter.loq !== null && v < parameter.loq) return { type: "below_loq" };
  }
  return { type: "value", value: v };
}

const atMost = (value: number, max: number, strict: boolean) => (strict ? value < max : value <= max);
const atLeast = (value: number, min: number, strict: boolean) => (strict ? value > min : value >= min);

/**
 * Whether a result is a prohibited substance seen at all (at or above its LOD): that fails every
 * market, whatever its limit. A screening method's reading is not the finding; its confirmation is.
 */
export function prohibitedSeen(parameter: Parameter, result: ResultValue): boolean {
  return (
    parameter.prohibited === true &&
    parameter.methodRole !== "screening" &&
    observe(parameter, result).type !== "not_detected"
  );
}

/** One observation against one limit. */
export function judgeLimit(parameter: Parameter, result: ResultValue, limit: Limit): "pass" | "fail" {
  const seen = observe(parameter, result);
  const pass = (ok: boolean) => (ok ? "pass" : "fail");
  switch (limit.kind) {
    case "not_detected":
    case "absent_25g":
      return pass(seen.type === "not_detected");
    case "max": {
      if (seen.type === "not_detected") return "pass";
      if (seen.type === "detected") return "fail";
      // Below the LOQ the value is under the LOQ: within a maximum only if the LOQ itself is.
      if (seen.type === "below_loq") return pass(limit.max === null || (parameter.loq ?? 0) <= limit.max);
      if (seen.type === "grade")
        return pass(limit.grade === null || seen.index >= gradeIndex(parameter, limit.grade));
      return pass(limit.max === null || atMost(seen.value, limit.max, limit.strict));
    }
    case "min": {
      if (seen.type === "grade") {
        // Grades run best first: "at least grade A" accepts A and anything listed before it.
        return pass(
          limit.grade === null || (seen.index >= 0 && seen.index <= gradeIndex(parameter, limit.grade)),
        );
      }
      if (seen.type !== "value") return pass(limit.min === null || limit.min <= 0);
      return pass(limit.min === null || atLeast(seen.value, limit.min, limit.strict));
    }
    case "range": {
      if (seen.type === "grade" || seen.type === "detected") return "fail";
      if (seen.type !== "value") {
        return pass(limit.min === null || limit.min <= 0);
      }
      const low = limit.min === null || atLeast(seen.value, limit.min, false);
      const high = limit.max === null || atMost(seen.value, limit.max, limit.strict);
      return pass(low && high);
    }
  }
}

const number = (value: number): string => {
  // Results print as measured, without float noise (0.1 + 0.2), and with Indian-style grouping off.
  const rounded = Number(value.toPrecision(6));
  return String(rounded);
};

/** A result as printed on the certificate and the screens. */
export function displayResult(parameter: Parameter, result: ResultValue): string {
  const seen = observe(parameter, result);
  if (parameter.kind === "graded") return result.qualifier ?? number(result.value ?? 0);
  if (parameter.kind === "qualitative") {
    if (parameter.per25g) return seen.type === "not_detected" ? "Absent in 25 g" : "Present in 25 g";
    return seen.type === "not_detected" ? "Not detected" : "Detected";
  }
  if (result.qualifier === "not_detected") return "Not detected";
  if (result.qualifier === "below_loq")
    return parameter.loq !== null ? `< LOQ (${number(parameter.loq)})` : "< LOQ";
  if (seen.type === "not_detected") return `Not detected (< LOD ${number(parameter.lod ?? 0)})`;
  if (seen.type === "below_loq") return `< LOQ (${number(parameter.loq ?? 0)})`;
  return number(result.value ?? 0);
}

/** A limit as printed: "≤ 0.5", "< 0.15", "≥ A", "6.5–8.5", "Not detected", "Absent in 25 g". */
export function displayLimit(limit: Limit | null): string {
  if (limit === null) return "—";
  switch (limit.kind) {
    case "not_detected":
      return "Not detected";
    case "absent_25g":
      return "Absent in 25 g";
    case "max":
      if (limit.grade !== null) return `≤ ${limit.grade}`;
      return `${limit.strict ? "<" : "≤"} ${number(limit.max ?? 0)}`;
    case "min":
      if (limit.grade !== null) return `≥ ${limit.grade}`;
      return `${limit.strict ? ">" : "≥"} ${number(limit.min ?? 0)}`;
    case "range":
      return `${number(limit.min ?? 0)}–${number(limit.max ?? 0)}`;
  }
}

/** A screening result that asks for its confirmatory method: at or above the cut-off, or detected. */
export function screeningPositive(parameter: Parameter, result: ResultValue | undefined): boolean {
  if (parameter.methodRole !== "screening" || !result) return false;
  if (result.qualifier === "detected" || result.qualifier === "present") return true;
  return result.value !== null && parameter.cutoff !== null && result.value >= parameter.cutoff;
}

/** The market's limit for a parameter; a screening parameter is judged by its analyte's limit. */
const limitFor = (spec: MarketSpec, parameter: Parameter): Limit | null =>
  spec.limits[parameter.code] ??
  (parameter.confirmWith !== null ? spec.limits[parameter.confirmWith] : undefined) ??
  null;

/** The parameters to judge: the panel, and after each positive screening its confirmatory parameter. */
export function effectivePanel(
  panel: readonly Parameter[],
  catalogue: ReadonlyMap<string, Parameter>,
  results: ReadonlyMap<string, ResultValue>,
): Parameter[] {
  const lines: Parameter[] = [];
  const seen = new Set<string>();
  const add = (parameter: Parameter) => {
    if (seen.has(parameter.code)) return;
    seen.add(parameter.code);
    lines.push(parameter);
  };
  for (const parameter of panel) {
    add(parameter);
    const confirm = parameter.confirmWith !== null ? catalogue.get(parameter.confirmWith) : undefined;
    if (confirm && (screeningPositive(parameter, results.get(parameter.code)) || results.has(confirm.code)))
      add(confirm);
  }
  return lines;
}

/**
 * Every result against every market: a line per parameter with its verdict in each market, each
 * market's overall verdict (fail if any parameter fails, pending while any result is missing or a
 * screening positive waits for confirmation), and the report's result once complete. `markets` are
 * the chosen markets, or the lab's default specification when none was chosen.
 */
export function judge(input: {
  panel: readonly Parameter[];
  catalogue: ReadonlyMap<string, Parameter>;
  results: ReadonlyMap<string, ResultValue>;
  markets: readonly MarketSpec[];
}): Judgement {
  const { results, markets } = input;
  const parameters = effectivePanel(input.panel, input.catalogue, results);
  const missing: string[] = [];
  const confirmationsRequired: string[] = [];
  const lines: ParameterLine[] = parameters.map((parameter) => {
    const result = results.get(parameter.code);
    if (!result) missing.push(parameter.code);
    const positive = screeningPositive(parameter, result);
    // A screening positive still waits for its confirmation, which decides.
    const prohibitedDetected = result !== undefined && !positive && prohibitedSeen(parameter, result);
    const confirmation =
      positive && parameter.confirmWith !== null ? results.get(parameter.confirmWith) : undefined;
    if (positive && parameter.confirmWith !== null && !confirmation)
      confirmationsRequired.push(parameter.code);
    return {
      ...parameter,
      result: result ? { ...result, display: displayResult(parameter, result) } : null,
      confirmedBy: positive ? parameter.confirmWith : null,
      ...(prohibitedDetected ? { prohibitedDetected } : {}),
      markets: markets.map((spec) => {
        const limit = limitFor(spec, parameter);
        let verdict: ParameterVerdict;
        if (!result) verdict = "pending";
        else if (prohibitedDetected) verdict = "fail";
        else if (positive) verdict = confirmation ? "no_limit" : "pending";
        else if (limit === null) verdict = "no_limit";
        // A negative screening is a "not detected" by the screening method.
        else if (parameter.methodRole === "screening")
          verdict = judgeLimit(parameter, { value: null, qualifier: "not_detected" }, limit);
        else verdict = judgeLimit(parameter, result, limit);
        return {
          code: spec.code,
          limit,
          limitText: positive && confirmation ? `See ${parameter.confirmWith ?? ""}` : displayLimit(limit),
          verdict,
        };
      }),
    };
  });
  const judged: MarketJudgement[] = markets.map((spec, index) => {
    const verdicts = lines.map((line) => line.markets[index]?.verdict ?? "pending");
    const verdict: MarketVerdict = verdicts.includes("fail")
      ? "fail"
      : verdicts.includes("pending")
        ? "pending"
        : "pass";
    return {
      code: spec.code,
      name: spec.name,
      specVersionId: spec.specVersionId,
      version: spec.version,
      verdict,
    };
  });
  const complete = missing.length === 0 && confirmationsRequired.length === 0;
  return {
    markets: judged,
    parameters: lines,
    complete,
    missing,
    confirmationsRequired,
    result: complete ? (judged.every((market) => market.verdict === "pass") ? "success" : "failure") : null,
  };
}

/** The markets a sample is judged against: the chosen ones, or the lab's defaults. */
export const judgedMarkets = (chosen: readonly string[]): string[] =>
  chosen.length > 0 ? [...chosen] : [LAB_DEFAULT_MARKET];
