import {
  SAMPLE_STATUSES,
  STATUS_GROUPS,
  messages,
  normalizeStatus,
  testTypesOf,
  type SampleStatus,
  type sampleListQuerySchema,
  type sampleSubmissionSchema,
} from "@lab/contracts";
import {
  notifications,
  reports,
  sampleCounts,
  sampleEvents,
  sampleProviders,
  samples,
  type SampleEventRow,
  type SampleRow,
} from "@lab/db";
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";

import { AppError } from "../http/app-error";
import { toE164 } from "../lib/phone";
import { changeEvents } from "../realtime/change-events";
import type { DomainContext } from "./context";

export type SubmissionInput = z.output<typeof sampleSubmissionSchema>;
export type SampleListQuery = z.output<typeof sampleListQuerySchema>;

/** A sample as customers read it: with its report's id once one is issued. */
export type SampleView = SampleRow & { reportId: number | null };
const sampleViewColumns = { ...getTableColumns(samples), reportId: reports.id };
const selectSampleViews = (ctx: DomainContext) =>
  ctx.db.select(sampleViewColumns).from(samples).leftJoin(reports, eq(reports.sampleId, samples.id));

const invalid = (message: string) => new AppError(400, "validation_failed", message);
const sampleNotFound = () => new AppError(404, "not_found", messages.sampleNotFound);
const optionalEmail = z.email();

/** The checks of the submit form, in the spec's order (section 5), then the server's own. */
function validateSubmission(input: SubmissionInput) {
  if (input.samplerName === "") throw invalid(messages.sampleProviderNameRequired);
  if (input.phoneNumber === "") throw invalid(messages.samplePhoneRequired);
  if (input.testTypes.length === 0) throw invalid(messages.sampleTestTypesRequired);
  const lat = input.coordinate?.lat;
  const lng = input.coordinate?.lng;
  if (typeof lat !== "number" || typeof lng !== "number" || lat === 0 || lng === 0) {
    throw invalid(messages.sampleCoordinatesRequired);
  }
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) throw invalid(messages.coordinatesInvalid);
  if (input.shrimpCategory === "") throw invalid(messages.sampleCategoryRequired);
  const allowed = testTypesOf(input.shrimpCategory);
  if (allowed.length === 0) throw invalid(messages.sampleCategoryRequired);
  const testTypes = [...new Set(input.testTypes)];
  if (!testTypes.every((type) => allowed.includes(type))) throw invalid(messages.sampleTestTypeNotInCategory);
  // Keep the category's own order whatever order the boxes were ticked in.
  testTypes.sort((a, b) => allowed.indexOf(a) - allowed.indexOf(b));
  const email = input.emailAddress ? input.emailAddress.toLowerCase() : null;
  if (email !== null && !optionalEmail.safeParse(email).success) throw invalid(messages.emailInvalidOptional);
  return {
    lat,
    lng,
    testTypes,
    email,
    phone: toE164(input.phoneNumber, messages.phoneInvalid),
  };
}

/** A saved provider's id, or null for a temp_ id or none; a foreign provider is "not found". */
async function providerIdOf(ctx: DomainContext, customerId: number, samplerId: SubmissionInput["samplerId"]) {
  if (samplerId === null || samplerId === undefined || samplerId === "") return null;
  if (typeof samplerId === "string" && samplerId.startsWith("temp_")) return null;
  const id =
    typeof samplerId === "number" ? samplerId : /^\d{1,10}$/.test(samplerId) ? Number(samplerId) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw invalid(messages.sampleInvalid);
  const [row] = await ctx.db
    .select({ id: sampleProviders.id })
    .from(sampleProviders)
    .where(and(eq(sampleProviders.id, id), eq(sampleProviders.customerId, customerId)));
  if (!row) throw new AppError(404, "not_found", messages.providerNotFound);
  return row.id;
}

/** Writes the sample, its first event and the customer's "Sample Submitted" notification at once. */
export async function submitSample(
  ctx: DomainContext,
  customerId: number,
  input: SubmissionInput,
): Promise<SampleRow> {
  if (input.consumerId !== customerId) throw new AppError(403, "forbidden", messages.forbidden);
  const valid = validateSubmission(input);
  const providerId = await providerIdOf(ctx, customerId, input.samplerId);
  const now = ctx.now();
  const { sample, notification } = await ctx.db.transaction(async (tx) => {
    const [sample] = await tx
      .insert(samples)
      .values({
        customerId,
        providerId,
        status: "PENDING",
        samplerName: input.samplerName,
        samplerLocation: input.samplerLocation ?? "",
        lat: valid.lat,
        lng: valid.lng,
        shrimpCategory: input.shrimpCategory,
        testTypes: valid.testTypes,
        shrimpSubCategory: valid.testTypes.join(", "),
        phoneNumber: valid.phone,
        emailAddress: valid.email,
        assigned: "",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!sample) throw new Error("insert returned no row");
    await tx.insert(sampleEvents).values({
      sampleId: sample.id,
      fromStatus: null,
      toStatus: "PENDING",
      actor: `customer:${customerId}`,
      at: now,
    });
    const [notification] = await tx
      .insert(notifications)
      .values({
        customerId,
        sampleId: sample.id,
        type: "sample_status_change",
        title: "Sample Submitted",
        message: `Sample #${sample.id} has been submitted. An agent will be assigned within 30 seconds.`,
        data: { stage: "submitted" },
        createdAt: now,
      })
      .returning();
    return { sample, notification };
  });
  ctx.publish(changeEvents(sample, notification));
  return sample;
}

// Day boundaries are the lab's: India Standard Time.
const LAB_UTC_OFFSET = "+05:30";
const dayStart = (value: string) =>
  new Date(value.length === 10 ? `${value}T00:00:00${LAB_UTC_OFFSET}` : value);
const dayEnd = (value: string) =>
  value.length === 10
    ? new Date(dayStart(value).getTime() + 86_400_000)
    : new Date(new Date(value).getTime() + 1);

export function statusesOf(filter: string): readonly SampleStatus[] | undefined {
  if (filter === "" || filter === "all") return undefined;
  if (Object.hasOwn(STATUS_GROUPS, filter)) return STATUS_GROUPS[filter as keyof typeof STATUS_GROUPS];
  const status = normalizeStatus(filter);
  if (!status) throw invalid(messages.statusFilterInvalid);
  return [status];
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Search over id, name, category, test types, phone, e-mail and place (spec section 2), on the
 * trigram-indexed search_text column. Phones are stored as E.164, so a typed phone is matched on its
 * digits whatever spaces or dashes it has.
 */
function searchCondition(q: string): SQL | undefined {
  if (q === "") return undefined;
  const digits = q.replace(/[\s()+-]/g, "");
  const text = /^\d{3,15}$/.test(digits) ? digits : q.toLowerCase();
  const conditions: SQL[] = [sql`${samples.searchText} like ${`%${likeEscape(text)}%`}`];
  const idText = q.replace(/^#/, "");
  if (/^\d{1,10}$/.test(idText) && Number(idText) <= 2_147_483_647)
    conditions.push(eq(samples.id, Number(idText)));
  return or(...conditions);
}

type Order = { column: typeof samples.updatedAt | typeof samples.createdAt; direction: "asc" | "desc" };
const orderOf = (sort: SampleListQuery["sort"]): Order =>
  sort === "createdAt:asc"
    ? { column: samples.createdAt, direction: "asc" }
    : sort === "createdAt:desc"
      ? { column: samples.createdAt, direction: "desc" }
      : { column: samples.updatedAt, direction: "desc" };
const orderBy = ({ column, direction }: Order, reverse: boolean) =>
  (direction === "desc") !== reverse ? [desc(column), desc(samples.id)] : [asc(column), asc(samples.id)];

/** Matching samples per status: from the trigger-kept counters when only the status filters. */
async function countsByStatus(
  ctx: DomainContext,
  customerId: number,
  where: SQL | undefined,
  filtered: boolean,
) {
  const rows = filtered
    ? await ctx.db
        .select({ status: samples.status, n: count() })
        .from(samples)
        .where(where)
        .groupBy(samples.status)
    : await ctx.db
        .select({ status: sampleCounts.status, n: sampleCounts.n })
        .from(sampleCounts)
        .where(eq(sampleCounts.customerId, customerId));
  return new Map(rows.map((row) => [row.status, row.n]));
}

/**
 * The ids of one page of one ordered run. Only ids are read (an index-only scan), and a page past the
 * middle is read from the other end, so the deepest page costs what the middle one does.
 */
async function pageIds(
  ctx: DomainContext,
  where: SQL | undefined,
  order: Order,
  offset: number,
  limit: number,
  runSize: number,
): Promise<number[]> {
  const reverse = offset > runSize / 2;
  const rows = await ctx.db
    .select({ id: samples.id })
    .from(samples)
    .where(where)
    .orderBy(...orderBy(order, reverse))
    .limit(limit)
    .offset(reverse ? Math.max(0, runSize - offset - limit) : offset);
  const ids = rows.map((row) => row.id);
  return reverse ? ids.reverse() : ids;
}

export async function listSamples(ctx: DomainContext, customerId: number, query: SampleListQuery) {
  const statuses = statusesOf(query.status);
  const from = query.from ? dayStart(query.from) : undefined;
  const to = query.to ? dayEnd(query.to) : undefined;
  if (from && to && from.getTime() >= to.getTime()) throw invalid(messages.dateRangeInvalid);
  const filters = and(
    eq(samples.customerId, customerId),
    from ? gte(samples.createdAt, from) : undefined,
    to ? lt(samples.createdAt, to) : undefined,
    searchCondition(query.q),
  );
  const filtered = query.q !== "" || from !== undefined || to !== undefined;
  const counts = await countsByStatus(ctx, customerId, filters, filtered);
  const sizeOf = (group: readonly string[]) =>
    group.reduce((sum, status) => sum + (counts.get(status as SampleStatus) ?? 0), 0);

  // Ordered runs: in the pending group PENDING comes before COLLECTING (spec section 2).
  const runs: (readonly SampleStatus[] | undefined)[] =
    query.status === "pending" ? [["PENDING"], ["COLLECTING"]] : [statuses];
  const total = sizeOf(statuses ?? SAMPLE_STATUSES);
  const order = orderOf(query.sort);
  const ids: number[] = [];
  let skip = (query.page - 1) * query.size;
  for (const run of runs) {
    const runSize = sizeOf(run ?? SAMPLE_STATUSES);
    if (skip >= runSize) {
      skip -= runSize;
      continue;
    }
    const take = Math.min(query.size - ids.length, runSize - skip);
    const where = and(filters, run ? inArray(samples.status, [...run]) : undefined);
    ids.push(...(await pageIds(ctx, where, order, skip, take, runSize)));
    skip = 0;
    if (ids.length >= query.size) break;
  }
  const rows = ids.length > 0 ? await selectSampleViews(ctx).where(inArray(samples.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.map((id) => byId.get(id)).filter((row): row is SampleView => row !== undefined);
  return { items, total, page: query.page, size: query.size, cursor: null };
}

/** Counts per status group for the dashboard and the history summary. */
export async function sampleSummary(ctx: DomainContext, customerId: number) {
  const [counts, [earliest]] = await Promise.all([
    countsByStatus(ctx, customerId, undefined, false),
    ctx.db
      .select({ at: samples.createdAt })
      .from(samples)
      .where(eq(samples.customerId, customerId))
      .orderBy(asc(samples.createdAt), asc(samples.id))
      .limit(1),
  ]);
  const of = (group: readonly SampleStatus[]) =>
    group.reduce((sum, status) => sum + (counts.get(status) ?? 0), 0);
  return {
    total: of(SAMPLE_STATUSES),
    pending: of(STATUS_GROUPS.pending),
    collected: of(STATUS_GROUPS.collected),
    testing: of(STATUS_GROUPS.testing),
    completed: of(STATUS_GROUPS.completed),
    earliestCreatedAt: earliest ? earliest.at.toISOString() : null,
  };
}

/** Everything the spec's history loader reads, newest change first, capped for very large accounts. */
export const CONSUMER_LIST_LIMIT = 1000;
export async function listConsumerSamples(ctx: DomainContext, customerId: number): Promise<SampleView[]> {
  return selectSampleViews(ctx)
    .where(eq(samples.customerId, customerId))
    .orderBy(desc(samples.updatedAt), desc(samples.id))
    .limit(CONSUMER_LIST_LIMIT);
}

export async function getSample(
  ctx: DomainContext,
  customerId: number,
  sampleId: number,
): Promise<SampleView> {
  const [row] = await selectSampleViews(ctx).where(
    and(eq(samples.id, sampleId), eq(samples.customerId, customerId)),
  );
  if (!row) throw sampleNotFound();
  return row;
}

export async function getSampleEvents(
  ctx: DomainContext,
  customerId: number,
  sampleId: number,
): Promise<SampleEventRow[]> {
  await getSample(ctx, customerId, sampleId);
  return ctx.db
    .select()
    .from(sampleEvents)
    .where(eq(sampleEvents.sampleId, sampleId))
    .orderBy(asc(sampleEvents.at), asc(sampleEvents.id));
}
