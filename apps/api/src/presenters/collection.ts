import {
  REJECTION_REASONS,
  type Collection,
  type Custody,
  type CustodyEvent,
  type Reception,
  type RejectionReason,
} from "@lab/contracts";
import type { CustodyEventRow, SampleReceptionRow } from "@lab/db";

import type { CollectionView } from "../domain/field/collections";
import type { CustodyView } from "../domain/field/custody";

/** A numeric column (read as text) as a number; null stays null. */
const numberOrNull = (value: string | null): number | null => (value === null ? null : Number(value));

/** A collection as the agent, the customer and staff read it: the photos' descriptions, never their bytes. */
export function presentCollection(view: CollectionView): Collection {
  const { row } = view;
  return {
    id: row.id,
    sampleId: row.sampleId,
    agent: { id: row.agentId, name: view.agentName },
    collectedAt: row.collectedAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    clockSkewMs: row.clockSkewMs,
    position: { lat: row.lat, lng: row.lng, accuracyM: row.accuracyM },
    distanceM: row.distanceM,
    distanceFrom: row.distanceFrom,
    radiusM: view.radiusM,
    distanceReason: row.distanceReason,
    seals: row.seals,
    containers: row.containers,
    quantity: Number(row.quantity),
    quantityUnit: row.quantityUnit,
    waterTempC: numberOrNull(row.waterTempC),
    sampleTempC: numberOrNull(row.sampleTempC),
    coldChain: row.coldChain,
    farmerName: row.farmerName,
    note: row.note,
    labels: view.labels,
    photos: view.photos,
  };
}

export function presentCustodyEvent(row: CustodyEventRow): CustodyEvent {
  return {
    id: row.id,
    kind: row.kind,
    relinquishedBy: row.relinquishedBy,
    receivedBy: row.receivedBy,
    at: row.at.toISOString(),
    location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    place: row.place,
    sealIntact: row.sealIntact,
    temperatureC: numberOrNull(row.temperatureC),
    note: row.note,
  };
}

const isRejectionReason = (reason: string): reason is RejectionReason =>
  (REJECTION_REASONS as readonly string[]).includes(reason);

export function presentReception(row: SampleReceptionRow): Reception {
  return {
    decision: row.decision,
    // Only the fixed list is ever stored; anything else would not be a reason a client can name.
    reasons: row.reasons.filter(isRejectionReason),
    note: row.note,
    seals: row.seals,
    sealsMatch: row.sealsMatch,
    temperatureC: numberOrNull(row.temperatureC),
    at: row.at.toISOString(),
  };
}

/** GET /samples/{id}/custody: the hand-offs oldest first, the collection and reception's decision. */
export function presentCustody(custody: CustodyView, collection: CollectionView | null): Custody {
  return {
    events: custody.events.map(presentCustodyEvent),
    collection: collection === null ? null : presentCollection(collection),
    reception: custody.reception === null ? null : presentReception(custody.reception),
  };
}
