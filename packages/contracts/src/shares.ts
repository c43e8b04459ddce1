import { z } from "zod";

import { CAA_STATUSES, LOT_CODE_PATTERN, LOT_STATES, isCalendarDay, normaliseLotCode } from "./farms";
import { EMAIL_MAX } from "./limits";
import { messages } from "./messages";
import { MARKET_VERDICTS, marketJudgementSchema, parameterLineSchema } from "./results";
import { SAMPLE_PURPOSES, SAMPLE_STATUSES } from "./samples";
import { idSchema, text } from "./text";

/** What the trails of both organisations record of a share: the grantor's and the grantee's sides. */
export const SHARE_ACTIVITY_KINDS = [
  "share-granted",
  "share-revoked",
  "share-received",
  "share-withdrawn",
] as const;
export type ShareActivityKind = (typeof SHARE_ACTIVITY_KINDS)[number];

/** A share lasts at most this many days after today (India's calendar). */
export const SHARE_MAX_DAYS = 366;

/** A share is of a whole farm (its lots and their samples) or of one harvest lot. */
export const SHARE_TARGETS = ["farm", "lot"] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

/** India is UTC+05:30 all year. */
const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * The instant a share given "until" a day ends: the next midnight in India, so the share covers the
 * whole of its last day wherever the reader is.
 */
export function shareEndOf(lastDay: string): Date {
  return new Date(Date.parse(`${lastDay}T00:00:00Z`) + 24 * 3600_000 - INDIA_OFFSET_MS);
}

/** The last day (India's calendar) a share ending at `expiresAt` covers. */
export function shareLastDay(expiresAt: Date | string): string {
  const end = typeof expiresAt === "string" ? Date.parse(expiresAt) : expiresAt.getTime();
  return new Date(end + INDIA_OFFSET_MS - 1).toISOString().slice(0, 10);
}

/** The share's end: its last day (the whole day, India's calendar), or an exact ISO instant. */
const expiresAt = text(messages.shareExpiryInvalid)
  .trim()
  .max(40, messages.shareExpiryInvalid)
  .refine(
    (value) => isCalendarDay(value) || z.iso.datetime({ offset: true }).safeParse(value).success,
    messages.shareExpiryInvalid,
  )
  .transform((value) => (isCalendarDay(value) ? shareEndOf(value) : new Date(value)));

const lotCode = text(messages.shareLotCodeInvalid)
  .max(40, messages.shareLotCodeInvalid)
  .transform(normaliseLotCode)
  .refine((value) => LOT_CODE_PATTERN.test(value), messages.shareLotCodeInvalid);

const granteeEmail = text(messages.invalidEmailAddress)
  .trim()
  .max(EMAIL_MAX, messages.invalidEmailFormat)
  .pipe(z.email({ error: messages.invalidEmailFormat }))
  .transform((value) => value.toLowerCase());

/**
 * POST /organisations/{id}/shares: one farm (its id) or one harvest lot (its code), one organisation
 * (by a member's e-mail or its number), and when the share ends.
 */
export const createShareRequestSchema = z
  .object({
    farmId: idSchema(messages.farmNotFound).optional(),
    lotCode: lotCode.optional(),
    granteeOrganisationId: idSchema(messages.granteeUnknown).optional(),
    granteeEmail: granteeEmail.optional(),
    expiresAt,
  })
  .strip()
  .refine((value) => (value.farmId === undefined) !== (value.lotCode === undefined), {
    message: messages.shareTargetRequired,
    path: ["farmId"],
  })
  .refine((value) => (value.granteeOrganisationId === undefined) !== (value.granteeEmail === undefined), {
    message: messages.shareGranteeRequired,
    path: ["granteeEmail"],
  });
export type CreateShareRequest = z.input<typeof createShareRequestSchema>;

/** A share as the granting organisation's members read it. */
export const shareSchema = z.object({
  id: z.number().int(),
  target: z.enum(SHARE_TARGETS),
  farm: z.object({ id: z.number().int(), name: z.string() }),
  /** The lot of a lot share; null for a farm share. */
  lot: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  grantee: z.object({ id: z.number().int(), name: z.string() }),
  /** When the share ends, and the last day it covers (India's calendar). */
  expiresAt: z.string(),
  lastDay: z.string(),
  createdAt: z.string(),
  /** The admin who granted it, while a member. */
  createdBy: z.string().nullable(),
});
export type Share = z.infer<typeof shareSchema>;

export const shareListSchema = z.object({ items: z.array(shareSchema) });
export type ShareList = z.infer<typeof shareListSchema>;

/** A sample of a shared lot, as the organisation it is shared with reads it: no person's details. */
export const sharedSampleSchema = z.object({
  id: z.number().int(),
  status: z.enum(SAMPLE_STATUSES),
  purpose: z.enum(SAMPLE_PURPOSES).nullable(),
  shrimpCategory: z.string(),
  testTypes: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The sample's latest report, if one was released. */
  report: z
    .object({
      id: z.number().int(),
      status: z.enum(["valid", "revoked"]),
      result: z.enum(["success", "failure"]),
      certification: z.string().nullable(),
      completedAt: z.string(),
      verdicts: z.array(z.object({ market: z.string(), verdict: z.enum(MARKET_VERDICTS) })),
    })
    .nullable(),
});
export type SharedSample = z.infer<typeof sharedSampleSchema>;

export const sharedLotSchema = z.object({
  code: z.string(),
  pondCode: z.string(),
  species: z.string(),
  expectedOn: z.string(),
  harvestedOn: z.string().nullable(),
  quantityKg: z.number().nullable(),
  markets: z.array(z.string()),
  /** The lot's state at the processor's gate. */
  state: z.enum(LOT_STATES),
  /** The last day the lot is shared with the reader (the latest of the shares covering it). */
  sharedUntil: z.string(),
  samples: z.array(sharedSampleSchema),
});
export type SharedLot = z.infer<typeof sharedLotSchema>;

/** A farm shared with the reader's organisation (whole, or through some of its lots). */
export const sharedFarmSchema = z.object({
  organisation: z.object({ name: z.string() }),
  farm: z.object({
    name: z.string(),
    mpedaEnrolment: z.string().nullable(),
    caaRegistration: z.string().nullable(),
    caaExpiresOn: z.string().nullable(),
    caaStatus: z.enum(CAA_STATUSES),
    stateLicence: z.string().nullable(),
    village: z.string().nullable(),
    district: z.string().nullable(),
    state: z.string().nullable(),
  }),
  lots: z.array(sharedLotSchema),
});
export type SharedFarm = z.infer<typeof sharedFarmSchema>;

/** GET /shared: what other organisations share with the reader's now. */
export const sharedWithUsSchema = z.object({ items: z.array(sharedFarmSchema) });
export type SharedWithUs = z.infer<typeof sharedWithUsSchema>;

/** GET /shared/samples/{id}: a shared sample with its lot and its latest report's results. */
export const sharedSampleDetailSchema = z.object({
  sample: sharedSampleSchema.omit({ report: true }),
  organisation: z.object({ name: z.string() }),
  farmName: z.string(),
  lotCode: z.string(),
  pondCode: z.string(),
  report: z
    .object({
      id: z.number().int(),
      status: z.enum(["valid", "revoked"]),
      result: z.enum(["success", "failure"]),
      certification: z.string().nullable(),
      completedAt: z.string(),
      revokedAt: z.string().nullable(),
      markets: z.array(marketJudgementSchema),
      parameters: z.array(parameterLineSchema),
    })
    .nullable(),
});
export type SharedSampleDetail = z.infer<typeof sharedSampleDetailSchema>;
