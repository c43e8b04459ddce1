import { COLLECTION_RADIUS_M, type SamplePurpose, type SampleStatus } from "@lab/contracts";
import {
  custodyEvents,
  farms,
  harvestLots,
  jobDeclines,
  labSettings,
  ponds,
  sampleCollections,
  sampleEvents,
  samples,
  type Executor,
} from "@lab/db";
import { and, asc, eq, gt, or, sql, type SQL } from "drizzle-orm";

import { notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";
import { changeEvents } from "../domain-events";
import { actorText, applyMove } from "../samples/moves";

/** How long a collection the agent sent stays on their list, marked sent. */
export const SENT_JOBS_HOURS = 24;

type Point = { lat: number; lng: number };

/** A job as read for its agent: only what the collection needs, nothing else of the customer. */
export interface FieldJobRow {
  sampleId: number;
  status: SampleStatus;
  assignedAt: Date;
  acceptedAt: Date | null;
  farmerName: string;
  farmerPhone: string;
  address: string;
  sampleLocation: Point | null;
  farm: { name: string; location: Point | null } | null;
  pond: { code: string; location: Point | null } | null;
  lotCode: string | null;
  purpose: SamplePurpose | null;
  category: string;
  tests: string[];
  markets: string[];
  notes: string | null;
  collectedAt: Date | null;
  /** The agent's hand-off to a courier: to whom ("courier (reference)") and when; null until then. */
  handedOver: { to: string; at: Date } | null;
}

export interface FieldJobList {
  jobs: FieldJobRow[];
  radiusM: number;
  serverTime: Date;
}

const point = (lat: number | null, lng: number | null): Point | null =>
  lat !== null && lng !== null ? { lat, lng } : null;

const jobNotFound = () => notFound("jobNotFound");

/** The collection radius the lab set (the default until it sets one). */
export async function collectionRadius(db: Executor): Promise<number> {
  const [row] = await db.select({ radius: labSettings.collectionRadiusM }).from(labSettings).limit(1);
  return row?.radius ?? COLLECTION_RADIUS_M.default;
}

/**
 * The agent's open jobs (COLLECTING, assigned to them) and those they sent in the last
 * SENT_JOBS_HOURS (COLLECTED through their collection), oldest assignment first. `only` narrows to
 * one sample, and then a job sent earlier still counts (the agent may hand it over later).
 */
export async function readJobs(ctx: DomainContext, agentId: number, only?: number): Promise<FieldJobRow[]> {
  const sentSince = new Date(ctx.now().getTime() - SENT_JOBS_HOURS * 3600 * 1000);
  // When the sample was last given to an agent: its latest move into COLLECTING.
  const assignedAt = sql<Date | null>`(select max(${sampleEvents.at}) from ${sampleEvents}
    where ${sampleEvents.sampleId} = ${samples.id} and ${sampleEvents.toStatus} = 'COLLECTING')`.mapWith(
    sampleEvents.at,
  );
  // This agent's hand-off to a courier, if any (the hand-over call records at most one).
  const handedOver = (column: SQL) => sql`(select ${column} from ${custodyEvents}
    where ${custodyEvents.sampleId} = ${samples.id} and ${custodyEvents.kind} = 'handed_over'
      and ${custodyEvents.actor} = ${actorText({ kind: "agent", id: agentId })}
    order by ${custodyEvents.at} desc, ${custodyEvents.id} desc limit 1)`;
  const mine: SQL | undefined = and(
    eq(samples.agentId, agentId),
    or(
      eq(samples.status, "COLLECTING"),
      and(
        eq(samples.status, "COLLECTED"),
        eq(sampleCollections.agentId, agentId),
        only === undefined ? gt(sampleCollections.receivedAt, sentSince) : undefined,
      ),
    ),
    only === undefined ? undefined : eq(samples.id, only),
  );
  const rows = await ctx.db
    .select({
      sampleId: samples.id,
      status: samples.status,
      assignedAt,
      updatedAt: samples.updatedAt,
      acceptedAt: samples.agentAcceptedAt,
      farmerName: samples.samplerName,
      farmerPhone: samples.phoneNumber,
      address: samples.samplerLocation,
      lat: samples.lat,
      lng: samples.lng,
      farmName: farms.name,
      farmLat: farms.lat,
      farmLng: farms.lng,
      pondCode: ponds.code,
      pondLat: ponds.lat,
      pondLng: ponds.lng,
      lotCode: harvestLots.code,
      purpose: samples.purpose,
      category: samples.shrimpCategory,
      tests: samples.testTypes,
      markets: samples.markets,
      notes: samples.collectorNotes,
      collectedAt: sampleCollections.collectedAt,
      handedOverTo: sql<string | null>`${handedOver(sql`${custodyEvents.receivedBy}`)}`,
      handedOverAt: sql<Date | null>`${handedOver(sql`${custodyEvents.at}`)}`.mapWith(custodyEvents.at),
    })
    .from(samples)
    .leftJoin(ponds, eq(ponds.id, samples.pondId))
    .leftJoin(farms, eq(farms.id, ponds.farmId))
    .leftJoin(harvestLots, eq(harvestLots.id, samples.lotId))
    .leftJoin(sampleCollections, eq(sampleCollections.sampleId, samples.id))
    .where(mine)
    .orderBy(asc(assignedAt), asc(samples.id))
    .limit(500);
  return rows.map((row) => ({
    sampleId: row.sampleId,
    status: row.status,
    assignedAt: row.assignedAt ?? row.updatedAt,
    acceptedAt: row.acceptedAt,
    farmerName: row.farmerName,
    farmerPhone: row.farmerPhone,
    address: row.address,
    sampleLocation: point(row.lat, row.lng),
    farm: row.farmName === null ? null : { name: row.farmName, location: point(row.farmLat, row.farmLng) },
    pond: row.pondCode === null ? null : { code: row.pondCode, location: point(row.pondLat, row.pondLng) },
    lotCode: row.lotCode,
    purpose: row.purpose,
    category: row.category,
    tests: row.tests,
    markets: row.markets,
    notes: row.notes,
    collectedAt: row.collectedAt,
    handedOver:
      row.handedOverTo === null || row.handedOverAt === null
        ? null
        : { to: row.handedOverTo, at: row.handedOverAt },
  }));
}

/** GET /field/jobs. */
export async function listFieldJobs(ctx: DomainContext, agentId: number): Promise<FieldJobList> {
  const [jobs, radiusM] = await Promise.all([readJobs(ctx, agentId), collectionRadius(ctx.db)]);
  return { jobs, radiusM, serverTime: ctx.now() };
}

/**
 * POST /field/jobs/{id}/accept: the agent takes the job on. Again is the same; a sample that is not
 * this agent's open job is not found.
 */
export async function acceptFieldJob(
  ctx: DomainContext,
  agentId: number,
  sampleId: number,
): Promise<FieldJobRow> {
  const now = ctx.now();
  const accepted = await ctx.db
    .update(samples)
    .set({ agentAcceptedAt: sql`coalesce(${samples.agentAcceptedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(samples.id, sampleId), eq(samples.agentId, agentId), eq(samples.status, "COLLECTING")))
    .returning({ id: samples.id });
  if (accepted.length === 0) throw jobNotFound();
  const [job] = await readJobs(ctx, agentId, sampleId);
  if (!job) throw jobNotFound();
  return job;
}

/**
 * POST /field/jobs/{id}/decline: the agent hands the job back. The sample goes back to PENDING (as
 * the agent's move) and the dispatcher, woken, gives it to someone else: never again to this agent.
 */
export async function declineFieldJob(
  ctx: DomainContext,
  agentId: number,
  sampleId: number,
  reason: string | undefined,
): Promise<void> {
  await ctx.unitOfWork(async (tx, effects) => {
    const now = ctx.now();
    const [sample] = await tx
      .select({ agentId: samples.agentId, status: samples.status })
      .from(samples)
      .where(eq(samples.id, sampleId))
      .for("update");
    if (!sample || sample.agentId !== agentId || sample.status !== "COLLECTING") throw jobNotFound();
    const text = reason === undefined || reason === "" ? null : reason;
    await tx
      .insert(jobDeclines)
      .values({ sampleId, agentId, reason: text, at: now })
      .onConflictDoUpdate({
        target: [jobDeclines.sampleId, jobDeclines.agentId],
        set: { reason: text, at: now },
      });
    const moved = await applyMove(tx, now, sampleId, { type: "unassign" }, { kind: "agent", id: agentId });
    await tx.update(samples).set({ agentAcceptedAt: null }).where(eq(samples.id, sampleId));
    effects.add("publish", changeEvents(moved.sample, moved.notifications));
    effects.add("samplesSubmitted");
  });
}
