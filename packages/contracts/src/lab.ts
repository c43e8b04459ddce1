import { z } from "zod";

import {
  NAME_MAX,
  PHONE_MAX,
  REPORT_LIMIT_MAX,
  REPORT_METHOD_MAX,
  REPORT_SECTION_MAX,
  REPORT_UNIT_MAX,
  REPORT_VALUE_MAX,
  REVOKE_REASON_MAX,
  STATUS_NOTE_MAX,
  TEST_TYPE_MAX,
  tooLong,
} from "./limits";
import { languageSchema } from "./accounts";
import { LANGUAGE_CODES } from "./languages";
import { collectionRadiusSchema } from "./field";
import { englishText, messages } from "./messages";
import { coordinatesSchema } from "./providers";
import { SAMPLE_STATUSES, sampleEventSchema, sampleSchema } from "./samples";
import { STAFF_ROLES } from "./constants";
import { analysisSchema, marketJudgementSchema, parameterLineSchema, parameterSchema } from "./results";
import { idSchema, text } from "./text";

export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  /** The member's console language. */
  language: z.enum(LANGUAGE_CODES),
});
export type Staff = z.infer<typeof staffSchema>;

/** PUT /lab/me: a staff member sets their own console language. */
export const updateLabMeRequestSchema = z.object({ language: languageSchema }).strip();
export type UpdateLabMeRequest = z.input<typeof updateLabMeRequestSchema>;

export const labLoginResponseSchema = z.object({
  staff: staffSchema,
  accessToken: z.string(),
  expiresIn: z.number().int(),
  tokenType: z.literal("Bearer"),
});
export type LabLoginResponse = z.infer<typeof labLoginResponseSchema>;

export const agentInputSchema = z.object({
  name: text(messages.agentNameRequired)
    .trim()
    .min(1, messages.agentNameRequired)
    .max(NAME_MAX, tooLong("Agent name", NAME_MAX)),
  phone: text(messages.phoneRequired)
    .trim()
    .min(1, messages.phoneRequired)
    .max(PHONE_MAX, tooLong("Phone number", PHONE_MAX)),
  active: z.boolean().default(true),
  coordinates: coordinatesSchema.nullable().optional(),
});
export type AgentInput = z.input<typeof agentInputSchema>;

export const agentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  active: z.boolean(),
  coordinates: coordinatesSchema.nullable(),
  /** Has set a password (through an invitation) and signs in to the field app. */
  canSignIn: z.boolean().default(false),
  /** When the open invitation link expires; null when none is open. */
  invitedUntil: z.string().nullable().default(null),
});
export type Agent = z.infer<typeof agentSchema>;

export const assignRequestSchema = z.object({
  agentId: z.number({ error: messages.agentRequired }).pipe(idSchema()),
});

/** POST /lab/samples/{id}/status: the staff moves that are not assignment or report. */
export const statusMoveRequestSchema = z.object({
  status: text(messages.statusFilterInvalid)
    .trim()
    .transform((value) => value.toUpperCase())
    .transform((value) => (value === "PROCESSING" ? "TESTING" : value))
    .pipe(z.enum(SAMPLE_STATUSES, { error: messages.statusFilterInvalid })),
  testingEta: text(messages.dateInvalid)
    .pipe(z.iso.datetime({ offset: true, error: messages.dateInvalid }))
    .optional(),
  note: text().trim().max(STATUS_NOTE_MAX, tooLong("Note", STATUS_NOTE_MAX)).optional(),
});

export const VERDICTS = ["pass", "fail"] as const;
export const reportTestSchema = z.object({
  testType: text().trim().min(1).max(TEST_TYPE_MAX, tooLong("Test type", TEST_TYPE_MAX)),
  value: text()
    .trim()
    .min(1, messages.reportValueRequired)
    .max(REPORT_VALUE_MAX, tooLong("Value", REPORT_VALUE_MAX)),
  unit: text().trim().max(REPORT_UNIT_MAX, tooLong("Unit", REPORT_UNIT_MAX)).default(""),
  limit: text().trim().max(REPORT_LIMIT_MAX, tooLong("Limit", REPORT_LIMIT_MAX)).default(""),
  method: text().trim().max(REPORT_METHOD_MAX, tooLong("Method", REPORT_METHOD_MAX)).default(""),
  verdict: z.enum(VERDICTS, { error: messages.reportVerdictInvalid }),
});
export type ReportTest = z.output<typeof reportTestSchema>;

const section = (label: string) =>
  text().trim().max(REPORT_SECTION_MAX, tooLong(label, REPORT_SECTION_MAX)).default("");

export const labResultsSchema = z.object({
  viralScreening: section("Viral screening"),
  bacterialAnalysis: section("Bacterial analysis"),
  parasiteCheck: section("Parasite check"),
  geneticMarkers: section("Genetic markers"),
  waterQuality: section("Water quality"),
});

/**
 * Why a certificate was withdrawn, as customers and the public read it. Staff add an internal note
 * beside the code; the note never leaves the lab.
 */
export const REVOCATION_REASONS = [
  "sample_mislabelled",
  "result_error",
  "method_deviation",
  "report_details_wrong",
  "customer_request",
  "other",
] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];
/** The English wording of each reason (the catalogues word it in the other languages). */
export const revocationReasonText: Record<RevocationReason, string> = {
  sample_mislabelled: "The sample was mislabelled or mixed up",
  result_error: "A result was wrong",
  method_deviation: "The test method was not followed",
  report_details_wrong: "The report's details were wrong",
  customer_request: "Withdrawn at the customer's request",
  other: "Withdrawn by the laboratory",
};

/** A stored code as one of the reasons: anything else (an old free-text revocation) reads "other". */
export const revocationReasonOf = (code: unknown): RevocationReason =>
  REVOCATION_REASONS.find((reason) => reason === code) ?? "other";

/** The internal note beside a revocation's reason: staff only, bounded like any free text. */
export const REVOCATION_NOTE_MAX = REVOKE_REASON_MAX;

/** POST /lab/reports/{id}/revoke: a reason from the fixed list, and an optional internal note. */
export const revokeRequestSchema = z.object({
  reasonCode: z.enum(REVOCATION_REASONS, {
    error: (issue) =>
      issue.input === undefined ? messages.revokeReasonRequired : messages.revokeReasonUnknown,
  }),
  note: text().trim().max(REVOCATION_NOTE_MAX, tooLong("Note", REVOCATION_NOTE_MAX)).default(""),
});
export type RevokeRequest = z.input<typeof revokeRequestSchema>;

export const REVOCATION_OUTCOMES = ["confirmed", "cancelled"] as const;

/** A staff member named on a revocation or a setting change. */
export const staffRefSchema = z.object({ id: z.number().int(), name: z.string() });

/**
 * A revocation one reviewer or admin asked for; a different one confirms it (the report is then
 * revoked) or either cancels it. Staff only: it carries the internal note.
 */
export const revocationRequestSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  sampleId: z.number().int(),
  certification: z.string().nullable(),
  reasonCode: z.enum(REVOCATION_REASONS),
  note: z.string(),
  requestedBy: staffRefSchema,
  requestedAt: z.string(),
  /** null while open. */
  outcome: z.enum(REVOCATION_OUTCOMES).nullable(),
  decidedBy: staffRefSchema.nullable(),
  decidedAt: z.string().nullable(),
});
export type RevocationRequest = z.infer<typeof revocationRequestSchema>;

/** GET /lab/revocations?sampleId=: the open requests, oldest first. */
export const revocationListQuerySchema = z.object({
  sampleId: text(messages.sampleNotFound)
    .regex(/^\d{1,10}$/, messages.sampleNotFound)
    .transform(Number)
    .pipe(idSchema(messages.sampleNotFound))
    .optional(),
});

/** How long a passed pre-harvest screening clears a harvest, from the day of sampling: 1 to 90 days. */
export const SCREENING_VALID_DAYS = { min: 1, max: 90, default: 10 } as const;

const screeningValidDaysSchema = z
  .number({ error: messages.screeningValidDaysInvalid })
  .int(messages.screeningValidDaysInvalid)
  .min(SCREENING_VALID_DAYS.min, messages.screeningValidDaysInvalid)
  .max(SCREENING_VALID_DAYS.max, messages.screeningValidDaysInvalid);

/** PUT /lab/settings: an admin's change to one or both of the lab's settings. */
export const labSettingsUpdateSchema = z
  .object({
    onePersonRevocation: z.boolean({ error: messages.labSettingsInvalid }).optional(),
    screeningValidDays: screeningValidDaysSchema.optional(),
    /** Metres from the pond (or farm) beyond which a collection needs the agent's reason. */
    collectionRadiusM: collectionRadiusSchema.optional(),
    /** Mobile numbers outside India may sign up and sign in (each SMS abroad costs more). */
    internationalPhones: z.boolean({ error: messages.internationalPhonesInvalid }).optional(),
  })
  .strip()
  .refine(
    (change) =>
      change.onePersonRevocation !== undefined ||
      change.screeningValidDays !== undefined ||
      change.collectionRadiusM !== undefined ||
      change.internationalPhones !== undefined,
    messages.labSettingsEmpty,
  );
export type LabSettingsUpdate = z.input<typeof labSettingsUpdateSchema>;

const settingChange = {
  id: z.number().int(),
  changedBy: staffRefSchema.nullable(),
  changedAt: z.string(),
};

/** One line of the settings' audit trail: who set which setting to what, when. */
export const labSettingChangeSchema = z.discriminatedUnion("setting", [
  z.object({ ...settingChange, setting: z.literal("onePersonRevocation"), value: z.boolean() }),
  z.object({ ...settingChange, setting: z.literal("screeningValidDays"), value: z.number().int() }),
  z.object({ ...settingChange, setting: z.literal("collectionRadiusM"), value: z.number().int() }),
  z.object({ ...settingChange, setting: z.literal("internationalPhones"), value: z.boolean() }),
]);
export type LabSettingChange = z.infer<typeof labSettingChangeSchema>;

/** GET /lab/settings: the lab's settings with their history, newest change first. */
export const labSettingsSchema = z.object({
  /** false: a second reviewer or admin confirms every revocation (the default). */
  onePersonRevocation: z.boolean(),
  /** Days a passed pre-harvest screening clears the harvest, from the day of sampling. */
  screeningValidDays: z.number().int(),
  /** Metres from the pond (or farm) beyond which a collection needs the agent's reason. */
  collectionRadiusM: z.number().int(),
  /** false: only Indian mobile numbers may sign up or sign in by code (the default). */
  internationalPhones: z.boolean(),
  history: z.array(labSettingChangeSchema),
});
export type LabSettings = z.infer<typeof labSettingsSchema>;

export const REPORT_RESULTS = ["success", "failure"] as const;

/** Who did a step of a report and when: the analyst's last result, the reviewer's release. */
export const personAtSchema = z.object({ name: z.string(), at: z.string() });

export const reportSchema = z.object({
  id: z.number().int(),
  sampleId: z.number().int(),
  userId: z.number().int(),
  result: z.enum(REPORT_RESULTS),
  completedAt: z.string(),
  details: z.object({
    initialInspection: z.string(),
    labResults: labResultsSchema,
    finalReview: z.string(),
    certification: z.string().nullable(),
  }),
  tests: z.array(reportTestSchema),
  status: z.enum(["valid", "revoked"]),
  /** The English wording of `revokedReasonCode`, never staff's internal note. */
  revokedReason: z.string().nullable(),
  revokedReasonCode: z.enum(REVOCATION_REASONS).nullable(),
  revokedAt: z.string().nullable(),
  /** Each judged market's verdict (the lab's default limits when none was chosen). */
  markets: z.array(marketJudgementSchema),
  /** The parameter table: method, unit, LOD/LOQ, result, and each market's limit and verdict. */
  parameters: z.array(parameterLineSchema),
  analyst: personAtSchema.nullable(),
  reviewer: personAtSchema.nullable(),
  /** SHA-256 (hex) of the issued PDF, stored once at release. */
  sha256: z.string().nullable(),
  /** The report that replaced this revoked one: its id and certification number (null for a failed retest). */
  replacedBy: z.object({ id: z.number().int(), certification: z.string().nullable() }).nullable(),
  /** The revoked report this one replaces. */
  replaces: z.object({ id: z.number().int(), certification: z.string().nullable() }).nullable(),
  /**
   * The code printed under the certificate number (16 upper-case hex characters): with it, anyone the
   * customer gives it to opens the full public certificate. Null for a test report without a number.
   */
  checkCode: z.string().nullable(),
  /**
   * The market codes the certificate certifies (those that passed; none without a number) and those
   * it does not. A certificate is issued when at least one judged market passes.
   */
  certifiedMarkets: z.array(z.string()).optional(),
  notCertifiedMarkets: z.array(z.string()).optional(),
  /** The sample's provider (farmer) as submitted, its place and its shrimp category. */
  farmer: z.string().optional(),
  place: z.string().nullable().optional(),
  shrimpCategory: z.string().optional(),
  /** The sample's test types with the parameter codes of each panel, to group the results table. */
  panels: z.array(z.object({ testType: z.string(), codes: z.array(z.string()) })).optional(),
});
export type Report = z.infer<typeof reportSchema>;

/** A report as staff read it: the customer's view, plus the revocation's internal note and its two people. */
export const labReportSchema = reportSchema.extend({
  revocationNote: z.string().nullable(),
  revokedBy: z.number().int().nullable(),
  revocationConfirmedBy: z.number().int().nullable(),
});
export type LabReport = z.infer<typeof labReportSchema>;

/** A certificate's check code: 16 upper-case hexadecimal characters. */
export const CHECK_CODE_PATTERN = /^[0-9A-F]{16}$/;

/** The check code as printed and shown: four groups of four, "4F3A-91C2-0B7D-E5A1". */
export const formatCheckCode = (code: string): string => code.match(/.{1,4}/g)?.join("-") ?? code;

/** A check code as typed: dashes and spaces dropped, any case accepted. */
export const normalizeCheckCode = (typed: string): string => typed.replace(/[\s-]/g, "").toUpperCase();

/**
 * GET /certificates/{number}?code=…|sha256=…: what proves the asker holds the certificate, either the
 * printed check code or the SHA-256 of the PDF file. Without one the answer is the summary.
 */
export const certificateProofSchema = z.object({
  code: text(messages.checkCodeInvalid)
    .transform(normalizeCheckCode)
    .pipe(z.string().regex(CHECK_CODE_PATTERN, messages.checkCodeInvalid))
    .optional(),
  sha256: text(messages.certificateSha256Invalid)
    .trim()
    .toLowerCase()
    .pipe(z.string().regex(/^[0-9a-f]{64}$/, messages.certificateSha256Invalid))
    .optional(),
});
export type CertificateProof = z.output<typeof certificateProofSchema>;

/** What the number alone tells anyone: whether the certificate stands, when and by whom it was issued. */
const certificateStanding = {
  number: z.string(),
  issuedAt: z.string(),
  /** The laboratory that issued it. */
  lab: z.string(),
  status: z.enum(["valid", "revoked"]),
  /** The certification number of the report that replaced this revoked one, or null. */
  replacedBy: z.string().nullable(),
};

/** A judged market on a public certificate; a buyer's own specification is never named. */
export const certificateMarketSchema = z.object({
  /** The market's code, or "BUYER-1", "BUYER-2"… for a buyer's own specification. */
  code: z.string(),
  /** The market's name, or "Buyer specification". */
  name: z.string(),
  /** A buyer's own specification: shown as such, without its name or code. */
  buyer: z.boolean(),
  version: z.number().int().nullable(),
  verdict: z.enum(["pass", "fail", "pending"]),
});
export type CertificateMarket = z.infer<typeof certificateMarketSchema>;

/** GET /certificates/{number} without a proof, or with one that did not match. */
export const certificateSummarySchema = z.object({
  detail: z.literal("summary"),
  ...certificateStanding,
  /** A check code or file hash was given and did not match this certificate. */
  mismatch: z.boolean(),
});
export type CertificateSummary = z.infer<typeof certificateSummarySchema>;

/** GET /certificates/{number} with the right check code or file hash: the certificate's results. */
export const certificateFullSchema = z.object({
  detail: z.literal("full"),
  ...certificateStanding,
  result: z.enum(REPORT_RESULTS),
  shrimpCategory: z.string(),
  tests: z.array(reportTestSchema),
  revokedAt: z.string().nullable(),
  /** Why it was revoked, from the fixed list (never staff's internal note). */
  revokedReasonCode: z.enum(REVOCATION_REASONS).nullable(),
  /** That reason in English (`revocationReasonText`). */
  revokedReason: z.string().nullable(),
  markets: z.array(certificateMarketSchema),
  parameters: z.array(parameterLineSchema),
  /** SHA-256 (hex) of the PDF the lab issued: a holder's copy must hash to exactly this. */
  sha256: z.string().nullable(),
});
export type CertificateFull = z.infer<typeof certificateFullSchema>;

/** GET /certificates/{number}: public, no personal data; the results only to a holder. */
export const certificateSchema = z.discriminatedUnion("detail", [
  certificateSummarySchema,
  certificateFullSchema,
]);
export type Certificate = z.infer<typeof certificateSchema>;

/** The wording of a buyer's own specification on a public certificate. */
export const BUYER_SPECIFICATION = "Buyer specification";

export const CERTIFICATE_PATTERN = /^NSP-CERT-\d{4}-\d{3,}$/;
export const certificationNumber = (year: number, n: number): string =>
  `NSP-CERT-${year}-${String(n).padStart(3, "0")}`;

/** Any move the sample state machine does not allow (409; docs/architecture.md). */
export const cannotMoveMessage = (from: string, to: string): string =>
  englishText("cannotMove", { from, to });

/** GET /lab/samples item: a sample as the console lists it, with its customer. */
export const labSampleSchema = sampleSchema.extend({
  customerName: z.string(),
  company: z.string().nullable(),
});
export type LabSample = z.infer<typeof labSampleSchema>;

/** GET /lab/samples: one page of every customer's samples. */
export const labSamplePageSchema = z.object({
  items: z.array(labSampleSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type LabSamplePage = z.infer<typeof labSamplePageSchema>;

/** GET /lab/samples/{id}: the sample with its customer, timeline and report. */
export const labSampleDetailSchema = z.object({
  /** customerEmail: null for a customer who signed up with a mobile number and gave no address. */
  sample: labSampleSchema.extend({ customerEmail: z.string().nullable() }),
  events: z.array(sampleEventSchema),
  /** The current report: the newest, which replaces any revoked one. */
  report: labReportSchema.nullable(),
  /** Every report of the sample, newest first (revoked ones and their replacements). */
  reports: z.array(labReportSchema),
  /** The parameters of the sample's test types (their panels, docs/certified-results.md). */
  panel: z.array(parameterSchema),
  /** The round of results under way or last released; null before any result. */
  analysis: analysisSchema.nullable(),
});
export type LabSampleDetail = z.infer<typeof labSampleDetailSchema>;
