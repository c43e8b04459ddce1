import { z } from "zod";

import {
  EMAIL_MAX,
  ADDRESS_MAX,
  NAME_MAX,
  PHONE_MAX,
  SAMPLER_ID_MAX,
  SEARCH_QUERY_MAX,
  SHRIMP_CATEGORY_MAX,
  TEST_TYPE_MAX,
  TEST_TYPES_MAX,
  tooLong,
  tooMany,
} from "./limits";
import { messages } from "./messages";
import { coordinatesSchema } from "./providers";
import { marketListSchema } from "./results";
import { idSchema, text } from "./text";

/** Six categories, six test types each; the names are the product's wording. */
export const SHRIMP_CATEGORIES = {
  "Pacific White Shrimp": [
    "Pathogen Detection",
    "Antibiotic Residue Test",
    "Heavy Metal Analysis",
    "Nutritional Analysis",
    "Freshness Assessment",
    "Microbiological Testing",
  ],
  "Tiger Shrimp": [
    "Viral Disease Screening",
    "Bacterial Contamination Test",
    "Chemical Residue Analysis",
    "Quality Grade Assessment",
    "Shelf Life Evaluation",
    "Allergen Testing",
  ],
  "Black Tiger Shrimp": [
    "Disease Resistance Testing",
    "Genetic Purity Analysis",
    "Environmental Toxin Screening",
    "Protein Content Analysis",
    "Texture Quality Assessment",
    "Preservation Efficacy Test",
  ],
  "Banana Shrimp": [
    "Freshness Indicator Testing",
    "Parasitic Infection Screening",
    "Trace Element Analysis",
    "Sensory Quality Evaluation",
    "Spoilage Bacteria Detection",
    "Size Grading Assessment",
  ],
  "Brown Shrimp": [
    "Contamination Level Testing",
    "Oxidation Resistance Analysis",
    "Flavor Profile Assessment",
    "Moisture Content Analysis",
    "Bacterial Load Testing",
    "Chemical Preservative Detection",
  ],
  "Pink Shrimp": [
    "Color Stability Testing",
    "Antioxidant Level Analysis",
    "Texture Integrity Assessment",
    "Microbial Safety Testing",
    "Salt Content Analysis",
    "Processing Quality Evaluation",
  ],
} as const satisfies Record<string, readonly string[]>;

export type ShrimpCategory = keyof typeof SHRIMP_CATEGORIES;
export const SHRIMP_CATEGORY_NAMES = Object.keys(SHRIMP_CATEGORIES) as ShrimpCategory[];

/** The test types suggested for a category (its own six), or none for an unknown category. */
export function testTypesOf(category: string): readonly string[] {
  return Object.hasOwn(SHRIMP_CATEGORIES, category) ? SHRIMP_CATEGORIES[category as ShrimpCategory] : [];
}

/** Every test type the lab offers, each once. */
export const LAB_TEST_TYPES: readonly string[] = [...new Set(Object.values(SHRIMP_CATEGORIES).flat())];

/**
 * What a sample of a category may be tested for: its suggested types first, then every other type
 * the lab offers. The suggestions differ by species (Tiger and Black Tiger Shrimp are one animal,
 * Penaeus monodon, with different lists), yet any farm may need the export residue panel.
 */
export function orderableTestTypesOf(category: string): readonly string[] {
  const suggested = testTypesOf(category);
  if (suggested.length === 0) return [];
  return [...suggested, ...LAB_TEST_TYPES.filter((type) => !suggested.includes(type))];
}

/**
 * Statuses a sample can be in. PROCESSING is accepted on input as a synonym of TESTING. REJECTED:
 * refused at reception; like COMPLETED, nothing follows it.
 */
export const SAMPLE_STATUSES = [
  "PENDING",
  "COLLECTING",
  "COLLECTED",
  "TESTING",
  "COMPLETED",
  "REJECTED",
] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

export function normalizeStatus(value: string): SampleStatus | undefined {
  const upper = value.trim().toUpperCase();
  if (upper === "PROCESSING") return "TESTING";
  return (SAMPLE_STATUSES as readonly string[]).includes(upper) ? (upper as SampleStatus) : undefined;
}

/** Filter groups of the lists' `status` query (docs/product-rules.md, Statuses). */
export const STATUS_GROUPS = {
  pending: ["PENDING", "COLLECTING"],
  collected: ["COLLECTED"],
  testing: ["TESTING"],
  completed: ["COMPLETED"],
  rejected: ["REJECTED"],
} as const satisfies Record<string, readonly SampleStatus[]>;
export type StatusGroup = keyof typeof STATUS_GROUPS;

export const SAMPLE_STATUS_LABELS: Record<SampleStatus, string> = {
  PENDING: "Pending",
  COLLECTING: "Collecting",
  // The spec shows Collected as its raw value.
  COLLECTED: "COLLECTED",
  TESTING: "Testing",
  COMPLETED: "Completed",
  REJECTED: "Rejected",
};

export const HISTORY_PAGE_SIZES = [5, 10, 25, 50] as const;
export const LEDGER_PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** Why a sample was taken; a pre-harvest screening names the harvest lot it clears. */
export const SAMPLE_PURPOSES = [
  "monitoring",
  "diagnosis",
  "pre_harvest",
  "raw_material",
  "finished_product",
] as const;
export type SamplePurpose = (typeof SAMPLE_PURPOSES)[number];
export const samplePurposeSchema = z.enum(SAMPLE_PURPOSES, { error: messages.samplePurposeInvalid });

const trimmed = (label: string, max: number) => text().trim().max(max, tooLong(label, max));

/** The customer's notes for the sample collector ("Call before coming; pond 3 is behind the shed"). */
export const COLLECTOR_NOTES_MAX = 500;

/** POST /sample-submissions: the spec's payload (section 3). Status and assigned are the server's. */
export const sampleSubmissionSchema = z.object({
  consumerId: z.union([
    idSchema(),
    text()
      .trim()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .pipe(idSchema()),
  ]),
  /** A saved provider's id (number or digits) or a client's temp_ id. */
  samplerId: z
    .union([idSchema(), trimmed("Sample provider id", SAMPLER_ID_MAX)])
    .nullable()
    .optional(),
  samplerName: text(messages.sampleProviderNameRequired)
    .trim()
    .max(NAME_MAX, tooLong("Sample provider name", NAME_MAX))
    .default(""),
  samplerLocation: trimmed("Sample location", ADDRESS_MAX).nullable().optional(),
  coordinate: z
    .object({ lat: z.number().nullable().optional(), lng: z.number().nullable().optional() })
    .nullable()
    .optional(),
  shrimpCategory: text().trim().max(SHRIMP_CATEGORY_MAX, messages.sampleCategoryRequired).default(""),
  testTypes: z
    .array(text().trim().max(TEST_TYPE_MAX, messages.sampleTestTypeNotInCategory))
    .max(TEST_TYPES_MAX, tooMany("test types", TEST_TYPES_MAX))
    .default([]),
  phoneNumber: trimmed("Phone number", PHONE_MAX).default(""),
  emailAddress: text().trim().max(EMAIL_MAX, messages.emailInvalidOptional).nullable().optional(),
  status: text().optional(),
  assigned: text().optional(),
  /** Destination markets: codes such as EU, US, JP; absent means the profile's default. */
  markets: marketListSchema.optional(),
  /** The pond, crop and harvest lot sampled (of the member's organisation): a lot implies its crop and pond. */
  pondId: idSchema().nullable().optional(),
  cropId: idSchema().nullable().optional(),
  lotId: idSchema().nullable().optional(),
  purpose: samplePurposeSchema.nullable().optional(),
  /** For the agent who collects it: shown on their job, and to the lab. */
  collectorNotes: text()
    .trim()
    .max(COLLECTOR_NOTES_MAX, messages.collectorNotesTooLong)
    .nullable()
    .optional(),
});
export type SampleSubmission = z.input<typeof sampleSubmissionSchema>;

/** What the submission rule reads: the submit form's values, or a submission request's. */
export interface SubmissionRuleValues {
  samplerName: string;
  phoneNumber: string;
  testTypes: readonly string[];
  /** The place's coordinates; null when no place was chosen at all (only the form knows that). */
  coordinates: { lat?: number | null | undefined; lng?: number | null | undefined } | null;
  shrimpCategory: string;
}
export type SubmissionRuleField = "samplerName" | "phoneNumber" | "testTypes" | "location" | "shrimpCategory";

/**
 * The spec's submission rule (section 5), for the form and the server alike: the first problem in the
 * spec's order (provider name, phone, test types, a place, its coordinates: missing or zero, then out
 * of range, then the category), or null.
 */
export function firstSubmissionProblem(
  values: SubmissionRuleValues,
): { field: SubmissionRuleField; message: string } | null {
  const problem = (field: SubmissionRuleField, message: string) => ({ field, message });
  if (values.samplerName.trim() === "") return problem("samplerName", messages.sampleProviderNameRequired);
  if (values.phoneNumber.trim() === "") return problem("phoneNumber", messages.samplePhoneRequired);
  if (values.testTypes.length === 0) return problem("testTypes", messages.sampleTestTypesRequired);
  if (values.coordinates === null) return problem("location", messages.sampleLocationInvalid);
  const { lat, lng } = values.coordinates;
  if (!lat || !lng) return problem("location", messages.sampleCoordinatesRequired);
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180)
    return problem("location", messages.coordinatesInvalid);
  if (values.shrimpCategory === "") return problem("shrimpCategory", messages.sampleCategoryRequired);
  return null;
}

/** How a sample's current report stands after a revocation (see `reportRevocation`). */
export const REPORT_REVOCATIONS = ["revoked", "replaced"] as const;
export type ReportRevocation = (typeof REPORT_REVOCATIONS)[number];

/** The server view of a sample: the fields clients read, plus its markets and report. */
export const sampleSchema = z.object({
  id: z.number().int(),
  consumerId: z.number().int(),
  providerId: z.number().int().nullable(),
  status: z.enum(SAMPLE_STATUSES),
  samplerName: z.string(),
  samplerLocation: z.string(),
  coordinates: coordinatesSchema.nullable(),
  shrimpCategory: z.string(),
  shrimpSubCategory: z.string(),
  testTypes: z.array(z.string()),
  /** The destination markets its results are judged against; empty: the lab's default limits. */
  markets: z.array(z.string()),
  phoneNumber: z.string(),
  emailAddress: z.string().nullable(),
  assigned: z.string(),
  testingEta: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The sample's report once one is issued (the sample is then COMPLETED and report-ready). */
  reportId: z.number().int().nullable(),
  /**
   * In the customer's list and on the sample's page: "revoked" while the current report is revoked and
   * not yet replaced, "replaced" once a replacement is the current report; null otherwise.
   */
  reportRevocation: z.enum(REPORT_REVOCATIONS).nullable().optional(),
  /** What was sampled and why, when the submission said so. */
  purpose: z.enum(SAMPLE_PURPOSES).nullable().optional(),
  pond: z.object({ id: z.number().int(), code: z.string(), farmName: z.string() }).nullable().optional(),
  cropId: z.number().int().nullable().optional(),
  lot: z.object({ id: z.number().int(), code: z.string() }).nullable().optional(),
  /** The customer's notes for the sample collector; null when they gave none. */
  collectorNotes: z.string().nullable().optional(),
});
export type Sample = z.infer<typeof sampleSchema>;

/** A calendar day that exists: Date.parse rolls 2026-02-31 over to 3 March. */
const isRealDay = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
};
const dateParam = text(messages.dateInvalid)
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, messages.dateInvalid)
  .refine((value) => isRealDay(value) && !Number.isNaN(Date.parse(value)), messages.dateInvalid);

export const SAMPLE_SORTS = ["updatedAt:desc", "createdAt:desc", "createdAt:asc"] as const;
export type SampleSort = (typeof SAMPLE_SORTS)[number];

/** GET /sample-submissions query. status: "all", a group of STATUS_GROUPS, or a status. */
export const sampleListQuerySchema = z.object({
  q: text().trim().max(SEARCH_QUERY_MAX, tooLong("Search", SEARCH_QUERY_MAX)).default(""),
  status: text(messages.statusFilterInvalid)
    .trim()
    .toLowerCase()
    .max(20, messages.statusFilterInvalid)
    .default("all"),
  from: dateParam.optional(),
  to: dateParam.optional(),
  page: z.coerce
    .number({ error: messages.pageInvalid })
    .int(messages.pageInvalid)
    .min(1, messages.pageInvalid)
    .max(100_000, messages.pageInvalid)
    .default(1),
  size: z.coerce
    .number({ error: messages.pageSizeInvalid })
    .int(messages.pageSizeInvalid)
    .min(1, messages.pageSizeInvalid)
    .max(MAX_PAGE_SIZE, messages.pageSizeInvalid)
    .default(DEFAULT_PAGE_SIZE),
  sort: z.enum(SAMPLE_SORTS, { error: messages.sortInvalid }).default("updatedAt:desc"),
  /**
   * The `cursor` of the page on screen. With it, a nearby page is read from that page's edge (keyset)
   * rather than by skipping every row before it; a cursor of another query is ignored.
   */
  cursor: text(messages.cursorInvalid).trim().max(400, messages.cursorInvalid).optional(),
  /** A sample's id: the answer is then the page of this query that holds it (when it is listed). */
  highlight: z.coerce
    .number({ error: messages.highlightInvalid })
    .pipe(idSchema(messages.highlightInvalid))
    .optional(),
});
export type SampleListQuery = z.input<typeof sampleListQuerySchema>;

export const samplePageSchema = z.object({
  items: z.array(sampleSchema),
  total: z.number().int(),
  /**
   * True when a searched list matched more samples than it counts
   * (SAMPLE_SEARCH_COUNT_CAP): `total` is then that cap, a floor, and the list's pages reach that far.
   */
  totalCapped: z.boolean().default(false),
  page: z.number().int(),
  size: z.number().int(),
  /** Opaque; send it back as `cursor` when moving from this page to another (null: empty page). */
  cursor: z.string().nullable().default(null),
});
export type SamplePage = z.infer<typeof samplePageSchema>;

export const sampleSummarySchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  collected: z.number().int(),
  testing: z.number().int(),
  completed: z.number().int(),
  /** Refused at reception; optional so a summary from before REJECTED still reads. */
  rejected: z.number().int().optional(),
  /** Completed samples whose report passed and still stands (a revoked report is not a success). */
  successful: z.number().int().default(0),
  earliestCreatedAt: z.string().nullable(),
});
export type SampleSummary = z.infer<typeof sampleSummarySchema>;

export const sampleEventSchema = z.object({
  id: z.number().int(),
  sampleId: z.number().int(),
  from: z.enum(SAMPLE_STATUSES).nullable(),
  to: z.enum(SAMPLE_STATUSES),
  /** "customer:12", "staff:3" or "system". */
  actor: z.string(),
  /** Who that is, for people: a name, or "Lab system". */
  by: z.string(),
  note: z.string().nullable(),
  at: z.string(),
  /**
   * What the step was: "move" (a status change), "confirmation" (a screening positive sent for its
   * confirmatory test), "released", "revoked"; staff also see "results" and "returned".
   */
  kind: z.string().optional(),
});
export type SampleEvent = z.infer<typeof sampleEventSchema>;

/** Submission processing stages (docs/product-rules.md, Statuses). */
export const PROCESSING_STAGES = {
  submitted: { percent: 25, label: "Waiting for assignment" },
  "agent-assigned": { percent: 50, label: "Agent assigned" },
  testing: { percent: 75, label: "Testing in progress" },
  completed: { percent: 100, label: "Testing complete" },
} as const;
export type ProcessingStage = keyof typeof PROCESSING_STAGES;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  sampleId: z.number().int().nullable(),
  timestamp: z.string(),
  read: z.boolean(),
  data: z.looseObject({ stage: z.string().optional(), agent: z.string().optional() }),
});
export type Notification = z.infer<typeof notificationSchema>;

/** POST /notifications/read-all: how many were marked read. */
export const notificationsUpdatedSchema = z.object({ updated: z.number().int() });
export type NotificationsUpdated = z.infer<typeof notificationsUpdatedSchema>;

/** DELETE /notifications: how many were cleared. */
export const notificationsDeletedSchema = z.object({ deleted: z.number().int() });
export type NotificationsDeleted = z.infer<typeof notificationsDeletedSchema>;
