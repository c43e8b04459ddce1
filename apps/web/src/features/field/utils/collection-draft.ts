// The collection form's values as typed, and what they become: the fields the queue keeps, checked
// by the same schema the server uses, plus the distance rule.
import {
  collectionInputSchema,
  type ColdChainState,
  type MessageKey,
  type QuantityUnit,
} from "@lab/contracts";

import type { Shown } from "@/lib/i18n/message-text";

import type { DistanceCheck, Fix } from "./collection-rules";
import type { CollectionFields } from "./field-db";

export interface CollectionDraft {
  seals: string[];
  containers: string;
  quantity: string;
  quantityUnit: QuantityUnit;
  waterTempC: string;
  sampleTempC: string;
  coldChain: ColdChainState | "";
  farmerName: string;
  note: string;
  labels: string[];
  distanceReason: string;
}

export const emptyDraft = (): CollectionDraft => ({
  seals: [""],
  containers: "1",
  quantity: "",
  quantityUnit: "count",
  waterTempC: "",
  sampleTempC: "",
  coldChain: "",
  farmerName: "",
  note: "",
  labels: [],
  distanceReason: "",
});

/** A queued collection's fields back in the form (editing one the server refused). */
export function draftOf(fields: CollectionFields): CollectionDraft {
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  return {
    seals: fields.seals.length > 0 ? [...fields.seals] : [""],
    containers: String(fields.containers),
    quantity: String(fields.quantity),
    quantityUnit: fields.quantityUnit,
    waterTempC: text(fields.waterTempC),
    sampleTempC: text(fields.sampleTempC),
    coldChain: fields.coldChain,
    farmerName: fields.farmerName,
    note: fields.note ?? "",
    labels: [...(fields.labels ?? [])],
    distanceReason: fields.distanceReason ?? "",
  };
}

/** A typed number: "" is none, a comma reads as a decimal point, anything else is NaN (refused). */
const numberOf = (value: string): number | null => {
  const trimmed = value.trim().replace(",", ".");
  return trimmed === "" ? null : Number(trimmed);
};

export type DraftField =
  | "position"
  | "distanceReason"
  | "seals"
  | "containers"
  | "quantity"
  | "waterTempC"
  | "sampleTempC"
  | "coldChain"
  | "farmerName"
  | "note"
  | "labels"
  | "form";

export type DraftErrors = Partial<Record<DraftField, Shown>>;

/** The fields as typed, before they are known to be whole (no fix yet, no cold chain chosen). */
export type DraftFields = Omit<CollectionFields, "position" | "coldChain"> & {
  position: Fix | null;
  coldChain: ColdChainState | null;
};

export function fieldsOf(
  draft: CollectionDraft,
  sampleId: number,
  fix: Fix | null,
  collectedAt: string,
): DraftFields {
  const seals = draft.seals.map((seal) => seal.trim()).filter(Boolean);
  return {
    sampleId,
    collectedAt,
    position: fix,
    distanceReason: draft.distanceReason.trim() || null,
    seals,
    containers: numberOf(draft.containers) ?? Number.NaN,
    quantity: numberOf(draft.quantity) ?? Number.NaN,
    quantityUnit: draft.quantityUnit,
    waterTempC: numberOf(draft.waterTempC),
    sampleTempC: numberOf(draft.sampleTempC),
    coldChain: draft.coldChain || null,
    farmerName: draft.farmerName,
    note: draft.note.trim() || null,
    labels: draft.labels,
  };
}

const KNOWN: readonly DraftField[] = [
  "position",
  "distanceReason",
  "seals",
  "containers",
  "quantity",
  "waterTempC",
  "sampleTempC",
  "coldChain",
  "farmerName",
  "note",
  "labels",
];

/**
 * The form's errors, by field: the contracts' schema (its English issue texts show in the reader's
 * language) and, beyond the lab's radius, a reason. Empty when the collection can be saved.
 */
export function validateDraft(fields: DraftFields, distance: DistanceCheck, radiusM: number): DraftErrors {
  const errors: DraftErrors = {};
  const parsed = collectionInputSchema.safeParse({ ...fields, sentAt: fields.collectedAt, photos: [] });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const head = issue.path[0];
      const field: DraftField =
        head === "quantityUnit"
          ? "quantity"
          : KNOWN.includes(head as DraftField)
            ? (head as DraftField)
            : "form";
      errors[field] ??= issue.message;
    }
  }
  if (!fields.position) errors.position = "positionRequired" satisfies MessageKey;
  if (distance.needsReason && !fields.distanceReason && distance.distanceM !== null) {
    errors.distanceReason = {
      key: "distanceReasonRequired",
      params: { distance: distance.distanceM, radius: radiusM },
    };
  }
  return errors;
}

/** The fields the queue keeps, once validateDraft found nothing. */
export function completeFields(fields: DraftFields): CollectionFields | null {
  const { position, coldChain } = fields;
  if (!position || !coldChain) return null;
  return { ...fields, position, coldChain };
}
