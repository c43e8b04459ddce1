import { z } from "zod";

import { messages } from "./messages";
import { coordinatesSchema } from "./providers";
import { SAMPLE_STATUSES } from "./samples";
import { idSchema, text } from "./text";

export const staffSchema = z.object({ id: z.number().int(), email: z.string(), name: z.string() });
export type Staff = z.infer<typeof staffSchema>;

export const labLoginResponseSchema = z.object({
  staff: staffSchema,
  accessToken: z.string(),
  expiresIn: z.number().int(),
  tokenType: z.literal("Bearer"),
});
export type LabLoginResponse = z.infer<typeof labLoginResponseSchema>;

export const agentInputSchema = z.object({
  name: text(messages.agentNameRequired).trim().min(1, messages.agentNameRequired).max(120),
  phone: text(messages.phoneRequired).trim().min(1, messages.phoneRequired).max(32),
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
  note: text().trim().max(500).optional(),
});

export const VERDICTS = ["pass", "fail"] as const;
export const reportTestSchema = z.object({
  testType: text().trim().min(1).max(80),
  value: text().trim().min(1, messages.reportValueRequired).max(80),
  unit: text().trim().max(40).default(""),
  limit: text().trim().max(80).default(""),
  method: text().trim().max(120).default(""),
  verdict: z.enum(VERDICTS, { error: messages.reportVerdictInvalid }),
});
export type ReportTest = z.output<typeof reportTestSchema>;

export const labResultsSchema = z.object({
  viralScreening: text().trim().max(2000).default(""),
  bacterialAnalysis: text().trim().max(2000).default(""),
  parasiteCheck: text().trim().max(2000).default(""),
  geneticMarkers: text().trim().max(2000).default(""),
  waterQuality: text().trim().max(2000).default(""),
});

export const issueReportRequestSchema = z.object({
  initialInspection: text().trim().max(4000).default(""),
  labResults: labResultsSchema.default({
    viralScreening: "",
    bacterialAnalysis: "",
    parasiteCheck: "",
    geneticMarkers: "",
    waterQuality: "",
  }),
  finalReview: text().trim().max(4000).default(""),
  tests: z.array(reportTestSchema).min(1, messages.reportTestsRequired).max(6),
});
export type IssueReportRequest = z.input<typeof issueReportRequestSchema>;

export const revokeRequestSchema = z.object({
  reason: text(messages.revokeReasonRequired).trim().min(1, messages.revokeReasonRequired).max(1000),
});

export const REPORT_RESULTS = ["success", "failure"] as const;

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
  revokedReason: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** GET /certificates/{number}: public, no personal data. */
export const certificateSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  result: z.enum(REPORT_RESULTS),
  shrimpCategory: z.string(),
  tests: z.array(reportTestSchema),
  status: z.enum(["valid", "revoked"]),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const CERTIFICATE_PATTERN = /^NSP-CERT-\d{4}-\d{3,}$/;
export const certificationNumber = (year: number, n: number): string =>
  `NSP-CERT-${year}-${String(n).padStart(3, "0")}`;

/** DESIGN.md section 5: any move the state machine does not allow. */
export const cannotMoveMessage = (from: string, to: string): string =>
  `Cannot move sample from ${from} to ${to}`;
