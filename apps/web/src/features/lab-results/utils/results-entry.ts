// The results entry of the console: one entry per parameter of the panel, what it posts,
// and the judgement the server will compute, computed here with the same engine while the analyst types.
import {
  judge,
  judgedMarkets,
  qualifiersOf,
  resultProblem,
  type Analysis,
  type EnterResultsRequest,
  type Judgement,
  type Market,
  type MarketSpec,
  type Parameter,
  type ResultValue,
} from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { translate } from "@/lib/i18n/i18n";

/** A number typed as measured: "0.12" (a comma for the decimal point is accepted too). */
export const VALUE_CHOICE = "value";

export interface Entry {
  /** "value" (a number in `value`), a qualifier, a grade, or "" while nothing is chosen. */
  choice: string;
  value: string;
}

export type Entries = Record<string, Entry>;

/** Whether the parameter takes a typed number: quantitative, or graded by a score. */
export const takesNumber = (parameter: Parameter): boolean =>
  parameter.kind === "quantitative" || (parameter.kind === "graded" && !parameter.grades);

/** The choices a parameter offers, with their labels in the reader's language, in the order shown. */
export function choicesOf(parameter: Parameter): { value: string; label: string }[] {
  if (parameter.kind === "quantitative") {
    return [
      { value: VALUE_CHOICE, label: translate("lab.entry.value") },
      { value: "below_loq", label: translate("lab.qualifier.below_loq") },
      { value: "not_detected", label: translate("lab.qualifier.not_detected") },
    ];
  }
  if (parameter.kind === "graded") {
    return parameter.grades ? parameter.grades.map((grade) => ({ value: grade, label: grade })) : [];
  }
  return qualifiersOf(parameter).map((qualifier) => {
    const key = QUALIFIER_LABELS[qualifier];
    return { value: qualifier, label: key ? translate(key) : qualifier };
  });
}

const QUALIFIER_LABELS: Partial<Record<string, MessageKey<"lab">>> = {
  detected: "lab.qualifier.detected",
  not_detected: "lab.qualifier.not_detected",
  absent: "lab.qualifier.absent",
  present: "lab.qualifier.present",
  below_loq: "lab.qualifier.below_loq",
};

export const emptyEntry = (parameter: Parameter): Entry => ({
  choice: takesNumber(parameter) ? VALUE_CHOICE : "",
  value: "",
});

/**
 * "0,12" → 0.12; "−2.5" → -2.5 (a temperature; the parameter's range decides whether a sign is
 * allowed); "" → null; anything else that is not a plain number → NaN.
 */
export function parseNumber(text: string): number | null {
  const trimmed = text
    .trim()
    .replace(",", ".")
    .replace(/^\u2212/, "-");
  if (trimmed === "") return null;
  return /^-?(?:\d*\.?\d+|\d+\.)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The entry as a result: null while nothing is entered, `{ problem }` when what is typed cannot be
 * sent (the same words as the server's), else the result.
 */
export function entryResult(
  parameter: Parameter,
  entry: Entry | undefined,
): ResultValue | null | { problem: string } {
  if (!entry) return null;
  if (entry.choice === VALUE_CHOICE) {
    const value = parseNumber(entry.value);
    if (value === null) return null;
    if (Number.isNaN(value)) return { problem: "resultValueInvalid" };
    const result = { value, qualifier: null };
    const problem = resultProblem(parameter, result);
    return problem ? { problem } : result;
  }
  if (entry.choice === "") return null;
  const result = { value: null, qualifier: entry.choice };
  const problem = resultProblem(parameter, result);
  return problem ? { problem } : result;
}

const isResult = (value: ReturnType<typeof entryResult>): value is ResultValue =>
  value !== null && !("problem" in value);

/** Every parameter a result can name: the panel, the catalogue and the lines the server answered. */
export function catalogueOf(
  panel: readonly Parameter[],
  ...more: readonly (readonly Parameter[] | undefined)[]
): Map<string, Parameter> {
  const catalogue = new Map<string, Parameter>();
  for (const list of [panel, ...more])
    for (const parameter of list ?? []) catalogue.set(parameter.code, parameter);
  return catalogue;
}

/** The results the entries hold (the ones that can be sent), by code. */
export function resultsOf(
  catalogue: ReadonlyMap<string, Parameter>,
  entries: Entries,
): Map<string, ResultValue> {
  const results = new Map<string, ResultValue>();
  for (const [code, entry] of Object.entries(entries)) {
    const parameter = catalogue.get(code);
    if (!parameter) continue;
    const result = entryResult(parameter, entry);
    if (isResult(result)) results.set(code, result);
  }
  return results;
}

/**
 * The markets the sample is judged against, with their limits: from GET /lab/markets (the version in
 * force) when loaded, else from the limits the server's last judgement used.
 */
export function marketSpecs(
  chosen: readonly string[],
  markets: readonly Market[] | undefined,
  analysis: Analysis | null,
): MarketSpec[] {
  return judgedMarkets(chosen).map((code) => {
    const market = markets?.find((candidate) => candidate.code === code);
    if (market) {
      return {
        code,
        name: market.name,
        specVersionId: market.current?.id ?? null,
        version: market.current?.version ?? null,
        limits: market.current?.limits ?? {},
      };
    }
    const judged = analysis?.judgement.markets.find((candidate) => candidate.code === code);
    const limits: Record<
      string,
      NonNullable<Judgement["parameters"][number]["markets"][number]["limit"]>
    > = {};
    for (const line of analysis?.judgement.parameters ?? []) {
      const limit = line.markets.find((candidate) => candidate.code === code)?.limit;
      if (limit) limits[line.code] = limit;
    }
    return {
      code,
      name: judged?.name ?? code,
      specVersionId: judged?.specVersionId ?? null,
      version: judged?.version ?? null,
      limits,
    };
  });
}

/** The judgement of what is typed so far. */
export function liveJudgement(input: {
  panel: readonly Parameter[];
  catalogue: ReadonlyMap<string, Parameter>;
  entries: Entries;
  markets: readonly MarketSpec[];
}): Judgement {
  return judge({
    panel: input.panel,
    catalogue: input.catalogue,
    results: resultsOf(input.catalogue, input.entries),
    markets: input.markets,
  });
}

/** The entries of a round already entered (an edit, or after the reviewer sent it back). */
export function prefill(catalogue: ReadonlyMap<string, Parameter>, analysis: Analysis | null): Entries {
  const entries: Entries = {};
  if (!analysis || analysis.state === "released") return entries;
  for (const result of analysis.results) {
    const parameter = catalogue.get(result.code);
    if (result.value !== null && (!parameter || takesNumber(parameter))) {
      entries[result.code] = { choice: VALUE_CHOICE, value: String(result.value) };
    } else if (result.qualifier !== null) {
      entries[result.code] = { choice: result.qualifier, value: "" };
    }
  }
  return entries;
}

/** The body of POST /lab/samples/{id}/results: every parameter shown that has a result, in order. */
export function resultsPayload(
  parameters: readonly Parameter[],
  entries: Entries,
  note: string,
): EnterResultsRequest {
  const results: EnterResultsRequest["results"] = [];
  for (const parameter of parameters) {
    const result = entryResult(parameter, entries[parameter.code]);
    if (!isResult(result)) continue;
    results.push(
      result.qualifier !== null
        ? { code: parameter.code, qualifier: result.qualifier }
        : { code: parameter.code, value: result.value ?? 0 },
    );
  }
  const trimmed = note.trim();
  return trimmed ? { results, note: trimmed } : { results };
}

/** Problems of what is typed, by code (a number that is not one); nothing for empty entries. */
export function entryProblems(parameters: readonly Parameter[], entries: Entries): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const parameter of parameters) {
    const result = entryResult(parameter, entries[parameter.code]);
    if (result !== null && "problem" in result) problems[parameter.code] = result.problem;
  }
  return problems;
}

/** A server field such as `results.2.value` → the code of the posted result it names. */
export function fieldCode(field: string, posted: readonly string[]): string | null {
  const match = /^results\.(\d+)(\.|$)/.exec(field);
  if (!match) return null;
  return posted[Number(match[1])] ?? null;
}
