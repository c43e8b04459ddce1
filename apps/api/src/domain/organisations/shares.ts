import { SHARE_MAX_DAYS, type ShareTarget } from "@lab/contracts";
import {
  crops,
  customers,
  farms,
  harvestLots,
  organisations,
  ponds,
  reports,
  samples,
  shares,
  type Executor,
  type FarmRow,
  type HarvestLotRow,
  type ReportRow,
  type SampleRow,
  type ShareRow,
} from "@lab/db";
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";

import { AppError, conflict, notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";
import { checkLots } from "../farms/lot-check";
import { reportDownload } from "../reports/report-document";
import type { Member } from "./access";
import { recordActivity } from "./activity";
import { organisationOfMemberEmail, requireAdmin } from "./members";

const DAY_MS = 24 * 3600 * 1000;
const shareNotFound = () => notFound("shareNotFound");
const sampleNotFound = () => notFound("sampleNotFound");
/** Well formed, but naming no organisation that can take the share. */
const refused = (
  said: "granteeUnknown" | "shareWithSelf" | "shareExpiryPast" | "shareExpiryTooFar",
  field: string,
) => new AppError(422, "validation_failed", said, {}, field);

// ---------------------------------------------------------------------------------------------------
// The one rule of what is shared with an organisation now. Every read of the "Shared with us" side
// goes through `lotSharedWith`: a lot is readable by another organisation only while a share of that
// lot, or of its farm, granted by the lot's own organisation to the reader's, is neither revoked nor
// past its end.
// ---------------------------------------------------------------------------------------------------

/** A share `sh` granted to the organisation that is in force now: not revoked, not past its end. */
const inForce = (
  granteeOrganisationId: number,
  now: Date,
): SQL => sql`sh.grantee_organisation_id = ${granteeOrganisationId}
    and sh.revoked_at is null
    and sh.expires_at > ${now.toISOString()}::timestamptz`;

/** The shares in force now that cover the harvest lot of the surrounding query (harvest_lots columns): for its end. */
const coveringShares = (granteeOrganisationId: number, now: Date): SQL => sql`
  from ${shares} sh
  where ${inForce(granteeOrganisationId, now)}
    and sh.organisation_id = ${harvestLots.organisationId}
    and (
      sh.lot_id = ${harvestLots.id}
      or sh.farm_id = (select p.farm_id from ${crops} c join ${ponds} p on p.id = c.pond_id where c.id = ${harvestLots.cropId})
    )`;

/**
 * The ids of the lots shared with the organisation now, read from its shares in force
 * (shares_grantee_idx) outwards: a lot share names its lot, a farm share its farm's lots through
 * ponds and crops. Never a walk over every lot in the portal.
 */
const sharedLotIdsSql = (granteeOrganisationId: number, now: Date): SQL => sql`(
    select l.id from ${shares} sh
      join ${harvestLots} l on l.id = sh.lot_id and l.organisation_id = sh.organisation_id
    where ${inForce(granteeOrganisationId, now)}
    union
    select l.id from ${shares} sh
      join ${ponds} p on p.farm_id = sh.farm_id
      join ${crops} c on c.pond_id = p.id
      join ${harvestLots} l on l.crop_id = c.id and l.organisation_id = sh.organisation_id
    where ${inForce(granteeOrganisationId, now)}
  )`;

/** Whether the lot of the surrounding query is shared with the organisation now. */
export const lotSharedWith = (granteeOrganisationId: number, now: Date): SQL =>
  sql`${harvestLots.id} in ${sharedLotIdsSql(granteeOrganisationId, now)}`;

/** When the latest of the shares covering the lot of the surrounding query ends. */
const lotSharedUntil = (granteeOrganisationId: number, now: Date): SQL<string> =>
  sql<string>`(select max(sh.expires_at) ${coveringShares(granteeOrganisationId, now)})`.mapWith(
    (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString(),
  );

// ---------------------------------------------------------------------------------------------------
// The granting side: an admin shares a farm or a lot, lists and revokes the organisation's shares.
// ---------------------------------------------------------------------------------------------------

export interface CreateShareInput {
  farmId?: number | undefined;
  lotCode?: string | undefined;
  granteeOrganisationId?: number | undefined;
  granteeEmail?: string | undefined;
  expiresAt: Date;
}

export type ShareView = ShareRow & {
  farm: { id: number; name: string };
  lot: { id: number; code: string } | null;
  grantee: { id: number; name: string };
  createdByName: string | null;
};

/** What a share is of: the farm, and the lot for a lot share; another organisation's is not found. */
async function targetOf(
  tx: Executor,
  admin: Member,
  input: CreateShareInput,
): Promise<{ farm: FarmRow; lot: HarvestLotRow | null }> {
  if (input.farmId !== undefined) {
    const [farm] = await tx
      .select()
      .from(farms)
      .where(and(eq(farms.id, input.farmId), eq(farms.organisationId, admin.organisationId)));
    if (!farm) throw notFound("farmNotFound");
    return { farm, lot: null };
  }
  const [row] = await tx
    .select({ lot: harvestLots, farm: farms })
    .from(harvestLots)
    .innerJoin(crops, eq(crops.id, harvestLots.cropId))
    .innerJoin(ponds, eq(ponds.id, crops.pondId))
    .innerJoin(farms, eq(farms.id, ponds.farmId))
    .where(
      and(eq(harvestLots.code, input.lotCode ?? ""), eq(harvestLots.organisationId, admin.organisationId)),
    );
  if (!row) throw notFound("lotNotFound");
  return row;
}

/**
 * The organisation a share goes to: by its number, or as the organisation of the active, verified
 * member with this address. Either unknown answers the same, and names no person.
 */
async function granteeOf(tx: Executor, input: CreateShareInput): Promise<{ id: number; name: string }> {
  const field = input.granteeEmail === undefined ? "granteeOrganisationId" : "granteeEmail";
  const row =
    input.granteeEmail === undefined
      ? (
          await tx
            .select({ id: organisations.id, name: organisations.name })
            .from(organisations)
            .where(eq(organisations.id, input.granteeOrganisationId ?? 0))
        )[0]
      : await organisationOfMemberEmail(tx, input.granteeEmail);
  if (!row) throw refused("granteeUnknown", field);
  return row;
}

/** A share's end must be after now and at most SHARE_MAX_DAYS days ahead. */
function checkExpiry(expiresAt: Date, now: Date): void {
  if (expiresAt.getTime() <= now.getTime()) throw refused("shareExpiryPast", "expiresAt");
  if (expiresAt.getTime() > now.getTime() + (SHARE_MAX_DAYS + 1) * DAY_MS)
    throw refused("shareExpiryTooFar", "expiresAt");
}

const targetLabel = (target: { farm: FarmRow; lot: HarvestLotRow | null }) =>
  target.lot ? target.lot.code : target.farm.name;

/**
 * POST /organisations/{id}/shares (admin): the consent, recorded in both organisations' trails in the
 * same transaction. One share in force per farm or lot and grantee: a change is a revoke and a grant.
 */
export async function createShare(
  ctx: DomainContext,
  admin: Member,
  input: CreateShareInput,
): Promise<ShareView> {
  requireAdmin(admin);
  const now = ctx.now();
  return ctx.unitOfWork(async (tx) => {
    const target = await targetOf(tx, admin, input);
    const grantee = await granteeOf(tx, input);
    if (grantee.id === admin.organisationId)
      throw refused(
        "shareWithSelf",
        input.granteeEmail === undefined ? "granteeOrganisationId" : "granteeEmail",
      );
    checkExpiry(input.expiresAt, now);
    const [existing] = await tx
      .select({ id: shares.id })
      .from(shares)
      .where(
        and(
          eq(shares.organisationId, admin.organisationId),
          eq(shares.granteeOrganisationId, grantee.id),
          target.lot ? eq(shares.lotId, target.lot.id) : eq(shares.farmId, target.farm.id),
          isNull(shares.revokedAt),
          gt(shares.expiresAt, now),
        ),
      );
    if (existing) throw conflict("shareExists", { field: input.farmId === undefined ? "lotCode" : "farmId" });
    const [row] = await tx
      .insert(shares)
      .values({
        organisationId: admin.organisationId,
        farmId: target.lot ? null : target.farm.id,
        lotId: target.lot ? target.lot.id : null,
        granteeOrganisationId: grantee.id,
        expiresAt: input.expiresAt,
        createdBy: admin.id,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    const [granting] = await tx
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, admin.organisationId));
    await recordBoth(tx, {
      share: row,
      label: targetLabel(target),
      grantor: { id: admin.organisationId, name: granting?.name ?? "" },
      grantee,
      admin,
      kinds: ["share-granted", "share-received"],
      at: now,
    });
    const [view] = await shareViews(tx, [eq(shares.id, row.id)]);
    if (!view) throw new Error("share not read back");
    return view;
  });
}

/**
 * One line in each trail. The grantee's line names the granting organisation, not its admin: no
 * member of the grantee acted, and the person behind the grant is not theirs to read.
 */
async function recordBoth(
  tx: Executor,
  entry: {
    share: ShareRow;
    label: string;
    grantor: { id: number; name: string };
    grantee: { id: number; name: string };
    admin: Member;
    kinds: ["share-granted", "share-received"] | ["share-revoked", "share-withdrawn"];
    at: Date;
  },
): Promise<void> {
  const target: ShareTarget = entry.share.lotId === null ? "farm" : "lot";
  const details = (organisation: string) => ({
    shareId: entry.share.id,
    target,
    organisation,
    until: entry.share.expiresAt.toISOString(),
  });
  await recordActivity(tx, {
    organisationId: entry.grantor.id,
    kind: entry.kinds[0],
    actor: { id: entry.admin.id },
    subject: { id: entry.share.lotId ?? entry.share.farmId, label: entry.label },
    details: details(entry.grantee.name),
    at: entry.at,
  });
  await recordActivity(tx, {
    organisationId: entry.grantee.id,
    kind: entry.kinds[1],
    actor: { staff: entry.grantor.name },
    subject: { id: null, label: entry.label },
    details: details(entry.grantor.name),
    at: entry.at,
  });
}

/** Shares with their farm, lot, grantee and granting member, newest first. */
async function shareViews(db: Executor, where: (SQL | undefined)[]): Promise<ShareView[]> {
  const lotFarm = sql<number>`coalesce(${shares.farmId}, (select p.farm_id from ${harvestLots} l join ${crops} c on c.id = l.crop_id join ${ponds} p on p.id = c.pond_id where l.id = ${shares.lotId}))`;
  const rows = await db
    .select({
      share: shares,
      farmId: farms.id,
      farmName: farms.name,
      lotCode: harvestLots.code,
      granteeName: organisations.name,
      createdByName: customers.fullName,
    })
    .from(shares)
    .innerJoin(farms, eq(farms.id, lotFarm))
    .leftJoin(harvestLots, eq(harvestLots.id, shares.lotId))
    .innerJoin(organisations, eq(organisations.id, shares.granteeOrganisationId))
    .leftJoin(customers, and(eq(customers.id, shares.createdBy), isNull(customers.removedAt)))
    .where(and(...where))
    .orderBy(desc(shares.createdAt), desc(shares.id));
  return rows.map((row) => ({
    ...row.share,
    farm: { id: row.farmId, name: row.farmName },
    lot: row.share.lotId !== null && row.lotCode !== null ? { id: row.share.lotId, code: row.lotCode } : null,
    grantee: { id: row.share.granteeOrganisationId, name: row.granteeName },
    createdByName: row.createdByName,
  }));
}

/** GET /organisations/{id}/shares: the organisation's shares in force now. */
export async function listShares(ctx: DomainContext, member: Member): Promise<ShareView[]> {
  return shareViews(ctx.db, [
    eq(shares.organisationId, member.organisationId),
    isNull(shares.revokedAt),
    gt(shares.expiresAt, ctx.now()),
  ]);
}

/**
 * DELETE /organisations/{id}/shares/{shareId} (admin): ends the share at once; the grantee's next read
 * no longer finds the farm or lot. A share already revoked, or another organisation's, is not found.
 */
export async function revokeShare(ctx: DomainContext, admin: Member, shareId: number): Promise<void> {
  requireAdmin(admin);
  const now = ctx.now();
  await ctx.unitOfWork(async (tx) => {
    const [row] = await tx
      .update(shares)
      .set({ revokedAt: now, revokedBy: admin.id })
      .where(
        and(
          eq(shares.id, shareId),
          eq(shares.organisationId, admin.organisationId),
          isNull(shares.revokedAt),
        ),
      )
      .returning();
    if (!row) throw shareNotFound();
    const [view] = await shareViews(tx, [eq(shares.id, row.id)]);
    const [granting] = await tx
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, admin.organisationId));
    if (!view) throw shareNotFound();
    await recordBoth(tx, {
      share: row,
      label: view.lot ? view.lot.code : view.farm.name,
      grantor: { id: admin.organisationId, name: granting?.name ?? "" },
      grantee: view.grantee,
      admin,
      kinds: ["share-revoked", "share-withdrawn"],
      at: now,
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The grantee's side: "Shared with us".
// ---------------------------------------------------------------------------------------------------

export interface SharedLotView {
  lot: HarvestLotRow;
  pondCode: string;
  species: string;
  sharedUntil: string;
  state: Awaited<ReturnType<typeof checkLots>>[number]["state"];
  samples: { sample: SampleRow; report: ReportRow | null }[];
}
export interface SharedFarmView {
  organisationName: string;
  farm: FarmRow;
  lots: SharedLotView[];
}

/** The latest report (highest round) of each sample. */
async function latestReports(db: Executor, sampleIds: number[]): Promise<Map<number, ReportRow>> {
  if (sampleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([reports.sampleId])
    .from(reports)
    .where(inArray(reports.sampleId, sampleIds))
    .orderBy(asc(reports.sampleId), desc(reports.round));
  return new Map(rows.map((row) => [row.sampleId, row]));
}

/** GET /shared: the farms and lots shared with the member's organisation now, with their samples. */
export async function sharedWithUs(ctx: DomainContext, member: Member): Promise<SharedFarmView[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({
      lot: harvestLots,
      pondCode: ponds.code,
      species: crops.species,
      farm: farms,
      organisationName: organisations.name,
      sharedUntil: lotSharedUntil(member.organisationId, now),
    })
    .from(harvestLots)
    .innerJoin(crops, eq(crops.id, harvestLots.cropId))
    .innerJoin(ponds, eq(ponds.id, crops.pondId))
    .innerJoin(farms, eq(farms.id, ponds.farmId))
    .innerJoin(organisations, eq(organisations.id, harvestLots.organisationId))
    .where(lotSharedWith(member.organisationId, now))
    .orderBy(
      asc(organisations.name),
      asc(farms.name),
      asc(farms.id),
      desc(harvestLots.expectedOn),
      desc(harvestLots.id),
    );
  if (rows.length === 0) return [];
  const lotIds = rows.map((row) => row.lot.id);
  const sampleRows = await ctx.db
    .select()
    .from(samples)
    .where(inArray(samples.lotId, lotIds))
    .orderBy(desc(samples.createdAt), desc(samples.id));
  const latest = await latestReports(
    ctx.db,
    sampleRows.map((row) => row.id),
  );
  const states = new Map(
    (
      await checkLots(
        ctx,
        rows.map((row) => row.lot.code),
      )
    ).map((check) => [check.code, check.state]),
  );
  const farmsById = new Map<number, SharedFarmView>();
  for (const row of rows) {
    let entry = farmsById.get(row.farm.id);
    if (!entry) {
      entry = { organisationName: row.organisationName, farm: row.farm, lots: [] };
      farmsById.set(row.farm.id, entry);
    }
    entry.lots.push({
      lot: row.lot,
      pondCode: row.pondCode,
      species: row.species,
      sharedUntil: row.sharedUntil,
      state: states.get(row.lot.code) ?? "unknown",
      samples: sampleRows
        .filter((sample) => sample.lotId === row.lot.id)
        .map((sample) => ({ sample, report: latest.get(sample.id) ?? null })),
    });
  }
  return [...farmsById.values()];
}

export interface SharedSampleView {
  sample: SampleRow;
  organisationName: string;
  farmName: string;
  lotCode: string;
  pondCode: string;
  report: ReportRow | null;
}

/** A sample of a lot shared with the member's organisation now; any other sample is not found. */
export async function sharedSample(
  ctx: DomainContext,
  member: Member,
  sampleId: number,
): Promise<SharedSampleView> {
  const [row] = await ctx.db
    .select({
      sample: samples,
      organisationName: organisations.name,
      farmName: farms.name,
      lotCode: harvestLots.code,
      pondCode: ponds.code,
    })
    .from(samples)
    .innerJoin(harvestLots, eq(harvestLots.id, samples.lotId))
    .innerJoin(crops, eq(crops.id, harvestLots.cropId))
    .innerJoin(ponds, eq(ponds.id, crops.pondId))
    .innerJoin(farms, eq(farms.id, ponds.farmId))
    .innerJoin(organisations, eq(organisations.id, samples.organisationId))
    .where(
      and(
        eq(samples.id, sampleId),
        sql`${samples.lotId} in ${sharedLotIdsSql(member.organisationId, ctx.now())}`,
      ),
    );
  if (!row) throw sampleNotFound();
  const report = (await latestReports(ctx.db, [row.sample.id])).get(row.sample.id) ?? null;
  return { ...row, report };
}

/**
 * The certificate of a shared sample's latest report, as its own organisation downloads it (a revoked
 * one stamped so); not found without a report, or once the share has ended.
 */
export async function sharedReportPdf(
  ctx: DomainContext,
  member: Member,
  sampleId: number,
): Promise<{ pdf: Buffer; filename: string }> {
  const { report } = await sharedSample(ctx, member, sampleId);
  if (!report) throw notFound("reportNotFound");
  return reportDownload(ctx, report);
}
