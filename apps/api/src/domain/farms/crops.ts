import type {
  createCropRequestSchema,
  createLotRequestSchema,
  updateCropRequestSchema,
  updateLotRequestSchema,
} from "@lab/contracts";
import {
  crops,
  farms,
  harvestLots,
  organisations,
  ponds,
  type CropRow,
  type Executor,
  type HarvestLotRow,
} from "@lab/db";
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import type { z } from "zod";

import { AppError, conflict, invalidField, notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";
import type { Member } from "../organisations/access";
import { organisationOfMemberEmail } from "../organisations/members";
import { checkedMarkets } from "../results/catalogue";
import { recordFarmActivity } from "./activity";
import { ownPond } from "./farms";
import { newLotCode } from "./lot-codes";

export type CreateCropInput = z.output<typeof createCropRequestSchema>;
export type UpdateCropInput = z.output<typeof updateCropRequestSchema>;
export type CreateLotInput = z.output<typeof createLotRequestSchema>;
export type UpdateLotInput = z.output<typeof updateLotRequestSchema>;

interface Place {
  pondCode: string;
  farmId: number;
  farmName: string;
}
export type CropView = CropRow & Place;
export type LotView = HarvestLotRow &
  Place & { pondId: number; species: string; buyerOrganisationName: string | null };

const cropViews = (db: Executor) =>
  db
    .select({ crop: crops, pondCode: ponds.code, farmId: farms.id, farmName: farms.name })
    .from(crops)
    .innerJoin(ponds, eq(ponds.id, crops.pondId))
    .innerJoin(farms, eq(farms.id, ponds.farmId));

const toCropView = (row: { crop: CropRow } & Place): CropView => ({
  ...row.crop,
  pondCode: row.pondCode,
  farmId: row.farmId,
  farmName: row.farmName,
});

export async function ownCrop(db: Executor, member: Member, cropId: number): Promise<CropView> {
  const [row] = await cropViews(db).where(
    and(eq(crops.id, cropId), eq(crops.organisationId, member.organisationId)),
  );
  if (!row) throw notFound("cropNotFound");
  return toCropView(row);
}

/** A pond's crops, the latest stocking first. */
export async function listCrops(ctx: DomainContext, member: Member, pondId: number): Promise<CropView[]> {
  const pond = await ownPond(ctx.db, member, pondId);
  const rows = await cropViews(ctx.db)
    .where(eq(crops.pondId, pond.id))
    .orderBy(desc(crops.stockedOn), desc(crops.id));
  return rows.map(toCropView);
}

export async function getCrop(ctx: DomainContext, member: Member, cropId: number): Promise<CropView> {
  return ownCrop(ctx.db, member, cropId);
}

/** Stocks a pond: refused (409) while the pond has a crop not yet harvested. */
export async function stockCrop(
  ctx: DomainContext,
  member: Member,
  pondId: number,
  input: CreateCropInput,
): Promise<CropView> {
  const now = ctx.now();
  return ctx.unitOfWork(async (tx) => {
    const pond = await ownPond(tx, member, pondId);
    if (pond.openCropId !== null && input.harvestedOn == null) throw conflict("pondHasOpenCrop");
    const [row] = await tx
      .insert(crops)
      .values({
        ...input,
        treatments: input.noTreatments ? [] : (input.treatments ?? []),
        pondId: pond.id,
        organisationId: member.organisationId,
        createdAt: now,
        updatedAt: now,
      })
      // Another crop stocked meanwhile: the one-open-crop index says no.
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict("pondHasOpenCrop");
    await recordFarmActivity(
      tx,
      member,
      "crop-stocked",
      { id: row.id, label: `${pond.farmName} · ${pond.code}` },
      now,
      { species: row.species, stockedOn: row.stockedOn },
    );
    return { ...row, pondCode: pond.code, farmId: pond.farmId, farmName: pond.farmName };
  });
}

/** Changes a crop; a harvest date ends it, null opens it again (if the pond has no other open crop). */
export async function updateCrop(
  ctx: DomainContext,
  member: Member,
  cropId: number,
  input: UpdateCropInput,
): Promise<CropView> {
  const now = ctx.now();
  return ctx.unitOfWork(async (tx) => {
    const crop = await ownCrop(tx, member, cropId);
    const stockedOn = input.stockedOn ?? crop.stockedOn;
    const harvestedOn = input.harvestedOn === undefined ? crop.harvestedOn : input.harvestedOn;
    if (harvestedOn !== null && harvestedOn < stockedOn)
      throw invalidField("harvestBeforeStocking", "harvestedOn");
    if (harvestedOn === null && crop.harvestedOn !== null) {
      const [open] = await tx
        .select({ id: crops.id })
        .from(crops)
        .where(and(eq(crops.pondId, crop.pondId), isNull(crops.harvestedOn), ne(crops.id, crop.id)));
      if (open) throw conflict("pondHasOpenCrop");
    }
    const treatments =
      input.noTreatments === undefined ? undefined : input.noTreatments ? [] : (input.treatments ?? []);
    await tx
      .update(crops)
      .set({ ...input, treatments, updatedAt: now })
      .where(eq(crops.id, crop.id));
    const updated = await ownCrop(tx, member, crop.id);
    await recordFarmActivity(
      tx,
      member,
      "crop-updated",
      { id: updated.id, label: `${updated.farmName} · ${updated.pondCode}` },
      now,
      { harvestedOn: updated.harvestedOn },
    );
    return updated;
  });
}

const lotViews = (db: Executor) =>
  db
    .select({
      lot: harvestLots,
      pondId: ponds.id,
      pondCode: ponds.code,
      farmId: farms.id,
      farmName: farms.name,
      species: crops.species,
      buyerOrganisationName: organisations.name,
    })
    .from(harvestLots)
    .innerJoin(crops, eq(crops.id, harvestLots.cropId))
    .innerJoin(ponds, eq(ponds.id, crops.pondId))
    .innerJoin(farms, eq(farms.id, ponds.farmId))
    .leftJoin(organisations, eq(organisations.id, harvestLots.buyerOrganisationId));

const toLotView = (
  row: { lot: HarvestLotRow; pondId: number; species: string; buyerOrganisationName: string | null } & Place,
): LotView => ({
  ...row.lot,
  pondId: row.pondId,
  pondCode: row.pondCode,
  farmId: row.farmId,
  farmName: row.farmName,
  species: row.species,
  buyerOrganisationName: row.buyerOrganisationName,
});

export async function ownLot(db: Executor, member: Member, lotId: number): Promise<LotView> {
  const [row] = await lotViews(db).where(
    and(eq(harvestLots.id, lotId), eq(harvestLots.organisationId, member.organisationId)),
  );
  if (!row) throw notFound("lotNotFound");
  return toLotView(row);
}

/** A lot of the member's organisation by its code (what the lot card names); else not found. */
export async function ownLotByCode(db: Executor, member: Member, code: string): Promise<LotView> {
  const [row] = await lotViews(db).where(
    and(eq(harvestLots.code, code), eq(harvestLots.organisationId, member.organisationId)),
  );
  if (!row) throw notFound("lotNotFound");
  return toLotView(row);
}

export async function listCropLots(ctx: DomainContext, member: Member, cropId: number): Promise<LotView[]> {
  const crop = await ownCrop(ctx.db, member, cropId);
  const rows = await lotViews(ctx.db)
    .where(eq(harvestLots.cropId, crop.id))
    .orderBy(desc(harvestLots.expectedOn), desc(harvestLots.id));
  return rows.map(toLotView);
}

/** The organisation's lots, the latest expected harvest first. */
export const ORGANISATION_LOTS_LIMIT = 500;
export async function listLots(ctx: DomainContext, member: Member): Promise<LotView[]> {
  const rows = await lotViews(ctx.db)
    .where(eq(harvestLots.organisationId, member.organisationId))
    .orderBy(desc(harvestLots.expectedOn), desc(harvestLots.id))
    .limit(ORGANISATION_LOTS_LIMIT);
  return rows.map(toLotView);
}

export async function getLot(ctx: DomainContext, member: Member, lotId: number): Promise<LotView> {
  return ownLot(ctx.db, member, lotId);
}

/** A lot is harvested from its crop: not before the crop was stocked. */
function harvestedAfterStocking(harvestedOn: string | null | undefined, stockedOn: string): void {
  if (harvestedOn != null && harvestedOn < stockedOn)
    throw invalidField("harvestBeforeStocking", "harvestedOn");
}

/**
 * The buyer's organisation in the portal named by one of its members' e-mail: undefined leaves it as
 * it is, null clears it; no such member, or one of the lot's own organisation, is refused.
 */
async function buyerOrganisationOf(
  tx: Executor,
  member: Member,
  email: string | null | undefined,
): Promise<{ id: number; name: string } | null | undefined> {
  if (email == null) return email;
  const buyer = await organisationOfMemberEmail(tx, email);
  if (!buyer) throw new AppError(422, "validation_failed", "buyerUnknown", {}, "buyerEmail");
  if (buyer.id === member.organisationId)
    throw new AppError(422, "validation_failed", "buyerIsSelf", {}, "buyerEmail");
  return buyer;
}

/** Codes are 50 random bits: a clash is rare, and then another code is drawn. */
const CODE_ATTEMPTS = 5;

export async function createLot(
  ctx: DomainContext,
  member: Member,
  cropId: number,
  input: CreateLotInput,
): Promise<LotView> {
  const now = ctx.now();
  return ctx.unitOfWork(async (tx) => {
    const crop = await ownCrop(tx, member, cropId);
    harvestedAfterStocking(input.harvestedOn, crop.stockedOn);
    const markets = await checkedMarkets(tx, member.organisationId, input.markets ?? [], "markets");
    const { buyerEmail, ...fields } = input;
    const buyer = await buyerOrganisationOf(tx, member, buyerEmail);
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const [row] = await tx
        .insert(harvestLots)
        .values({
          ...fields,
          markets,
          buyerOrganisationId: buyer?.id ?? null,
          code: newLotCode(),
          cropId: crop.id,
          organisationId: member.organisationId,
          createdBy: member.id,
          createdAt: now,
          updatedAt: now,
        })
        // Without aborting the transaction, as a unique violation would.
        .onConflictDoNothing({ target: harvestLots.code })
        .returning();
      if (!row) continue;
      await recordFarmActivity(tx, member, "lot-created", { id: row.id, label: row.code }, now, {
        pond: `${crop.farmName} · ${crop.pondCode}`,
        expectedOn: row.expectedOn,
      });
      return {
        ...row,
        pondId: crop.pondId,
        pondCode: crop.pondCode,
        farmId: crop.farmId,
        farmName: crop.farmName,
        species: crop.species,
        buyerOrganisationName: buyer?.name ?? null,
      };
    }
    throw new Error("no free lot code");
  });
}

export async function updateLot(
  ctx: DomainContext,
  member: Member,
  lotId: number,
  input: UpdateLotInput,
): Promise<LotView> {
  const now = ctx.now();
  return ctx.unitOfWork(async (tx) => {
    const lot = await ownLot(tx, member, lotId);
    if (input.harvestedOn != null)
      harvestedAfterStocking(input.harvestedOn, (await ownCrop(tx, member, lot.cropId)).stockedOn);
    const markets =
      input.markets === undefined
        ? undefined
        : await checkedMarkets(tx, member.organisationId, input.markets, "markets");
    const { buyerEmail, ...fields } = input;
    const buyer = await buyerOrganisationOf(tx, member, buyerEmail);
    await tx
      .update(harvestLots)
      .set({
        ...fields,
        markets,
        ...(buyer === undefined ? {} : { buyerOrganisationId: buyer === null ? null : buyer.id }),
        updatedAt: now,
      })
      .where(eq(harvestLots.id, lot.id));
    const updated = await ownLot(tx, member, lot.id);
    await recordFarmActivity(tx, member, "lot-updated", { id: updated.id, label: updated.code }, now, {
      fields: Object.keys(input).sort().join(", "),
    });
    return updated;
  });
}
