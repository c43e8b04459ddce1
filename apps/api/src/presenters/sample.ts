import { SYSTEM_ACTOR_NAME } from "../domain/sample-events";
import type { Notification, Sample, SampleEvent } from "@lab/contracts";
import type { NotificationRow, SampleEventRow, SampleRow } from "@lab/db";

import { displayPhone } from "../lib/phone";

/** `reportId`: the sample's report, read by the caller (null until the report is issued). */
export function presentSample(row: SampleRow, reportId: number | null): Sample {
  return {
    id: row.id,
    consumerId: row.customerId,
    providerId: row.providerId,
    status: row.status,
    samplerName: row.samplerName,
    samplerLocation: row.samplerLocation,
    coordinates: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
    shrimpCategory: row.shrimpCategory,
    shrimpSubCategory: row.shrimpSubCategory,
    testTypes: row.testTypes,
    phoneNumber: displayPhone(row.phoneNumber),
    emailAddress: row.emailAddress,
    assigned: row.assigned,
    testingEta: row.testingEta ? row.testingEta.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reportId,
  };
}

/** `names` from eventActorNames: the person (or "Lab system") behind the move. */
export function presentSampleEvent(row: SampleEventRow, names: ReadonlyMap<string, string>): SampleEvent {
  return {
    id: row.id,
    sampleId: row.sampleId,
    from: row.fromStatus,
    to: row.toStatus,
    actor: row.actor,
    by: names.get(row.actor) ?? SYSTEM_ACTOR_NAME,
    note: row.note,
    at: row.at.toISOString(),
  };
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    sampleId: row.sampleId,
    timestamp: row.createdAt.toISOString(),
    read: row.read,
    data: row.data,
  };
}
