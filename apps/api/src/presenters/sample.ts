import { SYSTEM_ACTOR_NAME } from "../domain/samples/event-actors";
import type { Sample, SampleEvent, SamplePage, SampleSummary } from "@lab/contracts";
import type { SampleEventRow, SampleRow } from "@lab/db";

import type { SampleView } from "../domain/samples/list";
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
    markets: row.markets,
    phoneNumber: displayPhone(row.phoneNumber),
    emailAddress: row.emailAddress,
    assigned: row.assigned,
    testingEta: row.testingEta ? row.testingEta.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reportId,
    collectorNotes: row.collectorNotes,
  };
}

/** A sample as its customer reads it: with its report, and whether that report was revoked. */
export function presentSampleView(view: SampleView): Sample {
  return { ...presentSample(view, view.reportId), reportRevocation: view.reportRevocation };
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
    kind: row.kind,
  };
}

/** GET /sample-submissions: one page of the customer's list, with the cursor to move from it. */
export function presentSamplePage(page: {
  items: SampleView[];
  total: number;
  totalCapped: boolean;
  page: number;
  size: number;
  cursor: string | null;
}): SamplePage {
  return {
    items: page.items.map(presentSampleView),
    total: page.total,
    totalCapped: page.totalCapped,
    page: page.page,
    size: page.size,
    cursor: page.cursor,
  };
}

/** GET /sample-submissions/summary: the counts per stage, and the successful reports. */
export function presentSampleSummary(
  summary: Omit<SampleSummary, "successful">,
  successful: number,
): SampleSummary {
  return {
    total: summary.total,
    pending: summary.pending,
    collected: summary.collected,
    testing: summary.testing,
    completed: summary.completed,
    rejected: summary.rejected ?? 0,
    earliestCreatedAt: summary.earliestCreatedAt,
    successful,
  };
}
