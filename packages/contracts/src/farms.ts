import { z } from "zod";

import { COMPANY_MAX, EMAIL_MAX, NAME_MAX, tooLong, tooMany } from "./limits";
import { messages } from "./messages";
import { MARKET_VERDICTS, marketListSchema } from "./results";
// SAMPLE_PURPOSES (why a sample was taken) lives with the sample, in ./samples.
import { SAMPLE_PURPOSES, SAMPLE_STATUSES, SHRIMP_CATEGORY_NAMES } from "./samples";
import { idSchema, text } from "./text";

/** A farm's CAA registration: `expiring` within CAA_EXPIRING_DAYS (India's calendar), `unknown` without a date. */
export const CAA_STATUSES = ["valid", "expiring", "expired", "unknown"] as const;
export type CaaStatus = (typeof CAA_STATUSES)[number];
export const CAA_EXPIRING_DAYS = 30;

/**
 * A lot at the processor's gate: `not_tested` no sample names it, `pending` its latest pre-harvest
 * sample has no released report, `failed` that report failed one of the lot's markets, `revoked` it was
 * revoked, `expired` it passed but its validity ended, `cleared` it passed and is valid; `unknown` no
 * lot has this code (or the code is malformed).
 */
export const LOT_STATES = [
  "cleared",
  "expired",
  "failed",
  "revoked",
  "pending",
  "not_tested",
  "unknown",
] as const;
export type LotState = (typeof LOT_STATES)[number];

/** Ten characters of Crockford's base32 (no I, L, O, U): what the lot card prints and the gate scans. */
export const LOT_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/;
export const LOT_CODE_LENGTH = 10;
/** Codes of one batch check. */
export const LOT_CHECK_MAX = 200;

export const FARM_NAME_MAX = NAME_MAX;
/** MPEDA enrolment, CAA registration, state licence, hatchery registration, EIC approval, PHT certificate. */
export const REGISTRATION_MAX = 40;
export const SURVEY_NUMBERS_MAX = 200;
export const PLACE_NAME_MAX = 80;
export const POND_CODE_MAX = 20;
export const POND_CODE_PATTERN = /^[A-Za-z0-9 /-]{1,20}$/;
export const AREA_HA_MAX = 100_000;
export const HATCHERY_NAME_MAX = NAME_MAX;
export const FEED_TEXT_MAX = 80;
export const TREATMENT_TEXT_MAX = 120;
export const TREATMENTS_MAX = 20;
export const DENSITY_MAX = 10_000;
export const QUANTITY_KG_MAX = 10_000_000;
export const COUNT_PER_KG_MAX = 10_000;
export const BUYER_NAME_MAX = COMPANY_MAX;
export const BOUNDARY_POINTS_MAX = 500;

/** A calendar day that exists, written YYYY-MM-DD (Date.parse would roll 2026-02-31 over to March). */
export const isCalendarDay = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
};

const day = (error: string = messages.dateInvalid) =>
  text(error).trim().max(10, error).refine(isCalendarDay, error);

/** Free text, trimmed; an empty text is stored as null. */
const optionalText = (label: string, max: number) =>
  text()
    .trim()
    .max(max, tooLong(label, max))
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional();

const hectares = z
  .number({ error: messages.areaInvalid })
  .gt(0, messages.areaInvalid)
  .max(AREA_HA_MAX, messages.areaInvalid)
  // Stored with two decimals.
  .transform((value) => Math.round(value * 100) / 100)
  .refine((value) => value > 0, messages.areaInvalid);

const latitude = z
  .number({ error: messages.coordinatesInvalid })
  .min(-90, messages.coordinatesInvalid)
  .max(90, messages.coordinatesInvalid);
const longitude = z
  .number({ error: messages.coordinatesInvalid })
  .min(-180, messages.coordinatesInvalid)
  .max(180, messages.coordinatesInvalid);

/** [lng, lat] pairs of a polygon's outer ring (GeoJSON order). */
const boundarySchema = z
  .array(z.tuple([longitude, latitude], { error: messages.boundaryInvalid }), {
    error: messages.boundaryInvalid,
  })
  .min(3, messages.boundaryInvalid)
  .max(BOUNDARY_POINTS_MAX, messages.boundaryInvalid);

const farmFields = {
  name: text(messages.farmNameRequired)
    .trim()
    .min(1, messages.farmNameRequired)
    .max(FARM_NAME_MAX, tooLong("Farm name", FARM_NAME_MAX)),
  providerId: idSchema().nullable().optional(),
  mpedaEnrolment: optionalText("MPEDA enrolment", REGISTRATION_MAX),
  caaRegistration: optionalText("CAA registration", REGISTRATION_MAX),
  caaExpiresOn: day().nullable().optional(),
  stateLicence: optionalText("State licence", REGISTRATION_MAX),
  surveyNumbers: optionalText("Survey numbers", SURVEY_NUMBERS_MAX),
  areaHa: hectares.nullable().optional(),
  village: optionalText("Village", PLACE_NAME_MAX),
  mandal: optionalText("Mandal", PLACE_NAME_MAX),
  district: optionalText("District", PLACE_NAME_MAX),
  state: optionalText("State", PLACE_NAME_MAX),
  lat: latitude.nullable().optional(),
  lng: longitude.nullable().optional(),
  boundary: boundarySchema.nullable().optional(),
};

const bothOrNeither = (value: { lat?: number | null; lng?: number | null }) =>
  (value.lat == null) === (value.lng == null);

/** POST /farms */
export const createFarmRequestSchema = z
  .object(farmFields)
  .strip()
  .refine(bothOrNeither, { message: messages.coordinatesInvalid, path: ["lat"] });
export type CreateFarmRequest = z.input<typeof createFarmRequestSchema>;

/** PUT /farms/{id}: only the fields sent change; null clears an optional one. */
export const updateFarmRequestSchema = z
  .object({ ...farmFields, name: farmFields.name.optional() })
  .strip()
  .refine((value) => value.lat === undefined || value.lng === undefined || bothOrNeither(value), {
    message: messages.coordinatesInvalid,
    path: ["lat"],
  });
export type UpdateFarmRequest = z.input<typeof updateFarmRequestSchema>;

export const farmSchema = z.object({
  id: z.number().int(),
  providerId: z.number().int().nullable(),
  name: z.string(),
  mpedaEnrolment: z.string().nullable(),
  caaRegistration: z.string().nullable(),
  caaExpiresOn: z.string().nullable(),
  caaStatus: z.enum(CAA_STATUSES),
  stateLicence: z.string().nullable(),
  surveyNumbers: z.string().nullable(),
  areaHa: z.number().nullable(),
  village: z.string().nullable(),
  mandal: z.string().nullable(),
  district: z.string().nullable(),
  state: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  boundary: z.array(z.tuple([z.number(), z.number()])).nullable(),
  pondCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Farm = z.infer<typeof farmSchema>;

export const farmListSchema = z.object({ items: z.array(farmSchema) });
export type FarmList = z.infer<typeof farmListSchema>;

const pondFields = {
  code: text(messages.pondCodeInvalid).trim().regex(POND_CODE_PATTERN, messages.pondCodeInvalid),
  areaHa: hectares.nullable().optional(),
  lat: latitude.nullable().optional(),
  lng: longitude.nullable().optional(),
};

/** POST /farms/{id}/ponds */
export const createPondRequestSchema = z
  .object(pondFields)
  .strip()
  .refine(bothOrNeither, { message: messages.coordinatesInvalid, path: ["lat"] });
export type CreatePondRequest = z.input<typeof createPondRequestSchema>;

/** PUT /ponds/{id} */
export const updatePondRequestSchema = z
  .object({ ...pondFields, code: pondFields.code.optional() })
  .strip()
  .refine((value) => value.lat === undefined || value.lng === undefined || bothOrNeither(value), {
    message: messages.coordinatesInvalid,
    path: ["lat"],
  });
export type UpdatePondRequest = z.input<typeof updatePondRequestSchema>;

export const pondSchema = z.object({
  id: z.number().int(),
  farmId: z.number().int(),
  farmName: z.string(),
  code: z.string(),
  areaHa: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The crop in the pond now (stocked, not harvested), if any. */
  openCropId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Pond = z.infer<typeof pondSchema>;

export const pondListSchema = z.object({ items: z.array(pondSchema) });
export type PondList = z.infer<typeof pondListSchema>;

export const treatmentSchema = z
  .object(
    {
      substance: text(messages.treatmentInvalid)
        .trim()
        .min(1, messages.treatmentInvalid)
        .max(TREATMENT_TEXT_MAX, tooLong("Substance", TREATMENT_TEXT_MAX)),
      dose: text(messages.treatmentInvalid)
        .trim()
        .min(1, messages.treatmentInvalid)
        .max(TREATMENT_TEXT_MAX, tooLong("Dose", TREATMENT_TEXT_MAX)),
      from: day(messages.treatmentInvalid),
      to: day(messages.treatmentInvalid),
    },
    { error: messages.treatmentInvalid },
  )
  .strip()
  .refine((value) => value.from <= value.to, { message: messages.treatmentInvalid, path: ["to"] });
export type Treatment = z.infer<typeof treatmentSchema>;

const cropFields = {
  species: z.enum(SHRIMP_CATEGORY_NAMES as [string, ...string[]], { error: messages.cropSpeciesInvalid }),
  stockedOn: day(messages.stockedOnRequired),
  density: z
    .number({ error: messages.densityInvalid })
    .int(messages.densityInvalid)
    .min(1, messages.densityInvalid)
    .max(DENSITY_MAX, messages.densityInvalid)
    .nullable()
    .optional(),
  hatcheryName: optionalText("Hatchery name", HATCHERY_NAME_MAX),
  hatcheryRegistration: optionalText("Hatchery registration", REGISTRATION_MAX),
  feedBrand: optionalText("Feed brand", FEED_TEXT_MAX),
  feedLot: optionalText("Feed lot", FEED_TEXT_MAX),
  noTreatments: z.boolean({ error: messages.treatmentsRequired }),
  treatments: z
    .array(treatmentSchema, { error: messages.treatmentInvalid })
    .max(TREATMENTS_MAX, tooMany("treatments", TREATMENTS_MAX))
    .optional(),
  harvestedOn: day().nullable().optional(),
};

type TreatmentDeclaration = {
  noTreatments?: boolean | undefined;
  treatments?: readonly Treatment[] | undefined;
};
/** A crop declares no treatment, or lists at least one; never both. */
const treatmentsDeclared = (value: TreatmentDeclaration): boolean =>
  value.noTreatments === undefined ||
  (value.noTreatments ? (value.treatments ?? []).length === 0 : (value.treatments ?? []).length > 0);

/** POST /ponds/{id}/crops: stocks a new crop in a pond without an open one. */
export const createCropRequestSchema = z
  .object(cropFields)
  .strip()
  .refine(treatmentsDeclared, { message: messages.treatmentsRequired, path: ["treatments"] })
  .refine((value) => value.harvestedOn == null || value.harvestedOn >= value.stockedOn, {
    message: messages.harvestBeforeStocking,
    path: ["harvestedOn"],
  });
export type CreateCropRequest = z.input<typeof createCropRequestSchema>;

/** PUT /crops/{id}: harvestedOn ends the crop (null opens it again). */
export const updateCropRequestSchema = z
  .object({
    ...cropFields,
    species: cropFields.species.optional(),
    stockedOn: cropFields.stockedOn.optional(),
    noTreatments: cropFields.noTreatments.optional(),
  })
  .strip()
  .refine(treatmentsDeclared, { message: messages.treatmentsRequired, path: ["treatments"] })
  .refine((value) => value.noTreatments !== undefined || value.treatments === undefined, {
    message: messages.treatmentsRequired,
    path: ["noTreatments"],
  })
  .refine(
    (value) =>
      value.harvestedOn == null || value.stockedOn === undefined || value.harvestedOn >= value.stockedOn,
    { message: messages.harvestBeforeStocking, path: ["harvestedOn"] },
  );
export type UpdateCropRequest = z.input<typeof updateCropRequestSchema>;

export const cropSchema = z.object({
  id: z.number().int(),
  pondId: z.number().int(),
  pondCode: z.string(),
  farmId: z.number().int(),
  farmName: z.string(),
  species: z.string(),
  stockedOn: z.string(),
  density: z.number().int().nullable(),
  hatcheryName: z.string().nullable(),
  hatcheryRegistration: z.string().nullable(),
  feedBrand: z.string().nullable(),
  feedLot: z.string().nullable(),
  noTreatments: z.boolean(),
  treatments: z.array(
    z.object({ substance: z.string(), dose: z.string(), from: z.string(), to: z.string() }),
  ),
  harvestedOn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Crop = z.infer<typeof cropSchema>;

export const cropListSchema = z.object({ items: z.array(cropSchema) });
export type CropList = z.infer<typeof cropListSchema>;

const lotFields = {
  expectedOn: day(messages.expectedOnRequired),
  quantityKg: z
    .number({ error: messages.quantityInvalid })
    .gt(0, messages.quantityInvalid)
    .max(QUANTITY_KG_MAX, messages.quantityInvalid)
    // Stored with one decimal.
    .transform((value) => Math.round(value * 10) / 10)
    .refine((value) => value > 0, messages.quantityInvalid)
    .nullable()
    .optional(),
  countPerKg: z
    .number({ error: messages.countPerKgInvalid })
    .int(messages.countPerKgInvalid)
    .min(1, messages.countPerKgInvalid)
    .max(COUNT_PER_KG_MAX, messages.countPerKgInvalid)
    .nullable()
    .optional(),
  buyerName: optionalText("Buyer name", BUYER_NAME_MAX),
  buyerEic: optionalText("Buyer EIC approval", REGISTRATION_MAX),
  /** A member's e-mail naming the buyer's organisation in the portal; null or empty clears it. */
  buyerEmail: text(messages.invalidEmailAddress)
    .trim()
    .max(EMAIL_MAX, messages.invalidEmailFormat)
    .transform((value) => (value === "" ? null : value.toLowerCase()))
    .pipe(z.email({ error: messages.invalidEmailFormat }).nullable())
    .nullable()
    .optional(),
  markets: marketListSchema.optional(),
  phtCertificate: optionalText("PHT certificate", REGISTRATION_MAX),
  harvestedOn: day().nullable().optional(),
};

/** POST /crops/{id}/lots: the server makes the lot's code. */
export const createLotRequestSchema = z.object(lotFields).strip();
export type CreateLotRequest = z.input<typeof createLotRequestSchema>;

/** PUT /lots/{id} */
export const updateLotRequestSchema = z
  .object({ ...lotFields, expectedOn: lotFields.expectedOn.optional() })
  .strip();
export type UpdateLotRequest = z.input<typeof updateLotRequestSchema>;

/**
 * A lot's harvest as the farm records it, sent as PUT /lots/{id}: the day it was harvested and the
 * kilograms harvested (they replace the planned quantity); both are needed.
 */
export const lotHarvestRequestSchema = z
  .object({
    harvestedOn: day(messages.harvestedOnRequired),
    quantityKg: lotFields.quantityKg.unwrap().unwrap(),
  })
  .strip();
export type LotHarvestRequest = z.input<typeof lotHarvestRequestSchema>;

export const lotSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  cropId: z.number().int(),
  pondId: z.number().int(),
  pondCode: z.string(),
  farmId: z.number().int(),
  farmName: z.string(),
  species: z.string(),
  expectedOn: z.string(),
  quantityKg: z.number().nullable(),
  countPerKg: z.number().int().nullable(),
  buyerName: z.string().nullable(),
  buyerEic: z.string().nullable(),
  /** The buyer's organisation in the portal, null when the lot names none. */
  buyerOrganisation: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  markets: z.array(z.string()),
  phtCertificate: z.string().nullable(),
  harvestedOn: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lot = z.infer<typeof lotSchema>;

export const lotListSchema = z.object({ items: z.array(lotSchema) });
export type LotList = z.infer<typeof lotListSchema>;

/** GET /crops/{id}/samples: the crop's samples the member sees, newest first, at most this many. */
export const CROP_SAMPLES_MAX = 100;

/** A sample of a crop, with its latest report (a revoked one says so) and that report's verdicts. */
export const cropSampleSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  purpose: z.enum(SAMPLE_PURPOSES).nullable(),
  status: z.enum(SAMPLE_STATUSES),
  lotCode: z.string().nullable(),
  report: z
    .object({
      id: z.number().int(),
      certification: z.string().nullable(),
      status: z.enum(["valid", "revoked"]),
      verdicts: z.array(z.object({ market: z.string(), verdict: z.enum(MARKET_VERDICTS) })),
    })
    .nullable(),
});
export type CropSample = z.infer<typeof cropSampleSchema>;

export const cropSamplesSchema = z.object({
  items: z.array(cropSampleSchema),
  /** The parameters the listed samples' valid reports carry, in the order first seen: a trend's choices. */
  parameters: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type CropSamples = z.infer<typeof cropSamplesSchema>;

/** POST /lots/check: malformed codes are answered as `unknown`, duplicates once. */
export const lotCheckRequestSchema = z
  .object({
    codes: z
      // Any string: a malformed code (even one Postgres could not store) is answered `unknown`, never
      // sent to the database.
      .array(z.string({ error: messages.lotCodesInvalid }).max(100, messages.lotCodesInvalid), {
        error: messages.lotCodesInvalid,
      })
      .min(1, messages.lotCodesInvalid)
      .max(LOT_CHECK_MAX, messages.lotCodesInvalid),
  })
  .strip();
export type LotCheckRequest = z.input<typeof lotCheckRequestSchema>;

/** A code as the gate reads it: spaces and dashes dropped, upper case, and Crockford's look-alikes. */
export const normaliseLotCode = (value: string): string =>
  value.replace(/[\s-]/g, "").toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0");

/**
 * What the processor's gate learns of a lot: registrations, pond, species, the expected harvest and the
 * latest pre-harvest screening; no person's name, phone, e-mail or address.
 */
export const lotCheckSchema = z.object({
  code: z.string(),
  state: z.enum(LOT_STATES),
  mpedaEnrolment: z.string().nullable(),
  caaRegistration: z.string().nullable(),
  caaStatus: z.enum(CAA_STATUSES).nullable(),
  pondCode: z.string().nullable(),
  species: z.string().nullable(),
  expectedOn: z.string().nullable(),
  quantityKg: z.number().nullable(),
  markets: z.array(z.string()),
  /** The latest pre-harvest screening report's certificate number. */
  certificateNumber: z.string().nullable(),
  verdicts: z.array(z.object({ market: z.string(), verdict: z.enum(MARKET_VERDICTS) })),
  /** India's date of the sampling, and the last day the screening clears the harvest. */
  sampledOn: z.string().nullable(),
  validUntil: z.string().nullable(),
});
export type LotCheck = z.infer<typeof lotCheckSchema>;

export const lotCheckAnswerSchema = z.object({ items: z.array(lotCheckSchema) });
export type LotCheckAnswer = z.infer<typeof lotCheckAnswerSchema>;

/** What the organisation's trail records of its farms, ponds, crops and lots (part of ACTIVITY_KINDS). */
export const FARM_ACTIVITY_KINDS = [
  "farm-created",
  "farm-updated",
  "farm-deleted",
  "pond-created",
  "pond-updated",
  "pond-deleted",
  "crop-stocked",
  "crop-updated",
  "lot-created",
  "lot-updated",
] as const;
export type FarmActivityKind = (typeof FARM_ACTIVITY_KINDS)[number];
