// Certified results: parameters of each test type's panel, limits of each market's specification,
// the results an analyst enters and the verdicts computed from them (docs/certified-results.md).
import { z } from "zod";

import { STAFF_ROLES, type StaffRole } from "./constants";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, tooLong, tooMany } from "./limits";
import { englishText, message, messages, textOf, type Message } from "./messages";
import { idSchema, text } from "./text";

export const PARAMETER_KINDS = ["quantitative", "qualitative", "graded"] as const;
export type ParameterKind = (typeof PARAMETER_KINDS)[number];

/** A screening method (e.g. ELISA) only sorts negatives out; a positive needs its confirmatory method. */
export const METHOD_ROLES = ["screening", "confirmatory"] as const;
export type MethodRole = (typeof METHOD_ROLES)[number];

/** Qualifiers a result can carry instead of (or, for graded parameters, as) a value. */
export const QUALIFIERS = ["not_detected", "below_loq", "detected", "absent", "present"] as const;
export type Qualifier = (typeof QUALIFIERS)[number];

export const LIMIT_KINDS = ["max", "min", "range", "not_detected", "absent_25g"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** The five export and home markets every customer can choose; buyers' own specifications add more. */
export const BUILTIN_MARKETS = ["EU", "US", "JP", "CN", "IN"] as const;
/** The lab's default limits: what a sample with no chosen market is judged against. Not selectable. */
export const LAB_DEFAULT_MARKET = "LAB";
export const MARKET_CODE_PATTERN = /^[A-Z][A-Z0-9-]{1,19}$/;
export const MARKETS_MAX = 8;
export const PARAMETER_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,31}$/;
export const RESULTS_MAX = 200;
export const RESULT_NOTE_MAX = 1000;
export const REFERENCE_MAX = 300;
export const GRADE_MAX = 20;

/**
 * The certified results' messages by their old names; the messages themselves are contracts'
 * `messages` (messages.ts), which is where new ones go.
 */
export const resultMessages = {
  marketInvalid: messages.marketInvalid,
  marketUnknown: messages.marketUnknown,
  resultsRequired: messages.resultsRequired,
  parameterUnknown: messages.parameterUnknown,
  resultValueOrQualifier: messages.resultValueOrQualifier,
  resultValueInvalid: messages.resultValueInvalid,
  resultQualifierInvalid: messages.resultQualifierInvalid,
  resultDuplicate: messages.resultDuplicate,
  resultsNotTesting: messages.resultsNotTesting,
  resultsIncomplete: messages.resultsIncomplete,
  confirmationPending: messages.confirmationPending,
  samePerson: messages.samePerson,
  roleRequired: (role: StaffRole) => englishText("roleRequired", { role }),
  nothingToRelease: messages.nothingToRelease,
  returnNoteRequired: messages.returnNoteRequired,
  staffDeactivated: messages.staffDeactivated,
  staffEmailTaken: messages.staffEmailTaken,
  staffRolesRequired: messages.staffRolesRequired,
  cannotDeactivateSelf: messages.cannotDeactivateSelf,
  lastAdmin: messages.lastAdmin,
  specVersionUsed: messages.specVersionUsed,
  limitInvalid: messages.limitInvalid,
  trendParameterRequired: messages.trendParameterRequired,
  trendSubjectRequired: messages.trendSubjectRequired,
  resultValueOutOfRange: (words: ResultRangeWords) => textOf(resultValueOutOfRange(words)),
} as const;

/** The message of a value outside its parameter's range. */
export function resultValueOutOfRange({ parameter, min, max, decimals }: ResultRangeWords): Message {
  if (decimals === 0) return message("resultValueOutOfRangeWhole", { parameter, min, max });
  if (decimals === 1) return message("resultValueOutOfRangeOneDecimal", { parameter, min, max });
  return message("resultValueOutOfRange", { parameter, min, max, decimals });
}

/**
 * The values a result may take in its parameter's unit. A guard against typing slips and hostile
 * input (1e308 printed on a certificate), far beyond any real sample: not a legal limit.
 */
export interface ResultValueRange {
  min: number;
  max: number;
  /** Decimal places at most (0: whole numbers only). */
  decimals: number;
}

const range = (min: number, max: number, decimals: number): ResultValueRange => ({ min, max, decimals });
// Amounts: enough decimals for three significant figures of the smallest reading a method reports,
// far short of float noise (0.1 + 0.2 has 17).
const amount = (max: number): ResultValueRange => range(0, max, 6);
// Per-kilogram amounts: a million in the unit (1 kg/kg in mg/kg, 1 g/kg in µg/kg) is beyond any
// real reading of what is measured in them; a sample holds at most itself (100 g/100 g).
const PER_KG_TRACE = amount(1_000_000);
const PERCENT = amount(100);
// 10^10 per gram is beyond any food (a pure culture is about 10^9); a mean of plates may have a decimal.
const COUNT = range(0, 10_000_000_000, 1);

/** By unit as the catalogue spells it (matched ignoring case, spacing and µ/μ/u). */
const RANGES_BY_UNIT: Readonly<Record<string, ResultValueRange>> = {
  "µg/kg": PER_KG_TRACE,
  ppb: PER_KG_TRACE,
  "ng/g": PER_KG_TRACE,
  "pg/g": PER_KG_TRACE,
  "mg/kg": PER_KG_TRACE,
  ppm: PER_KG_TRACE,
  "mg MDA/kg": PER_KG_TRACE,
  "g/kg": amount(1000),
  "g/100 g": PERCENT,
  "mg/100 g": amount(100_000),
  "mg N/100 g": amount(100_000),
  "µg/100 g": amount(100_000_000),
  "µmol/g": amount(10_000),
  "µmol TE/100 g": amount(1_000_000),
  "meq O2/kg fat": amount(10_000),
  "%": PERCENT,
  "% of gross weight": PERCENT,
  "% by count": PERCENT,
  "% of fat": PERCENT,
  "cfu/g": COUNT,
  "cfu/ml": COUNT,
  "pieces/kg": range(0, 100_000, 1),
  "kcal/100 g": range(0, 900, 1),
  pH: range(0, 14, 2),
  aw: range(0, 1, 3),
  "Ho (0-1)": range(0, 1, 3),
  ratio: range(0, 1000, 3),
  alleles: range(0, 1000, 2),
  N: range(0, 10_000, 2),
  "CIELAB L*": range(0, 100, 2),
  "CIELAB C*": range(0, 200, 2),
  "°": range(0, 360, 2),
  // Salinity: saturated brine is about 260 ppt.
  ppt: range(0, 300, 2),
  "‰": range(0, 300, 2),
  psu: range(0, 300, 2),
  "°C": range(-80, 200, 1),
  "score 0-10": range(0, 10, 2),
};
/** A unit the table does not know (staff may add parameters): non-negative, still bounded. */
const OTHER_UNIT = range(0, 1_000_000_000, 6);

const unitKey = (unit: string): string =>
  unit
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "")
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/^u(?=[a-z]+\/)/, "\u03bc");
const rangeByUnit = new Map(Object.entries(RANGES_BY_UNIT).map(([unit, bounds]) => [unitKey(unit), bounds]));

export function resultValueRange(parameter: Pick<Parameter, "unit">): ResultValueRange {
  return (parameter.unit === null ? undefined : rangeByUnit.get(unitKey(parameter.unit))) ?? OTHER_UNIT;
}

/** Decimal places of a number as JavaScript writes it shortest (1.5e-7 has 8). */
export function decimalsOf(value: number): number {
  const match = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) return Number.POSITIVE_INFINITY;
  return Math.max(0, (match[1]?.length ?? 0) - Number(match[2] ?? 0));
}

/** Whether a value is finite, within its range and written with no more decimals than it allows. */
export const inResultValueRange = (bounds: ResultValueRange, value: number): boolean =>
  Number.isFinite(value) &&
  value >= bounds.min &&
  value <= bounds.max &&
  decimalsOf(value) <= bounds.decimals;

/** What the range message names: numbers grouped in English, the unit after the maximum. */
export interface ResultRangeWords {
  parameter: string;
  min: string;
  max: string;
  decimals: number;
}

const english = new Intl.NumberFormat("en", { maximumFractionDigits: 20 });

export function resultRangeWords(
  parameter: Pick<Parameter, "unit">,
  name: string,
  bounds: ResultValueRange = resultValueRange(parameter),
): ResultRangeWords {
  const unit = parameter.unit?.trim();
  return {
    parameter: name,
    min: english.format(bounds.min),
    max: `${english.format(bounds.max)}${unit ? ` (${unit})` : ""}`,
    decimals: bounds.decimals,
  };
}

/** The range message when `value` breaks its parameter's range, else null. */
export function resultValueRangeMessage(
  parameter: Pick<Parameter, "name" | "unit">,
  value: number,
): Message | null {
  const bounds = resultValueRange(parameter);
  return inResultValueRange(bounds, value)
    ? null
    : resultValueOutOfRange(resultRangeWords(parameter, parameter.name, bounds));
}

/** The same in English. */
export function resultValueRangeProblem(
  parameter: Pick<Parameter, "name" | "unit">,
  value: number,
): string | null {
  const problem = resultValueRangeMessage(parameter, value);
  return problem === null ? null : textOf(problem);
}

export const marketCodeSchema = text(resultMessages.marketInvalid)
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(MARKET_CODE_PATTERN, resultMessages.marketInvalid));

/** The `markets` field of a submission or a profile: distinct codes, at most eight. */
export const marketListSchema = z
  .array(marketCodeSchema, { error: resultMessages.marketInvalid })
  .max(MARKETS_MAX, tooMany("markets", MARKETS_MAX))
  .transform((codes) => [...new Set(codes)]);

/** A parameter of a panel as the lab console and the API show it. */
export const parameterSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(PARAMETER_KINDS),
  unit: z.string().nullable(),
  method: z.string(),
  methodRole: z.enum(METHOD_ROLES),
  lod: z.number().nullable(),
  loq: z.number().nullable(),
  /** Graded parameters with named grades, best first; null for a numeric score. */
  grades: z.array(z.string()).nullable(),
  /** Qualitative parameters judged per 25 g take absent/present; others detected/not detected. */
  per25g: z.boolean(),
  /** Screening only: at or above this value (or "detected") the confirmatory parameter is required. */
  cutoff: z.number().nullable(),
  /** Screening only: the confirmatory parameter's code. */
  confirmWith: z.string().nullable(),
  /**
   * Banned in food-producing animals: any result at or above the LOD fails every market, whatever a
   * market's limit says.
   */
  prohibited: z.boolean().optional(),
  /** The rule that bans it, as cited on the report. */
  prohibitedReference: z.string().nullable().optional(),
});
export type Parameter = z.infer<typeof parameterSchema>;

/** POST /lab/parameters and PUT /lab/parameters/{code}: staff edit the catalogue. */
export const parameterInputSchema = z.object({
  code: text().trim().toUpperCase().regex(PARAMETER_CODE_PATTERN, messages.parameterCodeInvalid),
  name: text().trim().min(1, messages.parameterNameRequired).max(NAME_MAX, tooLong("Name", NAME_MAX)),
  kind: z.enum(PARAMETER_KINDS, { error: messages.parameterKindInvalid }),
  unit: text().trim().max(40, tooLong("Unit", 40)).nullable().default(null),
  method: text().trim().min(1, messages.parameterMethodRequired).max(120, tooLong("Method", 120)),
  methodRole: z.enum(METHOD_ROLES).default("confirmatory"),
  lod: z.number().finite().min(0).nullable().default(null),
  loq: z.number().finite().min(0).nullable().default(null),
  grades: z
    .array(text().trim().min(1).max(GRADE_MAX, tooLong("Grade", GRADE_MAX)))
    .min(2)
    .max(12, tooMany("grades", 12))
    .nullable()
    .default(null),
  per25g: z.boolean().default(false),
  cutoff: z.number().finite().min(0).nullable().default(null),
  confirmWith: text().trim().toUpperCase().regex(PARAMETER_CODE_PATTERN).nullable().default(null),
  /**
   * A prohibited substance and the rule that bans it (required with the flag). Left out, the stored
   * flag and reference stay: a client that does not know the flag cannot clear it by saving.
   */
  prohibited: z.boolean().optional(),
  prohibitedReference: text()
    .trim()
    .max(REFERENCE_MAX, tooLong("Reference", REFERENCE_MAX))
    .nullable()
    .optional(),
});
export type ParameterInput = z.input<typeof parameterInputSchema>;

/** PUT /lab/panels/{testType}: the panel's parameter codes, in order. */
export const panelInputSchema = z.object({
  parameters: z
    .array(text().trim().toUpperCase().regex(PARAMETER_CODE_PATTERN))
    .min(1)
    .max(60, tooMany("parameters", 60)),
});
export const panelSchema = z.object({ testType: z.string(), parameters: z.array(parameterSchema) });
export type Panel = z.infer<typeof panelSchema>;

export const limitSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** A limit that must be stayed below (an EU reference point for action): the value itself fails. */
  strict: z.boolean(),
  /** Graded parameters with named grades: the worst grade still accepted (kind "min"). */
  grade: z.string().nullable(),
  reference: z.string(),
  /** The date the limit took effect (YYYY-MM-DD). */
  effectiveFrom: z.string(),
});
export type Limit = z.infer<typeof limitSchema>;

export const limitInputSchema = z.object({
  parameter: text().trim().toUpperCase().regex(PARAMETER_CODE_PATTERN),
  kind: z.enum(LIMIT_KINDS, { error: resultMessages.limitInvalid }),
  min: z.number().finite().nullable().default(null),
  max: z.number().finite().nullable().default(null),
  strict: z.boolean().default(false),
  grade: text().trim().max(GRADE_MAX, tooLong("Grade", GRADE_MAX)).nullable().default(null),
  reference: text()
    .trim()
    .min(1, messages.limitReferenceRequired)
    .max(REFERENCE_MAX, tooLong("Reference", REFERENCE_MAX)),
  effectiveFrom: z.iso.date({ error: messages.limitEffectiveFromInvalid }),
});

/** POST /lab/markets/{code}/versions: a new version of a market's specification. */
export const specVersionInputSchema = z.object({
  effectiveFrom: z.iso.date({ error: messages.versionEffectiveFromInvalid }),
  reference: text()
    .trim()
    .min(1, messages.versionReferenceRequired)
    .max(REFERENCE_MAX, tooLong("Reference", REFERENCE_MAX)),
  note: text().trim().max(RESULT_NOTE_MAX, tooLong("Note", RESULT_NOTE_MAX)).default(""),
  limits: z.array(limitInputSchema).max(200, tooMany("limits", 200)),
});

export const specVersionSchema = z.object({
  id: z.number().int(),
  market: z.string(),
  version: z.number().int(),
  effectiveFrom: z.string(),
  reference: z.string(),
  note: z.string(),
  /** Whether a report was judged against it (then it never changes). */
  used: z.boolean(),
  limits: z.record(z.string(), limitSchema),
});
export type SpecVersion = z.infer<typeof specVersionSchema>;

export const marketSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** A buyer's own specification belongs to one customer; null for the public markets. */
  customerId: z.number().int().nullable(),
  /** The version in force today, if any. */
  current: specVersionSchema.nullable(),
});
export type Market = z.infer<typeof marketSchema>;

/** GET /markets (customers): the markets they can choose. */
export const marketChoiceSchema = z.object({ code: z.string(), name: z.string() });
export type MarketChoice = z.infer<typeof marketChoiceSchema>;

/** One entered result. `value` is in the parameter's unit; graded results may name a grade instead. */
export const resultEntrySchema = z
  .object({
    code: text()
      .trim()
      .toUpperCase()
      .pipe(z.string().regex(PARAMETER_CODE_PATTERN, resultMessages.parameterUnknown)),
    // Any number, even one too large to be finite (1e999 in JSON): its parameter's range, checked
    // where the parameter is known (resultProblem), refuses it with a message naming both.
    value: z
      .custom<number>((value) => typeof value === "number" && !Number.isNaN(value), {
        error: resultMessages.resultValueInvalid,
      })
      .optional(),
    qualifier: text().trim().min(1).max(GRADE_MAX, resultMessages.resultQualifierInvalid).optional(),
  })
  .refine((entry) => entry.value !== undefined || entry.qualifier !== undefined, {
    message: resultMessages.resultValueOrQualifier,
  });
export type ResultEntry = z.infer<typeof resultEntrySchema>;

export const enterResultsRequestSchema = z.object({
  results: z
    .array(resultEntrySchema, { error: resultMessages.resultsRequired })
    .min(1, resultMessages.resultsRequired)
    .max(RESULTS_MAX, tooMany("results", RESULTS_MAX)),
  /** The analyst's remark, printed on the certificate's remarks when given. */
  note: text().trim().max(RESULT_NOTE_MAX, tooLong("Note", RESULT_NOTE_MAX)).optional(),
});
export type EnterResultsRequest = z.input<typeof enterResultsRequestSchema>;

export const releaseRequestSchema = z.object({
  /** The reviewer's remark, printed on the certificate when given. */
  note: text().trim().max(RESULT_NOTE_MAX, tooLong("Note", RESULT_NOTE_MAX)).optional(),
});

export const returnRequestSchema = z.object({
  note: text(resultMessages.returnNoteRequired)
    .trim()
    .min(1, resultMessages.returnNoteRequired)
    .max(RESULT_NOTE_MAX, tooLong("Note", RESULT_NOTE_MAX)),
});

export const PARAMETER_VERDICTS = ["pass", "fail", "no_limit", "pending"] as const;
export type ParameterVerdict = (typeof PARAMETER_VERDICTS)[number];
export const MARKET_VERDICTS = ["pass", "fail", "pending"] as const;
export type MarketVerdict = (typeof MARKET_VERDICTS)[number];

export const resultValueSchema = z.object({
  value: z.number().nullable(),
  qualifier: z.string().nullable(),
  /** As printed: "0.12", "< LOQ (0.05)", "Not detected", "Absent in 25 g", "Grade A". */
  display: z.string(),
});

/** One parameter's row of the result table: its result and, per market, the limit and verdict. */
export const parameterLineSchema = parameterSchema.extend({
  result: resultValueSchema.nullable(),
  /** Screening positives: the confirmatory parameter that decides (its own line). */
  confirmedBy: z.string().nullable(),
  /** A prohibited substance found at or above its LOD: the line fails every market. */
  prohibitedDetected: z.boolean().optional(),
  markets: z.array(
    z.object({
      code: z.string(),
      limit: limitSchema.nullable(),
      /** As printed: "≤ 0.15", "Not detected", "Absent in 25 g", "—" when the market sets none. */
      limitText: z.string(),
      verdict: z.enum(PARAMETER_VERDICTS),
    }),
  ),
});
export type ParameterLine = z.infer<typeof parameterLineSchema>;

export const marketJudgementSchema = z.object({
  code: z.string(),
  name: z.string(),
  specVersionId: z.number().int().nullable(),
  version: z.number().int().nullable(),
  verdict: z.enum(MARKET_VERDICTS),
});
export type MarketJudgement = z.infer<typeof marketJudgementSchema>;

/** What POST /lab/samples/{id}/results answers: the verdicts computed from every result so far. */
export const judgementSchema = z.object({
  markets: z.array(marketJudgementSchema),
  parameters: z.array(parameterLineSchema),
  /** Every parameter has a result and no screening positive waits for its confirmation. */
  complete: z.boolean(),
  missing: z.array(z.string()),
  confirmationsRequired: z.array(z.string()),
  /** success / failure once complete (spec-compatible report result), null before. */
  result: z.enum(["success", "failure"]).nullable(),
});
export type Judgement = z.infer<typeof judgementSchema>;

export const ANALYSIS_STATES = [
  "awaiting_results",
  "confirmation",
  "awaiting_review",
  "returned",
  "released",
] as const;
export type AnalysisState = (typeof ANALYSIS_STATES)[number];

/** GET /lab/samples/{id} `analysis`: where the sample's current round of results stands. */
export const analysisSchema = z.object({
  round: z.number().int(),
  state: z.enum(ANALYSIS_STATES),
  judgement: judgementSchema,
  /** Staff who entered results in this round (none of them may release it). */
  enteredBy: z.array(z.object({ id: z.number().int(), name: z.string() })),
  returnedNote: z.string().nullable(),
  results: z.array(
    z.object({
      code: z.string(),
      value: z.number().nullable(),
      qualifier: z.string().nullable(),
      enteredBy: z.string(),
      enteredAt: z.string(),
    }),
  ),
});
export type Analysis = z.infer<typeof analysisSchema>;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  active: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

const rolesSchema = z
  .array(z.enum(STAFF_ROLES, { error: messages.staffRolesInvalid }))
  .min(1, resultMessages.staffRolesRequired)
  .transform((roles) => [...new Set(roles)]);

/** POST /lab/staff (admin). */
export const addStaffRequestSchema = z.object({
  email: text()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, tooLong("Email", EMAIL_MAX))
    .pipe(z.email({ error: messages.staffEmailInvalid })),
  name: text().trim().min(1, messages.staffNameRequired).max(NAME_MAX, tooLong("Name", NAME_MAX)),
  password: text().min(8, messages.staffPasswordShort).max(PASSWORD_MAX, tooLong("Password", PASSWORD_MAX)),
  roles: rolesSchema,
});
export type AddStaffRequest = z.input<typeof addStaffRequestSchema>;

/** PATCH /lab/staff/{id} (admin): roles and/or active. */
export const updateStaffRequestSchema = z.object({
  roles: rolesSchema.optional(),
  active: z.boolean().optional(),
});

const trendSubjectId = z.coerce.number({ error: resultMessages.trendSubjectRequired }).pipe(idSchema());
/**
 * GET /reports/trend?providerId=&parameter=&market= (or pondId= or cropId= instead of providerId): one
 * parameter across a provider's, a pond's or a crop's reports. Exactly one of the three.
 */
export const trendQuerySchema = z
  .object({
    providerId: trendSubjectId.optional(),
    pondId: trendSubjectId.optional(),
    cropId: trendSubjectId.optional(),
    parameter: text(resultMessages.trendParameterRequired)
      .trim()
      .toUpperCase()
      .regex(PARAMETER_CODE_PATTERN, resultMessages.trendParameterRequired),
    market: marketCodeSchema.optional(),
  })
  .refine(
    (query) => [query.providerId, query.pondId, query.cropId].filter((id) => id !== undefined).length === 1,
    { message: resultMessages.trendSubjectRequired, path: ["providerId"] },
  );
export type TrendQuery = z.output<typeof trendQuerySchema>;
export const trendSchema = z.object({
  parameter: parameterSchema,
  market: z.string().nullable(),
  limit: limitSchema.nullable(),
  points: z.array(
    z.object({
      reportId: z.number().int(),
      sampleId: z.number().int(),
      at: z.string(),
      value: z.number().nullable(),
      qualifier: z.string().nullable(),
      display: z.string(),
      verdict: z.enum(PARAMETER_VERDICTS),
    }),
  ),
});
export type Trend = z.infer<typeof trendSchema>;
