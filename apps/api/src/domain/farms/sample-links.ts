import type { SamplePurpose } from "@lab/contracts";
import { crops, farms, harvestLots, ponds, samples, type Executor } from "@lab/db";
import { and, eq, inArray } from "drizzle-orm";

import { invalidField } from "../../lib/app-error";
import type { Member } from "../organisations/access";

/** What a submission may say of where its sample comes from and why. */
export interface SampleLinkInput {
  pondId?: number | null | undefined;
  cropId?: number | null | undefined;
  lotId?: number | null | undefined;
  purpose?: SamplePurpose | null | undefined;
}

export interface SampleLinks {
  pondId: number | null;
  cropId: number | null;
  lotId: number | null;
  purpose: SamplePurpose | null;
}

const unknown = (field: string) => invalidField("sampleLinkUnknown", field);
const mismatch = (field: string) => invalidField("sampleLinkMismatch", field);

/**
 * The pond, crop and lot a submission names, checked against the member's organisation and against one
 * another: a lot stands for its crop and pond, a crop for its pond. Another organisation's ids are
 * refused as unknown, never told apart from ids that do not exist.
 */
export async function resolveSampleLinks(
  db: Executor,
  member: Member,
  input: SampleLinkInput,
): Promise<SampleLinks> {
  const purpose = input.purpose ?? null;
  let pondId = input.pondId ?? null;
  let cropId = input.cropId ?? null;
  const lotId = input.lotId ?? null;
  if (purpose === "pre_harvest" && lotId === null) throw invalidField("preHarvestLotRequired", "lotId");
  const organisation = member.organisationId;
  if (lotId !== null) {
    const [lot] = await db
      .select({ cropId: harvestLots.cropId, pondId: crops.pondId })
      .from(harvestLots)
      .innerJoin(crops, eq(crops.id, harvestLots.cropId))
      .where(and(eq(harvestLots.id, lotId), eq(harvestLots.organisationId, organisation)));
    if (!lot) throw unknown("lotId");
    if (cropId !== null && cropId !== lot.cropId) throw mismatch("cropId");
    if (pondId !== null && pondId !== lot.pondId) throw mismatch("pondId");
    return { pondId: lot.pondId, cropId: lot.cropId, lotId, purpose };
  }
  if (cropId !== null) {
    const [crop] = await db
      .select({ pondId: crops.pondId })
      .from(crops)
      .where(and(eq(crops.id, cropId), eq(crops.organisationId, organisation)));
    if (!crop) throw unknown("cropId");
    if (pondId !== null && pondId !== crop.pondId) throw mismatch("pondId");
    pondId = crop.pondId;
  } else if (pondId !== null) {
    const [pond] = await db
      .select({ id: ponds.id })
      .from(ponds)
      .where(and(eq(ponds.id, pondId), eq(ponds.organisationId, organisation)));
    if (!pond) throw unknown("pondId");
  }
  cropId = cropId ?? null;
  return { pondId, cropId, lotId: null, purpose };
}

/** What a sample's page shows of its links: the pond's code and farm, the lot's code, the purpose. */
export interface SampleLinkView {
  purpose: SamplePurpose | null;
  pond: { id: number; code: string; farmName: string } | null;
  cropId: number | null;
  lot: { id: number; code: string } | null;
}

export async function sampleLinkViews(
  db: Executor,
  sampleIds: number[],
): Promise<Map<number, SampleLinkView>> {
  if (sampleIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: samples.id,
      purpose: samples.purpose,
      pondId: ponds.id,
      pondCode: ponds.code,
      farmName: farms.name,
      cropId: samples.cropId,
      lotId: harvestLots.id,
      lotCode: harvestLots.code,
    })
    .from(samples)
    .leftJoin(ponds, eq(ponds.id, samples.pondId))
    .leftJoin(farms, eq(farms.id, ponds.farmId))
    .leftJoin(harvestLots, eq(harvestLots.id, samples.lotId))
    .where(inArray(samples.id, sampleIds));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        purpose: row.purpose,
        pond:
          row.pondId !== null && row.pondCode !== null
            ? { id: row.pondId, code: row.pondCode, farmName: row.farmName ?? "" }
            : null,
        cropId: row.cropId,
        lot: row.lotId !== null && row.lotCode !== null ? { id: row.lotId, code: row.lotCode } : null,
      },
    ]),
  );
}
