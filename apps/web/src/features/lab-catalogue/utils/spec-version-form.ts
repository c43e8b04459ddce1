// The "add a version" editor of a market's specification: limit rows as typed, and the body they post.
import { LIMIT_KINDS, type Limit, type LimitKind } from "@lab/contracts";
import type { MessageKey } from "@lab/i18n";

import { translate } from "@/lib/i18n/i18n";

import type { SpecVersionInput } from "../api/add-spec-version";

export interface LimitRow {
  /** A stable key for React while rows are added and removed. */
  key: number;
  parameter: string;
  kind: LimitKind;
  min: string;
  max: string;
  strict: boolean;
  grade: string;
  reference: string;
  effectiveFrom: string;
}

export interface VersionValues {
  effectiveFrom: string;
  reference: string;
  note: string;
  limits: LimitRow[];
}

export const LIMIT_KIND_LABELS: Record<LimitKind, MessageKey<"lab">> = {
  max: "lab.limitKind.max",
  min: "lab.limitKind.min",
  range: "lab.limitKind.range",
  not_detected: "lab.limitKind.not_detected",
  absent_25g: "lab.limitKind.absent_25g",
};

export const isLimitKind = (value: string): value is LimitKind =>
  (LIMIT_KINDS as readonly string[]).includes(value);

/** Which of min, max and grade a kind takes. */
export const kindTakes = (kind: LimitKind): { min: boolean; max: boolean; grade: boolean } => ({
  min: kind === "min" || kind === "range",
  max: kind === "max" || kind === "range",
  grade: kind === "min" || kind === "max",
});

let nextKey = 1;
export const newKey = (): number => nextKey++;

const numberText = (value: number | null) => (value === null ? "" : String(value));

/** The rows of the version in force, to start the new one from. */
export function rowsOf(limits: Readonly<Record<string, Limit>>): LimitRow[] {
  return Object.entries(limits).map(([parameter, limit]) => ({
    key: newKey(),
    parameter,
    kind: limit.kind,
    min: numberText(limit.min),
    max: numberText(limit.max),
    strict: limit.strict,
    grade: limit.grade ?? "",
    reference: limit.reference,
    effectiveFrom: limit.effectiveFrom,
  }));
}

export const emptyRow = (effectiveFrom: string): LimitRow => ({
  key: newKey(),
  parameter: "",
  kind: "max",
  min: "",
  max: "",
  strict: false,
  grade: "",
  reference: "",
  effectiveFrom,
});

/** "0,15" → 0.15, "" → null; what is not a number stays NaN and the server names the field. */
const parse = (text: string): number | null => {
  const trimmed = text.trim().replace(",", ".");
  return trimmed === "" ? null : Number(trimmed);
};

/** The body of POST /lab/markets/{code}/versions: values the kind does not take are sent as null. */
export function versionPayload(values: VersionValues): SpecVersionInput {
  return {
    effectiveFrom: values.effectiveFrom.trim(),
    reference: values.reference.trim(),
    note: values.note.trim(),
    limits: values.limits.map((row) => {
      const takes = kindTakes(row.kind);
      const grade = takes.grade && row.grade.trim() ? row.grade.trim() : null;
      return {
        parameter: row.parameter.trim().toUpperCase(),
        kind: row.kind,
        min: takes.min && grade === null ? parse(row.min) : null,
        max: takes.max && grade === null ? parse(row.max) : null,
        strict: row.strict,
        grade,
        reference: row.reference.trim(),
        effectiveFrom: row.effectiveFrom.trim(),
      };
    }),
  };
}

/**
 * Problems found before sending: a number that is not one, a range without both ends. Keyed by row
 * key, in the reader's language (the lab namespace is loaded by the form that calls it).
 */
export function rowProblems(rows: readonly LimitRow[]): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const row of rows) {
    const takes = kindTakes(row.kind);
    const usesGrade = takes.grade && row.grade.trim() !== "";
    const bad = (text: string) => text.trim() !== "" && Number.isNaN(Number(text.trim().replace(",", ".")));
    if (!row.parameter.trim()) problems[row.key] = translate("lab.limitProblem.parameter");
    else if ((takes.min && bad(row.min)) || (takes.max && bad(row.max)))
      problems[row.key] = translate("lab.limitProblem.numbers");
    else if (row.kind === "range" && (!row.min.trim() || !row.max.trim()))
      problems[row.key] = translate("lab.limitProblem.range");
    else if (!usesGrade && row.kind === "max" && !row.max.trim())
      problems[row.key] = translate("lab.limitProblem.max");
    else if (!usesGrade && row.kind === "min" && !row.min.trim())
      problems[row.key] = translate("lab.limitProblem.min");
    else if (!row.reference.trim()) problems[row.key] = translate("lab.limitProblem.reference");
  }
  return problems;
}

/** `limits.3.max` → the 4th row's key. */
export function rowOfField(field: string, rows: readonly LimitRow[]): number | null {
  const match = /^limits\.(\d+)(\.|$)/.exec(field);
  return match ? (rows[Number(match[1])]?.key ?? null) : null;
}

/** "CAP, AOZ amoz" → ["CAP", "AOZ", "AMOZ"]: a panel's codes as typed. */
export const panelCodes = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
  ),
];
