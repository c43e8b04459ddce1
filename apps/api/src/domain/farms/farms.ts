import type {
  createFarmRequestSchema,
  createPondRequestSchema,
  updateFarmRequestSchema,
  updatePondRequestSchema,
} from "@lab/contracts";
import {
  crops,
  farms,
  harvestLots,
  ponds,
  sampleProviders,
  samples,
  type Executor,
  type FarmRow,
  type PondRow,
} from "@lab/db";
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";

import { conflict, invalidField, notFound } from "../../lib/app-error";
import { sqlStateOf } from "../../lib/db-errors";
import type { DomainContext } from "../context";
import type { Member } from "../organisations/access";
import { recordFarmActivity } from "./activity";

export type CreateFarmInput = z.output<typeof createFarmRequestSchema>;
export type UpdateFarmInput = z.output<typeof updateFarmRequestSchema>;
export type CreatePondInput = z.output<typeof createPondRequestSchema>;
export type UpdatePondInput = z.output<typeof updatePondRequestSchema>;

export type FarmView = FarmRow & { pondCount: number };
export type PondView = PondRow & { farmName: string; openCropId: number | null };

const FOREIGN_KEY_VIOLATION = "23503";

/** A farm of the member's organisation; another organisation's farm is not found, as no farm is. */
export async function ownFarm(db: Executor, member: Member, farmId: number): Promise<FarmRow> {
  const [row] = await db
    .select()
    .from(farms)
    .where(and(eq(farms.id, farmId), eq(farms.organisationId, member.organisationId)));
  if (!row) throw notFound("farmNotFound");
  return row;
}

async function pondCounts(db: Executor, farmIds: number[]): Promise<Map<number, number>> {
  if (farmIds.length === 0) return new Map();
  const rows = await db
    .select({ farmId: ponds.farmId, n: count() })
    .from(ponds)
    .where(inArray(ponds.farmId, farmIds))
    .groupBy(ponds.farmId);
  return new Map(rows.map((row) => [row.farmId, row.n]));
}

/** The provider a farm names must be one of the organisation's own. */
async function checkProvider(db: Executor, member: Member, providerId: number | null | undefined) {
  if (providerId === null || providerId === undefined) return;
  const [row] = await db
    .select({ id: sampleProviders.id })
    .from(sampleProviders)
    .where(
      and(eq(sampleProviders.id, providerId), eq(sampleProviders.organisationId, member.organisationId)),
    );
  if (!row) throw invalidField("providerNotFound", "providerId");
}

export async function listFarms(ctx: DomainContext, member: Member): Promise<FarmView[]> {
  const rows = await ctx.db
    .select()
    .from(farms)
    .where(eq(farms.organisationId, member.organisationId))
    .orderBy(asc(farms.name), asc(farms.id));
  const counts = await pondCounts(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, pondCount: counts.get(row.id) ?? 0 }));
}

export async function getFarm(ctx: DomainContext, member: Member, farmId: number): Promise<FarmView> {
  const row = await ownFarm(ctx.db, member, farmId);
  return { ...row, pondCount: (await pondCounts(ctx.db, [row.id])).get(row.id) ?? 0 };
}

export async function createFarm(
  ctx: DomainContext,
  member: Member,
  input: CreateFarmInput,
): Promise<FarmView> {
  const now = ctx.now();
  return ctx.unitOfWork(async (tx) => {
    await checkProvider(tx, member, input.providerId);
    const [row] = await tx
      .insert(farms)
      .values({
        ...input,
        organisationId: member.organisationId,
        createdBy: member.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    await recordFarmActivity(tx, member, "farm-created", { id: row.id, label: row.name }, now);
    return { ...row, pondCount: 0 };
  });
}

export async function updateFarm(
  ctx: DomainContext,
  member: Member,
  farmId: number,
  input: UpdateFarmInput,
): Promise<FarmView> {
  const now = ctx.now();
  return ctx.unitOfWork(async (tx) => {
    const farm = await ownFarm(tx, member, farmId);
    await checkProvider(tx, member, input.providerId);
    // Coordinates go together: one sent alone pairs with the stored other, and both must then exist.
    const lat = input.lat === undefined ? farm.lat : input.lat;
    const lng = input.lng === undefined ? farm.lng : input.lng;
    if ((lat === null) !== (lng === null)) throw invalidField("coordinatesInvalid", "lat");
    const [row] = await tx
      .update(farms)
      .set({ ...input, updatedAt: now })
      .where(eq(farms.id, farm.id))
      .returning();
    if (!row) throw notFound("farmNotFound");
    await recordFarmActivity(tx, member, "farm-updated", { id: row.id, label: row.name }, now, {
      fields: Object.keys(input).sort().join(", "),
    });
    return { ...row, pondCount: (await pondCounts(tx, [row.id])).get(row.id) ?? 0 };
  });
}

/** Whether any sample names one of these ponds, their crops or their crops' lots. */
async function samplesName(tx: Executor, pondIds: number[]): Promise<boolean> {
  if (pondIds.length === 0) return false;
  const cropIds = tx.select({ id: crops.id }).from(crops).where(inArray(crops.pondId, pondIds));
  const lotIds = tx
    .select({ id: harvestLots.id })
    .from(harvestLots)
    .where(inArray(harvestLots.cropId, cropIds));
  const [row] = await tx
    .select({ one: sql`1` })
    .from(samples)
    .where(
      or(inArray(samples.pondId, pondIds), inArray(samples.cropId, cropIds), inArray(samples.lotId, lotIds)),
    )
    .limit(1);
  return row !== undefined;
}

/** Deletes a farm with its ponds, crops and lots, unless a sample names any of them (409). */
export async function deleteFarm(ctx: DomainContext, member: Member, farmId: number): Promise<void> {
  const now = ctx.now();
  try {
    await ctx.unitOfWork(async (tx) => {
      const farm = await ownFarm(tx, member, farmId);
      const pondIds = (await tx.select({ id: ponds.id }).from(ponds).where(eq(ponds.farmId, farm.id))).map(
        (row) => row.id,
      );
      if (await samplesName(tx, pondIds)) throw conflict("farmInUse");
      await tx.delete(farms).where(eq(farms.id, farm.id));
      await recordFarmActivity(tx, member, "farm-deleted", { id: farm.id, label: farm.name }, now);
    });
  } catch (error) {
    // A sample submitted meanwhile: the database's restriction says the same.
    if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw conflict("farmInUse");
    throw error;
  }
}

const pondViews = (db: Executor) =>
  db
    .select({ pond: ponds, farmName: farms.name, openCropId: crops.id })
    .from(ponds)
    .innerJoin(farms, eq(farms.id, ponds.farmId))
    .leftJoin(crops, and(eq(crops.pondId, ponds.id), isNull(crops.harvestedOn)));

const toPondView = (row: { pond: PondRow; farmName: string; openCropId: number | null }): PondView => ({
  ...row.pond,
  farmName: row.farmName,
  openCropId: row.openCropId,
});

/** A pond of the member's organisation, with its farm's name and open crop. */
export async function ownPond(db: Executor, member: Member, pondId: number): Promise<PondView> {
  const [row] = await pondViews(db).where(
    and(eq(ponds.id, pondId), eq(ponds.organisationId, member.organisationId)),
  );
  if (!row) throw notFound("pondNotFound");
  return toPondView(row);
}

export async function listPonds(ctx: DomainContext, member: Member, farmId: number): Promise<PondView[]> {
  const farm = await ownFarm(ctx.db, member, farmId);
  const rows = await pondViews(ctx.db)
    .where(eq(ponds.farmId, farm.id))
    .orderBy(asc(sql`lower(${ponds.code})`), asc(ponds.id));
  return rows.map(toPondView);
}

export async function getPond(ctx: DomainContext, member: Member, pondId: number): Promise<PondView> {
  return ownPond(ctx.db, member, pondId);
}

async function codeTaken(tx: Executor, farmId: number, code: string, except?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: ponds.id })
    .from(ponds)
    .where(
      and(
        eq(ponds.farmId, farmId),
        sql`lower(${ponds.code}) = lower(${code})`,
        except === undefined ? undefined : ne(ponds.id, except),
      ),
    );
  return row !== undefined;
}

export async function createPond(
  ctx: DomainContext,
  member: Member,
  farmId: number,
  input: CreatePondInput,
): Promise<PondView> {
  const now = ctx.now();
  return ctx.unitOfWork(async (tx) => {
    const farm = await ownFarm(tx, member, farmId);
    if (await codeTaken(tx, farm.id, input.code)) throw conflict("pondCodeTaken", { field: "code" });
    const [row] = await tx
      .insert(ponds)
      .values({
        ...input,
        farmId: farm.id,
        organisationId: member.organisationId,
        createdAt: now,
        updatedAt: now,
      })
      // A pond of the same code added meanwhile.
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict("pondCodeTaken", { field: "code" });
    await recordFarmActivity(
      tx,
      member,
      "pond-created",
      { id: row.id, label: `${farm.name} · ${row.code}` },
      now,
    );
    return { ...row, farmName: farm.name, openCropId: null };
  });
}

export async function updatePond(
  ctx: DomainContext,
  member: Member,
  pondId: number,
  input: UpdatePondInput,
): Promise<PondView> {
  const now = ctx.now();
  return ctx.unitOfWork(async (tx) => {
    const pond = await ownPond(tx, member, pondId);
    const lat = input.lat === undefined ? pond.lat : input.lat;
    const lng = input.lng === undefined ? pond.lng : input.lng;
    if ((lat === null) !== (lng === null)) throw invalidField("coordinatesInvalid", "lat");
    if (input.code !== undefined && (await codeTaken(tx, pond.farmId, input.code, pond.id)))
      throw conflict("pondCodeTaken", { field: "code" });
    await tx
      .update(ponds)
      .set({ ...input, updatedAt: now })
      .where(eq(ponds.id, pond.id));
    const updated = await ownPond(tx, member, pond.id);
    await recordFarmActivity(
      tx,
      member,
      "pond-updated",
      { id: updated.id, label: `${updated.farmName} · ${updated.code}` },
      now,
    );
    return updated;
  });
}

export async function deletePond(ctx: DomainContext, member: Member, pondId: number): Promise<void> {
  const now = ctx.now();
  try {
    await ctx.unitOfWork(async (tx) => {
      const pond = await ownPond(tx, member, pondId);
      if (await samplesName(tx, [pond.id])) throw conflict("pondInUse");
      await tx.delete(ponds).where(eq(ponds.id, pond.id));
      await recordFarmActivity(
        tx,
        member,
        "pond-deleted",
        { id: pond.id, label: `${pond.farmName} · ${pond.code}` },
        now,
      );
    });
  } catch (error) {
    if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw conflict("pondInUse");
    throw error;
  }
}
