// The parameter editor (admins): the catalogue entry as typed, and the request it becomes.
import {
  METHOD_ROLES,
  PARAMETER_KINDS,
  messages,
  parameterInputSchema,
  type MethodRole,
  type Parameter,
  type ParameterInput,
  type ParameterKind,
} from "@lab/contracts";

import { translate } from "@/lib/i18n/i18n";

export interface ParameterValues {
  code: string;
  name: string;
  kind: ParameterKind;
  unit: string;
  method: string;
  methodRole: MethodRole;
  lod: string;
  loq: string;
  /** Grades best first, separated by commas (graded parameters with named grades). */
  grades: string;
  per25g: boolean;
  cutoff: string;
  confirmWith: string;
  /** A substance banned in food-producing animals, and the rule that bans it. */
  prohibited: boolean;
  prohibitedReference: string;
}

export type ParameterField = keyof ParameterValues;

export const emptyParameter = (): ParameterValues => ({
  code: "",
  name: "",
  kind: "quantitative",
  unit: "",
  method: "",
  methodRole: "confirmatory",
  lod: "",
  loq: "",
  grades: "",
  per25g: false,
  cutoff: "",
  confirmWith: "",
  prohibited: false,
  prohibitedReference: "",
});

const text = (value: number | null) => (value === null ? "" : String(value));

export const parameterValues = (parameter: Parameter): ParameterValues => ({
  code: parameter.code,
  name: parameter.name,
  kind: parameter.kind,
  unit: parameter.unit ?? "",
  method: parameter.method,
  methodRole: parameter.methodRole,
  lod: text(parameter.lod),
  loq: text(parameter.loq),
  grades: (parameter.grades ?? []).join(", "),
  per25g: parameter.per25g,
  cutoff: text(parameter.cutoff),
  confirmWith: parameter.confirmWith ?? "",
  prohibited: parameter.prohibited ?? false,
  prohibitedReference: parameter.prohibitedReference ?? "",
});

export const isKind = (value: string): value is ParameterKind =>
  (PARAMETER_KINDS as readonly string[]).includes(value);
export const isMethodRole = (value: string): value is MethodRole =>
  (METHOD_ROLES as readonly string[]).includes(value);

/** "" → null; "0,05" → 0.05; anything else not a number stays NaN for the schema to refuse. */
const number = (value: string): number | null => {
  const trimmed = value.trim().replace(",", ".");
  return trimmed === "" ? null : Number(trimmed);
};

/** The request, or the first message per field. Fields a kind or role does not use are sent empty. */
export function parameterRequest(
  values: ParameterValues,
): { input: ParameterInput } | { errors: Partial<Record<ParameterField, string>> } {
  const screening = values.methodRole === "screening";
  const grades = values.grades
    .split(",")
    .map((grade) => grade.trim())
    .filter(Boolean);
  const candidate = {
    code: values.code,
    name: values.name,
    kind: values.kind,
    unit: values.unit.trim() || null,
    method: values.method,
    methodRole: values.methodRole,
    lod: number(values.lod),
    loq: number(values.loq),
    grades: values.kind === "graded" && grades.length > 0 ? grades : null,
    per25g: values.kind === "qualitative" && values.per25g,
    cutoff: screening ? number(values.cutoff) : null,
    confirmWith: screening && values.confirmWith.trim() ? values.confirmWith : null,
    // Always sent, so that unticking the box clears the flag; a reference only with the flag.
    prohibited: values.prohibited,
    prohibitedReference: values.prohibited ? values.prohibitedReference : null,
  };
  const errors: Partial<Record<ParameterField, string>> = {};
  for (const key of ["lod", "loq", "cutoff"] as const) {
    if (Number.isNaN(candidate[key])) errors[key] = translate("lab.parameters.numberInvalid");
  }
  if (candidate.prohibitedReference !== null && candidate.prohibitedReference.trim() === "")
    errors.prohibitedReference = messages.prohibitedReferenceRequired;
  const parsed = parameterInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && field in values) errors[field as ParameterField] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { input: parsed.data };
}
