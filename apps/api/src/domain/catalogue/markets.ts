// The markets and their specification versions with their limits. Reads are for any staff member;
// the routes let only admins write.
import { type limitInputSchema, type specVersionInputSchema, message } from "@lab/contracts";
import {
  customers,
  marketLimits,
  markets,
  parameters,
  reportSpecVersions,
  specVersions,
  type MarketLimitRow,
  type MarketRow,
  type SpecVersionRow,
} from "@lab/db";
import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import type { z } from "zod";

import { conflict, invalidField, notFound } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import type { DomainContext } from "../context";
import { labDate } from "../results";

type LimitValues = z.output<typeof limitInputSchema>;
type SpecVersionValues = z.output<typeof specVersionInputSchema>;

export interface SpecVersionView {
  row: SpecVersionRow;
  limits: MarketLimitRow[];
  /** A report was judged against it: it never changes again. */
  used: boolean;
}
export interface MarketView {
  row: MarketRow;
  current: SpecVersionView | null;
}

async function findMarket(ctx: DomainContext, code: string): Promise<MarketRow> {
  const [row] = await ctx.db.select().from(markets).where(eq(markets.code, code));
  if (!row) throw notFound("marketNotFound");
  return row;
}

/** Limits and the used flag of these versions, in two queries. */
async function versionViews(ctx: DomainContext, rows: SpecVersionRow[]): Promise<SpecVersionView[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const limits = await ctx.db
    .select()
    .from(marketLimits)
    .where(inArray(marketLimits.specVersionId, ids))
    .orderBy(asc(marketLimits.parameterCode));
  const used = await ctx.db
    .selectDistinct({ id: reportSpecVersions.specVersionId })
    .from(reportSpecVersions)
    .where(inArray(reportSpecVersions.specVersionId, ids));
  return rows.map((row) => ({
    row,
    limits: limits.filter((limit) => limit.specVersionId === row.id),
    used: used.some((u) => u.id === row.id),
  }));
}

/**
 * GET /lab/markets: every market with the version in force today in India (the latest one already
 * effective), the one results are judged against.
 */
export async function listMarkets(ctx: DomainContext): Promise<MarketView[]> {
  const rows = await ctx.db.select().from(markets).orderBy(asc(markets.customerId), asc(markets.code));
  const effective = await ctx.db
    .select()
    .from(specVersions)
    .where(lte(specVersions.effectiveFrom, labDate(ctx.now())))
    .orderBy(asc(specVersions.marketCode), desc(specVersions.effectiveFrom), desc(specVersions.version));
  const current = rows.flatMap((row) => effective.find((v) => v.marketCode === row.code) ?? []);
  const views = await versionViews(ctx, current);
  return rows.map((row) => ({ row, current: views.find((v) => v.row.marketCode === row.code) ?? null }));
}

/** POST /lab/markets: a market, or with customerId a buyer's own specification for that customer. */
export async function createMarket(
  ctx: DomainContext,
  input: { code: string; name: string; customerId?: number | undefined },
): Promise<MarketView> {
  const exists = () => conflict(message("marketExists", { code: input.code }), { field: "code" });
  const [taken] = await ctx.db.select().from(markets).where(eq(markets.code, input.code));
  if (taken) throw exists();
  // A buyer's specification is named by one of the customer's members and belongs to their organisation.
  let organisationId: number | null = null;
  if (input.customerId !== undefined) {
    const [customer] = await ctx.db
      .select({ organisationId: customers.organisationId })
      .from(customers)
      .where(eq(customers.id, input.customerId));
    if (!customer) throw invalidField("customerNotFound", "customerId");
    organisationId = customer.organisationId;
  }
  try {
    const [row] = await ctx.db
      .insert(markets)
      .values({ code: input.code, name: input.name, customerId: input.customerId ?? null, organisationId })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return { row, current: null };
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
}

/** GET /lab/markets/{code}/versions: newest first. */
export async function listVersions(ctx: DomainContext, code: string): Promise<SpecVersionView[]> {
  await findMarket(ctx, code);
  const rows = await ctx.db
    .select()
    .from(specVersions)
    .where(eq(specVersions.marketCode, code))
    .orderBy(desc(specVersions.version));
  return versionViews(ctx, rows);
}

/**
 * Each limit names an existing parameter once and carries the values its kind takes: max a maximum,
 * min a minimum or (graded parameters) a grade, range both ends in order. Values a kind does not read
 * are dropped, so a stored limit never says more than is judged.
 */
async function limitRows(ctx: DomainContext, limits: LimitValues[]) {
  const codes = limits.map((limit) => limit.parameter);
  const known = codes.length
    ? await ctx.db.select().from(parameters).where(inArray(parameters.code, codes))
    : [];
  return limits.map((limit, index) => {
    const field = (name: string) => `limits.${index}.${name}`;
    const parameter = known.find((row) => row.code === limit.parameter);
    if (!parameter)
      throw invalidField(message("parameterCodeUnknown", { code: limit.parameter }), field("parameter"));
    if (codes.indexOf(limit.parameter) !== index)
      throw invalidField(message("limitDuplicate", { parameter: limit.parameter }), field("parameter"));
    const grade =
      limit.grade === null
        ? null
        : (parameter.grades ?? []).find((g) => g.toLowerCase() === limit.grade?.toLowerCase());
    if (limit.grade !== null && grade === undefined)
      throw invalidField(
        message("limitGradeUnknown", { parameter: limit.parameter, grade: limit.grade }),
        field("grade"),
      );
    const base = { parameterCode: parameter.code, kind: limit.kind, strict: limit.strict };
    const rest = { reference: limit.reference, effectiveFrom: limit.effectiveFrom };
    switch (limit.kind) {
      case "max":
        if (limit.max === null && grade === null) throw invalidField("limitInvalid", field("max"));
        return { ...base, min: null, max: limit.max, grade: grade ?? null, ...rest };
      case "min":
        if (limit.min === null && grade === null) throw invalidField("limitInvalid", field("min"));
        return { ...base, min: limit.min, max: null, grade: grade ?? null, ...rest };
      case "range":
        if (limit.min === null) throw invalidField("limitInvalid", field("min"));
        if (limit.max === null) throw invalidField("limitInvalid", field("max"));
        if (limit.min > limit.max) throw invalidField("limitMinAboveMax", field("min"));
        return { ...base, min: limit.min, max: limit.max, grade: null, ...rest };
      case "not_detected":
      case "absent_25g":
        return { ...base, min: null, max: null, strict: false, grade: null, ...rest };
    }
  });
}

/** POST /lab/markets/{code}/versions: the next version number; the market row is locked for it. */
export async function addVersion(
  ctx: DomainContext,
  code: string,
  input: SpecVersionValues,
  staffId: number,
): Promise<SpecVersionView> {
  await findMarket(ctx, code);
  const limits = await limitRows(ctx, input.limits);
  const row = await ctx.unitOfWork(async (tx) => {
    await tx.select().from(markets).where(eq(markets.code, code)).for("update");
    const [last] = await tx
      .select({ version: specVersions.version })
      .from(specVersions)
      .where(eq(specVersions.marketCode, code))
      .orderBy(desc(specVersions.version))
      .limit(1);
    const [inserted] = await tx
      .insert(specVersions)
      .values({
        marketCode: code,
        version: (last?.version ?? 0) + 1,
        effectiveFrom: input.effectiveFrom,
        reference: input.reference,
        note: input.note,
        createdBy: staffId,
      })
      .returning();
    if (!inserted) throw new Error("insert returned no row");
    if (limits.length > 0)
      await tx.insert(marketLimits).values(limits.map((limit) => ({ ...limit, specVersionId: inserted.id })));
    return inserted;
  });
  const [view] = await versionViews(ctx, [row]);
  if (!view) throw new Error("version view missing");
  return view;
}

/**
 * PUT /lab/markets/{code}/versions/{version}: replaces a version's dates, note and limits while no
 * report was judged against it; after that 409 spec_version_used (add a new version instead). The row
 * is locked so a release that records the version waits for the edit, or the edit sees the release.
 */
export async function updateVersion(
  ctx: DomainContext,
  code: string,
  version: number,
  input: SpecVersionValues,
): Promise<SpecVersionView> {
  await findMarket(ctx, code);
  const limits = await limitRows(ctx, input.limits);
  const row = await ctx.unitOfWork(async (tx) => {
    const [current] = await tx
      .select()
      .from(specVersions)
      .where(and(eq(specVersions.marketCode, code), eq(specVersions.version, version)))
      .for("update");
    if (!current) throw notFound("specVersionNotFound");
    const [used] = await tx
      .select({ id: reportSpecVersions.reportId })
      .from(reportSpecVersions)
      .where(eq(reportSpecVersions.specVersionId, current.id))
      .limit(1);
    if (used) throw conflict("specVersionUsed", { code: "spec_version_used" });
    const [updated] = await tx
      .update(specVersions)
      .set({ effectiveFrom: input.effectiveFrom, reference: input.reference, note: input.note })
      .where(eq(specVersions.id, current.id))
      .returning();
    await tx.delete(marketLimits).where(eq(marketLimits.specVersionId, current.id));
    if (limits.length > 0)
      await tx.insert(marketLimits).values(limits.map((limit) => ({ ...limit, specVersionId: current.id })));
    return updated ?? current;
  });
  const [view] = await versionViews(ctx, [row]);
  if (!view) throw new Error("version view missing");
  return view;
}
