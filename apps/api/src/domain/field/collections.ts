import { CLOCK_SKEW_REFUSE_MS, distanceMetres, message, type collectionInputSchema } from "@lab/contracts";
import {
  agents,
  collectionPhotos,
  farms,
  ponds,
  sampleCollections,
  sampleLabels,
  samples,
  type Executor,
  type SampleCollectionRow,
  type SampleRow,
  type Tx,
} from "@lab/db";
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";

import { AppError, conflict, notFound, type Said } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import type { DomainContext } from "../context";
import { changeEvents } from "../domain-events";
import { labSettingsRow } from "../reports/lab-settings";
import { queueNoticeMessages } from "../../messaging/notice-messages";
import { applyMove } from "../samples/moves";
import { agentCustodyName, recordCustody } from "./custody";
import type { PreparedPhoto } from "./photos";

export type CollectionFields = z.output<typeof collectionInputSchema>;

/** How far past the server's now (or before the sample's submission) a corrected time may be. */
const TIME_TOLERANCE_MS = 60_000;

/** 422: the collection is well formed but cannot be taken as it is; nothing is written. */
const refused = (said: Said, field?: string) => new AppError(422, "validation_failed", said, {}, field);

/** A stored collection with what its readers see beside it. */
export interface CollectionView {
  row: SampleCollectionRow;
  agentName: string;
  /** The lab's radius in force. */
  radiusM: number;
  /** Label codes by container. */
  labels: string[];
  photos: {
    id: number;
    kind: PreparedPhoto["kind"];
    sha256: string;
    width: number;
    height: number;
    bytes: number;
  }[];
}

/** The lab's collection radius in force: the column's default while no admin has saved one. */
export async function collectionRadius(executor: Executor): Promise<number> {
  return (await labSettingsRow(executor)).collectionRadiusM;
}

/** The sample's collection with its agent, labels and photos' descriptions (not their bytes); null when none. */
export async function collectionViewOf(executor: Executor, sampleId: number): Promise<CollectionView | null> {
  const [found] = await executor
    .select({ row: sampleCollections, agentName: agents.name })
    .from(sampleCollections)
    .innerJoin(agents, eq(agents.id, sampleCollections.agentId))
    .where(eq(sampleCollections.sampleId, sampleId));
  if (!found) return null;
  const [radiusM, labels, photos] = await Promise.all([
    collectionRadius(executor),
    executor
      .select({ code: sampleLabels.code })
      .from(sampleLabels)
      .where(eq(sampleLabels.sampleId, sampleId))
      .orderBy(asc(sampleLabels.container)),
    executor
      .select({
        id: collectionPhotos.id,
        kind: collectionPhotos.kind,
        sha256: collectionPhotos.sha256,
        width: collectionPhotos.width,
        height: collectionPhotos.height,
        bytes: sql<number>`octet_length(${collectionPhotos.content})`.mapWith(Number),
      })
      .from(collectionPhotos)
      .where(eq(collectionPhotos.collectionId, found.row.id))
      .orderBy(asc(collectionPhotos.position)),
  ]);
  return { ...found, radiusM, labels: labels.map((label) => label.code), photos };
}

/** How a refused phone time is named: its field, and the messages for too late and too early. */
export interface PhoneTimeWords {
  field: string;
  inFuture: Said;
  tooEarly: Said;
}

const COLLECTION_TIME: PhoneTimeWords = {
  field: "collectedAt",
  inFuture: "collectedAtInFuture",
  tooEarly: "collectedAtTooEarly",
};

/**
 * The phone's times on the server's clock. The skew is the phone's clock at sending minus the
 * server's now; the collection time moves back by it (what the phone's clock said elapsed between
 * taking and sending holds, whatever its date). A skew beyond CLOCK_SKEW_REFUSE_MS means the times
 * cannot be trusted at all. A later hand-off passes its own time as `collectedAt`, its own earliest
 * moment and its own words.
 */
export function correctedTimes(
  phone: { collectedAt: Date; sentAt: Date },
  now: Date,
  earliest: Date,
  words: PhoneTimeWords = COLLECTION_TIME,
): { collectedAt: Date; skewMs: number } {
  const skewMs = phone.sentAt.getTime() - now.getTime();
  if (Math.abs(skewMs) > CLOCK_SKEW_REFUSE_MS) throw refused("clockSkewTooLarge", "sentAt");
  const collectedAt = new Date(phone.collectedAt.getTime() - skewMs);
  if (collectedAt.getTime() > now.getTime() + TIME_TOLERANCE_MS) throw refused(words.inFuture, words.field);
  if (collectedAt.getTime() < earliest.getTime() - TIME_TOLERANCE_MS)
    throw refused(words.tooEarly, words.field);
  return { collectedAt, skewMs };
}

/**
 * Beyond the lab's radius the agent says why. A distance equal to the radius is inside; the message
 * names the distance in whole metres rounded up, so it never reads as equal to the radius.
 */
export function requireDistanceReason(
  distanceM: number | null,
  radiusM: number,
  reason: string | null,
): void {
  if (distanceM === null || distanceM <= radiusM || reason !== null) return;
  throw refused(
    message("distanceReasonRequired", { distance: Math.ceil(distanceM), radius: radiusM }),
    "distanceReason",
  );
}

/** Where the sample should have been taken: its pond's recorded point, else the pond's farm's; null when neither. */
async function collectionTarget(
  executor: Executor,
  sample: SampleRow,
): Promise<{ lat: number; lng: number; from: "pond" | "farm" } | null> {
  if (sample.pondId === null) return null;
  const [place] = await executor
    .select({ pondLat: ponds.lat, pondLng: ponds.lng, farmLat: farms.lat, farmLng: farms.lng })
    .from(ponds)
    .innerJoin(farms, eq(farms.id, ponds.farmId))
    .where(eq(ponds.id, sample.pondId));
  if (!place) return null;
  if (place.pondLat !== null && place.pondLng !== null)
    return { lat: place.pondLat, lng: place.pondLng, from: "pond" };
  if (place.farmLat !== null && place.farmLng !== null)
    return { lat: place.farmLat, lng: place.farmLng, from: "farm" };
  return null;
}

/** Text a trimmed optional field carries: empty is none. */
const textOrNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.length === 0 ? null : value;

/**
 * The agent's job as they may collect it: the sample is theirs (else not found, whether it exists or
 * not) and still waiting for its collection.
 */
async function requireCollectable(executor: Executor, sample: SampleRow | undefined, agentId: number) {
  if (!sample || sample.agentId !== agentId) throw notFound("jobNotFound");
  const [existing] = await executor
    .select({ id: sampleCollections.id })
    .from(sampleCollections)
    .where(eq(sampleCollections.sampleId, sample.id));
  if (existing) throw conflict("sampleAlreadyCollected");
  if (sample.status !== "COLLECTING") throw conflict("sampleNotCollectable");
  return sample;
}

export interface CollectionRequest {
  agentId: number;
  idempotencyKey: string;
  /** sha256 of the request without its sentAt (which a retry sends anew). */
  requestHash: string;
  input: CollectionFields;
}

/**
 * The stored collection this key already made, when the request is a retry of it (null when the key
 * is new); the same key with another request is refused.
 */
async function earlierUnderKey(
  executor: Executor,
  request: CollectionRequest,
): Promise<CollectionView | null> {
  const [earlier] = await executor
    .select({ sampleId: sampleCollections.sampleId, requestHash: sampleCollections.requestHash })
    .from(sampleCollections)
    .where(
      and(
        eq(sampleCollections.agentId, request.agentId),
        eq(sampleCollections.idempotencyKey, request.idempotencyKey),
      ),
    );
  if (!earlier) return null;
  if (earlier.requestHash !== request.requestHash)
    throw new AppError(422, "idempotency_key_reused", "collectionKeyReused", {}, undefined);
  return collectionViewOf(executor, earlier.sampleId);
}

/**
 * Checks before the photos are decoded, without locks: a retry answers its stored collection at once
 * (`replay`), and a job that is not the agent's, or already collected, is refused before any image
 * work. recordCollection checks again under the sample's lock.
 */
export async function checkCollection(
  ctx: DomainContext,
  request: CollectionRequest,
): Promise<{ replay: CollectionView | null }> {
  const replay = await earlierUnderKey(ctx.db, request);
  if (replay) return { replay };
  const [sample] = await ctx.db.select().from(samples).where(eq(samples.id, request.input.sampleId));
  await requireCollectable(ctx.db, sample, request.agentId);
  return { replay: null };
}

/** Links the scanned pre-printed labels to containers 1..n; a label printed for this sample keeps its own. */
async function linkLabels(
  tx: Tx,
  sample: SampleRow,
  codes: readonly string[],
  containers: number,
  now: Date,
) {
  if (codes.length > containers)
    throw refused(message("tooMany", { things: "labels", max: containers }), "labels");
  const held = await tx
    .select({ code: sampleLabels.code, container: sampleLabels.container })
    .from(sampleLabels)
    .where(eq(sampleLabels.sampleId, sample.id));
  for (const [index, code] of codes.entries()) {
    const field = `labels.${index}`;
    if (codes.indexOf(code) !== index) throw conflict("labelInUse", { field });
    const [label] = await tx.select().from(sampleLabels).where(eq(sampleLabels.code, code)).for("update");
    if (!label) throw refused("labelUnknown", field);
    if (label.sampleId === sample.id) continue;
    if (label.sampleId !== null) throw conflict("labelInUse", { field });
    const container = index + 1;
    // The container already carries another of this sample's labels (printed for it).
    if (held.some((other) => other.container === container)) throw conflict("labelInUse", { field });
    await tx
      .update(sampleLabels)
      .set({ sampleId: sample.id, container, linkedAt: now })
      .where(eq(sampleLabels.code, code));
  }
}

/**
 * Records what the agent did at the pond, in one transaction: the collection, its photos, the labels
 * scanned, the custody event "collected" (farmer to agent), and the move COLLECTING → COLLECTED
 * (the customer's notice, published after commit). A retry under the same key answers the stored
 * collection with nothing written.
 */
export async function recordCollection(
  ctx: DomainContext,
  request: CollectionRequest,
  photos: readonly PreparedPhoto[],
): Promise<{ view: CollectionView; replayed: boolean }> {
  const { input, agentId } = request;
  return ctx.unitOfWork(async (tx, effects) => {
    const now = ctx.now();
    // The sample's lock serialises two sends of one job (a retry racing the first try).
    const [locked] = await tx.select().from(samples).where(eq(samples.id, input.sampleId)).for("update");
    const replay = await earlierUnderKey(tx, request);
    if (replay) return { view: replay, replayed: true };
    const sample = await requireCollectable(tx, locked, agentId);

    const times = correctedTimes(
      { collectedAt: new Date(input.collectedAt), sentAt: new Date(input.sentAt) },
      now,
      sample.createdAt,
    );
    const [target, radiusM, agentName] = await Promise.all([
      collectionTarget(tx, sample),
      collectionRadius(tx),
      agentCustodyName(tx, agentId),
    ]);
    const distanceM = target === null ? null : distanceMetres(input.position, target);
    const distanceReason = textOrNull(input.distanceReason);
    requireDistanceReason(distanceM, radiusM, distanceReason);
    await linkLabels(tx, sample, input.labels ?? [], input.containers, now);

    const [row] = await tx
      .insert(sampleCollections)
      .values({
        sampleId: sample.id,
        agentId,
        idempotencyKey: request.idempotencyKey,
        requestHash: request.requestHash,
        collectedAt: times.collectedAt,
        receivedAt: now,
        clockSkewMs: times.skewMs,
        lat: input.position.lat,
        lng: input.position.lng,
        accuracyM: input.position.accuracyM,
        distanceM,
        distanceFrom: target?.from ?? null,
        distanceReason,
        seals: input.seals,
        containers: input.containers,
        quantity: String(input.quantity),
        quantityUnit: input.quantityUnit,
        waterTempC:
          input.waterTempC === null || input.waterTempC === undefined ? null : String(input.waterTempC),
        sampleTempC:
          input.sampleTempC === null || input.sampleTempC === undefined ? null : String(input.sampleTempC),
        coldChain: input.coldChain,
        farmerName: input.farmerName,
        note: textOrNull(input.note),
      })
      .returning({ id: sampleCollections.id })
      .catch((error: unknown) => {
        // The same key sent at the same moment for another sample (whose lock this one did not wait on).
        if (isUniqueViolation(error))
          throw new AppError(422, "idempotency_key_reused", "collectionKeyReused");
        throw error;
      });
    if (!row) throw new Error("insert returned no row");
    if (photos.length > 0)
      await tx.insert(collectionPhotos).values(
        photos.map((photo, position) => ({
          collectionId: row.id,
          position,
          kind: photo.kind,
          sha256: photo.sha256,
          content: photo.content,
          width: photo.width,
          height: photo.height,
          exifLat: photo.exifLat,
          exifLng: photo.exifLng,
        })),
      );
    await recordCustody(tx, {
      sampleId: sample.id,
      kind: "collected",
      relinquishedBy: `${input.farmerName} (farmer)`,
      receivedBy: agentName,
      at: times.collectedAt,
      location: input.position,
      sealIntact: true,
      temperatureC: input.sampleTempC ?? null,
      actor: { kind: "agent", id: agentId },
    });
    const moved = await applyMove(tx, now, sample.id, { type: "collected" }, { kind: "agent", id: agentId });
    await queueNoticeMessages(tx, effects, moved.notifications);
    effects.add("publish", changeEvents(moved.sample, moved.notifications));
    const view = await collectionViewOf(tx, sample.id);
    if (!view) throw new Error("collection not found after insert");
    return { view, replayed: false };
  });
}

/** A collection photo's stored JPEG, when it belongs to the sample. */
export async function collectionPhoto(
  executor: Executor,
  sampleId: number,
  photoId: number,
): Promise<{ content: Buffer; sha256: string } | undefined> {
  const [photo] = await executor
    .select({ content: collectionPhotos.content, sha256: collectionPhotos.sha256 })
    .from(collectionPhotos)
    .innerJoin(sampleCollections, eq(sampleCollections.id, collectionPhotos.collectionId))
    .where(and(eq(collectionPhotos.id, photoId), eq(sampleCollections.sampleId, sampleId)));
  return photo;
}
