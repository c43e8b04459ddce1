// Field collection's plain values: limits, lists, the label code and the distance rule. Kept apart from
// the schemas (field.ts) so that the field app's shell, which needs these and no schema, does not load zod.

/** Metres from the pond (or farm) beyond which a collection needs a reason; the lab sets it. */
export const COLLECTION_RADIUS_M = { default: 300, min: 10, max: 50_000 } as const;
/** A photo as sent by the phone (already resized there) and as kept after re-encoding. */
export const PHOTO_MAX_BYTES = 200 * 1024;
export const PHOTOS_MAX = 4;
/** Base64 of PHOTO_MAX_BYTES: refused before it is decoded. */
export const PHOTO_BASE64_MAX = Math.ceil(PHOTO_MAX_BYTES / 3) * 4;
/** The longest side a stored photo keeps, in pixels. */
export const PHOTO_MAX_SIDE = 1600;
/**
 * What the phone's compressor aims for: a seal number and the pond stay readable at this size, and
 * 50 collections of two such photos cross a 750 kbit/s line in under a minute. Larger photos (up to
 * PHOTO_MAX_BYTES) are still taken from other clients.
 */
export const PHOTO_TARGET_BYTES = 40 * 1024;
export const PHOTO_TARGET_SIDE = 1280;
/** What the server decodes a photo from, told by its first bytes; anything else is refused. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/**
 * A collection as multipart/form-data: its fields as JSON in the part named COLLECTION_FORM_FIELD
 * (the JSON body without `photos`), then one file part per photo, named by its kind, in order.
 */
export const COLLECTION_FORM_FIELD = "collection";
export const SEALS_MAX = 10;
export const SEAL_MAX = 40;
export const CONTAINERS_MAX = 20;
export const FIELD_NOTE_MAX = 1000;
export const DISTANCE_REASON_MAX = 500;
export const QUANTITY_MAX = 100_000;
/** Water and sample temperatures in °C that a thermometer at a pond can honestly read. */
export const TEMPERATURE_C = { min: -30, max: 60 } as const;
/** GPS accuracy beyond which a fix is no fix (metres). */
export const ACCURACY_MAX_M = 10_000;
/**
 * How far the phone's clock may be from the server's before its times are corrected by the
 * difference (and the difference recorded); beyond CLOCK_SKEW_REFUSE_MS the times cannot be trusted.
 */
export const CLOCK_SKEW_NOTE_MS = 2 * 60 * 1000;
export const CLOCK_SKEW_REFUSE_MS = 7 * 24 * 3600 * 1000;

export const COLD_CHAIN_STATES = ["ice", "cold_box", "ambient"] as const;
export type ColdChainState = (typeof COLD_CHAIN_STATES)[number];
export const QUANTITY_UNITS = ["count", "g"] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];
export const PHOTO_KINDS = ["seal", "pond", "other"] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];
export const CUSTODY_KINDS = ["collected", "handed_over", "received", "rejected"] as const;
export type CustodyKind = (typeof CUSTODY_KINDS)[number];

/** Why reception refuses a sample (ISO/IEC 17025 7.4): a fixed list; `other` needs a note. */
export const REJECTION_REASONS = [
  "seal_broken",
  "temperature_out_of_range",
  "insufficient_quantity",
  "container_leaking",
  "label_mismatch",
  "holding_time_exceeded",
  "other",
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** Reception's decisions: accept, reject, or proceed with the customer's recorded consent. */
export const RECEPTION_DECISIONS = ["accept", "reject", "consent"] as const;
export type ReceptionDecision = (typeof RECEPTION_DECISIONS)[number];

/** Twelve characters of Crockford's base32 (no I, L, O, U): what a container label's QR code holds. */
export const LABEL_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;
export const LABEL_CODE_LENGTH = 12;
export const LABEL_FORMATS = ["thermal", "a4"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** Great-circle distance in metres (haversine on a 6,371,008.8 m sphere). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6_371_008.8;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The hand-off to a courier: who took the sample, and their docket or airway bill number. */
export const COURIER_MAX = 80;
export const COURIER_REFERENCE_MAX = 40;
