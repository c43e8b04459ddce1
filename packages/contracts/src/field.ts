import { z } from "zod";

import {
  COLLECTION_RADIUS_M,
  PHOTOS_MAX,
  PHOTO_BASE64_MAX,
  SEALS_MAX,
  SEAL_MAX,
  CONTAINERS_MAX,
  FIELD_NOTE_MAX,
  DISTANCE_REASON_MAX,
  QUANTITY_MAX,
  TEMPERATURE_C,
  ACCURACY_MAX_M,
  COLD_CHAIN_STATES,
  QUANTITY_UNITS,
  PHOTO_KINDS,
  CUSTODY_KINDS,
  REJECTION_REASONS,
  RECEPTION_DECISIONS,
  LABEL_CODE_PATTERN,
  COURIER_MAX,
  COURIER_REFERENCE_MAX,
} from "./field-constants";
import { NAME_MAX, PASSWORD_MAX, PHONE_MAX, STATUS_NOTE_MAX, tooLong, tooMany } from "./limits";
import { messages } from "./messages";
import { SAMPLE_PURPOSES, SAMPLE_STATUSES } from "./samples";
import { idSchema, text } from "./text";

// Field collection: the agent's app, the chain of custody, container labels and reception.

// --- agents' sign-in ---

export const agentSignInSchema = z.object({
  phone: text(messages.phoneRequired)
    .trim()
    .min(1, messages.phoneRequired)
    .max(PHONE_MAX, tooLong("Phone number", PHONE_MAX)),
  password: text(messages.passwordRequired)
    .min(1, messages.passwordRequired)
    .max(PASSWORD_MAX, tooLong("Password", PASSWORD_MAX)),
  keepSignedIn: z.boolean().optional(),
});
export type AgentSignIn = z.input<typeof agentSignInSchema>;

/** The invitation link's token and the agent's new password (the same rules as customers'). */
export const agentJoinSchema = z.object({
  token: text(messages.agentInvitationInvalid)
    .min(1, messages.agentInvitationInvalid)
    .max(200, messages.agentInvitationInvalid),
  password: text(messages.passwordRequired)
    .min(1, messages.passwordRequired)
    .max(PASSWORD_MAX, tooLong("Password", PASSWORD_MAX)),
});
export type AgentJoin = z.input<typeof agentJoinSchema>;

export const fieldAgentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
});
export type FieldAgent = z.infer<typeof fieldAgentSchema>;

export const agentSignedInSchema = z.object({
  agent: fieldAgentSchema,
  accessToken: z.string(),
  expiresIn: z.number().int(),
  tokenType: z.literal("Bearer"),
});
export type AgentSignedIn = z.infer<typeof agentSignedInSchema>;

/** POST /lab/agents/{id}/invitation: a link to give the agent (shown once; valid 7 days). */
export const agentInvitationSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
});
export type AgentInvitation = z.infer<typeof agentInvitationSchema>;
export const AGENT_INVITATION_DAYS = 7;

// --- jobs ---

const pointSchema = z.object({ lat: z.number(), lng: z.number() });

/** A collection assigned to the signed-in agent: what they need at the pond, and nothing more. */
export const fieldJobSchema = z.object({
  sampleId: z.number().int(),
  status: z.enum(SAMPLE_STATUSES),
  assignedAt: z.string(),
  acceptedAt: z.string().nullable(),
  farmer: z.object({ name: z.string(), phone: z.string() }),
  address: z.string(),
  /** Where to go: the pond's point, else the farm's, else the sample's location. */
  location: pointSchema.nullable(),
  farm: z.object({ name: z.string(), location: pointSchema.nullable() }).nullable(),
  pond: z.object({ code: z.string(), location: pointSchema.nullable() }).nullable(),
  lotCode: z.string().nullable(),
  purpose: z.enum(SAMPLE_PURPOSES).nullable(),
  category: z.string(),
  tests: z.array(z.string()),
  markets: z.array(z.string()),
  /** The customer's notes for the collector, when they gave any. */
  notes: z.string().nullable(),
  /** Set once the collection reached the server. */
  collectedAt: z.string().nullable(),
  /** Set once the agent handed the sample to a courier: to whom ("courier (reference)") and when. */
  handedOver: z.object({ to: z.string(), at: z.string() }).nullable(),
});
export type FieldJob = z.infer<typeof fieldJobSchema>;

export const fieldJobsSchema = z.object({
  jobs: z.array(fieldJobSchema),
  /** Metres beyond which a collection needs a reason. */
  radiusM: z.number().int(),
  serverTime: z.string(),
});
export type FieldJobs = z.infer<typeof fieldJobsSchema>;

export const jobDeclineSchema = z.object({
  reason: text().trim().max(STATUS_NOTE_MAX, tooLong("Reason", STATUS_NOTE_MAX)).optional(),
});

// --- collections ---

const temperature = z
  .number({ error: messages.temperatureInvalid })
  .min(TEMPERATURE_C.min, messages.temperatureInvalid)
  .max(TEMPERATURE_C.max, messages.temperatureInvalid);

const isoInstant = (error: string) =>
  text(error).refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), error);

export const collectionPhotoInputSchema = z.object({
  kind: z.enum(PHOTO_KINDS, { error: messages.photoInvalid }),
  /** The JPEG, PNG or WebP bytes, base64; at most PHOTO_MAX_BYTES decoded. */
  data: z
    .string({ error: messages.photoInvalid })
    .max(PHOTO_BASE64_MAX, messages.photoTooLarge)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, messages.photoInvalid),
});

/** A GPS fix as the phone reports it. */
const positionSchema = z.object(
  {
    lat: z
      .number({ error: messages.coordinatesInvalid })
      .min(-90, messages.coordinatesInvalid)
      .max(90, messages.coordinatesInvalid),
    lng: z
      .number({ error: messages.coordinatesInvalid })
      .min(-180, messages.coordinatesInvalid)
      .max(180, messages.coordinatesInvalid),
    accuracyM: z
      .number({ error: messages.accuracyInvalid })
      .min(0, messages.accuracyInvalid)
      .max(ACCURACY_MAX_M, messages.accuracyInvalid),
  },
  { error: messages.positionRequired },
);

/** POST /field/collections (with an Idempotency-Key). Times are the phone's. */
export const collectionInputSchema = z.object({
  sampleId: idSchema(messages.sampleNotFound),
  collectedAt: isoInstant(messages.collectedAtInvalid),
  /** The phone's clock when it sent this: how the server learns how far off that clock is. */
  sentAt: isoInstant(messages.collectedAtInvalid),
  position: positionSchema,
  distanceReason: text()
    .trim()
    .max(DISTANCE_REASON_MAX, tooLong("Reason", DISTANCE_REASON_MAX))
    .nullable()
    .optional(),
  seals: z
    .array(
      text(messages.sealInvalid)
        .trim()
        .min(1, messages.sealInvalid)
        .max(SEAL_MAX, tooLong("Seal number", SEAL_MAX)),
      { error: messages.sealsRequired },
    )
    .min(1, messages.sealsRequired)
    .max(SEALS_MAX, tooMany("seal numbers", SEALS_MAX)),
  containers: z
    .number({ error: messages.containersInvalid })
    .int(messages.containersInvalid)
    .min(1, messages.containersInvalid)
    .max(CONTAINERS_MAX, messages.containersInvalid),
  quantity: z
    .number({ error: messages.sampleQuantityInvalid })
    .positive(messages.sampleQuantityInvalid)
    .max(QUANTITY_MAX, messages.sampleQuantityInvalid),
  quantityUnit: z.enum(QUANTITY_UNITS, { error: messages.sampleQuantityInvalid }),
  waterTempC: temperature.nullable().optional(),
  sampleTempC: temperature.nullable().optional(),
  coldChain: z.enum(COLD_CHAIN_STATES, { error: messages.coldChainInvalid }),
  farmerName: text(messages.handOverNameRequired)
    .trim()
    .min(1, messages.handOverNameRequired)
    .max(NAME_MAX, tooLong("Name", NAME_MAX)),
  note: text().trim().max(FIELD_NOTE_MAX, tooLong("Note", FIELD_NOTE_MAX)).nullable().optional(),
  /** Codes of pre-printed labels scanned at the pond, one per container in order. */
  labels: z
    .array(text(messages.labelCodeInvalid).regex(LABEL_CODE_PATTERN, messages.labelCodeInvalid))
    .max(CONTAINERS_MAX, tooMany("labels", CONTAINERS_MAX))
    .optional(),
  photos: z
    .array(collectionPhotoInputSchema, { error: messages.photoInvalid })
    .max(PHOTOS_MAX, messages.photosTooMany)
    .default([]),
});
export type CollectionInput = z.input<typeof collectionInputSchema>;

export const collectionPhotoSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PHOTO_KINDS),
  sha256: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});
export type CollectionPhoto = z.infer<typeof collectionPhotoSchema>;

/** A collection as the agent, the customer and staff read it. */
export const collectionSchema = z.object({
  id: z.number().int(),
  sampleId: z.number().int(),
  agent: z.object({ id: z.number().int(), name: z.string() }),
  collectedAt: z.string(),
  receivedAt: z.string(),
  clockSkewMs: z.number().int(),
  position: z.object({ lat: z.number(), lng: z.number(), accuracyM: z.number() }),
  distanceM: z.number().nullable(),
  distanceFrom: z.enum(["pond", "farm"]).nullable(),
  radiusM: z.number().int(),
  distanceReason: z.string().nullable(),
  seals: z.array(z.string()),
  containers: z.number().int(),
  quantity: z.number(),
  quantityUnit: z.enum(QUANTITY_UNITS),
  waterTempC: z.number().nullable(),
  sampleTempC: z.number().nullable(),
  coldChain: z.enum(COLD_CHAIN_STATES),
  farmerName: z.string(),
  note: z.string().nullable(),
  labels: z.array(z.string()),
  photos: z.array(collectionPhotoSchema),
});
export type Collection = z.infer<typeof collectionSchema>;

// --- the hand-off to a courier ---

/**
 * POST /field/jobs/{sampleId}/handover: the agent gives the sample to a courier (carried in person,
 * nothing is recorded until reception). Times are the phone's, corrected as a collection's are.
 */
export const handoverInputSchema = z.object({
  /** The person or company taking the sample. */
  courier: text(messages.courierRequired)
    .trim()
    .min(1, messages.courierRequired)
    .max(COURIER_MAX, messages.courierTooLong),
  /** Airway bill or docket number. */
  reference: text().trim().max(COURIER_REFERENCE_MAX, messages.courierReferenceTooLong).nullable().optional(),
  handedAt: isoInstant(messages.collectedAtInvalid),
  sentAt: isoInstant(messages.collectedAtInvalid),
  sealIntact: z.boolean({ error: messages.sealIntactRequired }),
  temperatureC: temperature.nullable().optional(),
  position: positionSchema.nullable().optional(),
});
export type HandoverInput = z.input<typeof handoverInputSchema>;

// --- custody and reception ---

export const custodyEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CUSTODY_KINDS),
  relinquishedBy: z.string(),
  receivedBy: z.string(),
  at: z.string(),
  location: pointSchema.nullable(),
  place: z.string().nullable(),
  sealIntact: z.boolean().nullable(),
  temperatureC: z.number().nullable(),
  note: z.string().nullable(),
});
export type CustodyEvent = z.infer<typeof custodyEventSchema>;

export const receptionSchema = z.object({
  decision: z.enum(["accepted", "rejected", "consent"]),
  reasons: z.array(z.enum(REJECTION_REASONS)),
  note: z.string().nullable(),
  seals: z.array(z.string()).nullable(),
  sealsMatch: z.boolean().nullable(),
  temperatureC: z.number().nullable(),
  at: z.string(),
});
export type Reception = z.infer<typeof receptionSchema>;

/** GET /samples/{id}/custody: the hand-offs, the collection, and reception's decision. */
export const custodySchema = z.object({
  events: z.array(custodyEventSchema),
  collection: collectionSchema.nullable(),
  reception: receptionSchema.nullable(),
});
export type Custody = z.infer<typeof custodySchema>;

/** POST /lab/reception/{code}. */
export const receptionInputSchema = z
  .object({
    decision: z.enum(RECEPTION_DECISIONS, { error: messages.receptionDecisionInvalid }),
    reasons: z
      .array(z.enum(REJECTION_REASONS, { error: messages.rejectionReasonInvalid }), {
        error: messages.rejectionReasonInvalid,
      })
      .max(REJECTION_REASONS.length, messages.rejectionReasonInvalid)
      .default([]),
    note: text().trim().max(STATUS_NOTE_MAX, tooLong("Note", STATUS_NOTE_MAX)).nullable().optional(),
    /** Seal numbers read on the containers at arrival. */
    seals: z
      .array(
        text(messages.sealInvalid)
          .trim()
          .min(1, messages.sealInvalid)
          .max(SEAL_MAX, tooLong("Seal number", SEAL_MAX)),
      )
      .max(SEALS_MAX, tooMany("seal numbers", SEALS_MAX))
      .optional(),
    sealIntact: z.boolean({ error: messages.receptionInvalid }).optional(),
    temperatureC: temperature.nullable().optional(),
  })
  .refine((input) => input.decision === "accept" || input.reasons.length > 0, {
    message: messages.rejectionReasonRequired,
    path: ["reasons"],
  })
  .refine((input) => !input.reasons.includes("other") || (input.note ?? "").length > 0, {
    message: messages.rejectionNoteRequired,
    path: ["note"],
  })
  .refine((input) => input.decision !== "consent" || (input.note ?? "").length > 0, {
    message: messages.consentNoteRequired,
    path: ["note"],
  });
export type ReceptionInput = z.input<typeof receptionInputSchema>;

/** GET /lab/reception/{code}: what reception checks the containers against. */
export const receptionLookupSchema = z.object({
  sampleId: z.number().int(),
  status: z.enum(SAMPLE_STATUSES),
  container: z.number().int().nullable(),
  customer: z.string(),
  category: z.string(),
  tests: z.array(z.string()),
  collection: collectionSchema.nullable(),
  reception: receptionSchema.nullable(),
});
export type ReceptionLookup = z.infer<typeof receptionLookupSchema>;

export const collectionRadiusSchema = z
  .number({ error: messages.collectionRadiusInvalid })
  .int(messages.collectionRadiusInvalid)
  .min(COLLECTION_RADIUS_M.min, messages.collectionRadiusInvalid)
  .max(COLLECTION_RADIUS_M.max, messages.collectionRadiusInvalid);
