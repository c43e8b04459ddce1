import { SAMPLE_SEARCH_COUNT_CAP, SAMPLE_STATUSES, type SampleStatus } from "@lab/contracts";
import { customers, sampleCounts, samples } from "@lab/db";
import { and, eq, gte, lt, sql } from "drizzle-orm";

import type { DomainContext } from "../../context";
import { sampleScopeOf, type Member, type SampleScope } from "../../organisations/access";
import { decodeCursor, encodeCursor, queryDigest, seekFrom, type Seek } from "./cursor";
import { countUpTo, filteredList, positionOf } from "./filtered-search";
import {
  dayEnd,
  dayStart,
  invalid,
  orderOf,
  searchCondition,
  statusesOf,
  type SampleListQuery,
} from "./filters";
import { byOffset, ownerColumn, walk, type Key, type Run } from "./keyset";
import { prepared } from "./prepared";
import { selectSampleViews, type SampleView } from "./views";

/**
 * The samples a member sees per status, from the per-submitter counters a trigger keeps (never a
 * count): their own row, or the sum over the organisation's members (removed ones too: their samples
 * stay with the organisation).
 */
export async function countsByStatus(ctx: DomainContext, member: Member) {
  const scope = sampleScopeOf(member);
  const rows =
    scope.by === "submitter"
      ? await prepared(ctx, "sample_counts_of", () =>
          ctx.db
            .select({ status: sampleCounts.status, n: sampleCounts.n })
            .from(sampleCounts)
            .where(eq(sampleCounts.customerId, sql.placeholder("ownerId")))
            .prepare("sample_counts_of"),
        ).execute({ ownerId: scope.id })
      : await prepared(ctx, "sample_counts_of_organisation", () =>
          ctx.db
            .select({ status: sampleCounts.status, n: sql<number>`sum(${sampleCounts.n})::int`.as("n") })
            .from(sampleCounts)
            .innerJoin(customers, eq(customers.id, sampleCounts.customerId))
            .where(eq(customers.organisationId, sql.placeholder("ownerId")))
            .groupBy(sampleCounts.status)
            .prepare("sample_counts_of_organisation"),
        ).execute({ ownerId: scope.id });
  return new Map(rows.map((row) => [row.status, row.n]));
}

/**
 * One page of the samples a member sees. A searched list counts its matches up to
 * SAMPLE_SEARCH_COUNT_CAP unless `exact` (the PDF export, which must know the true size to refuse it).
 */
export async function listSamples(
  ctx: DomainContext,
  member: Member,
  asked: SampleListQuery,
  { exact = false, countCap = SAMPLE_SEARCH_COUNT_CAP }: { exact?: boolean; countCap?: number } = {},
) {
  const scope: SampleScope = sampleScopeOf(member);
  const statuses = statusesOf(asked.status);
  const from = asked.from ? dayStart(asked.from) : undefined;
  const to = asked.to ? dayEnd(asked.to) : undefined;
  if (from && to && from.getTime() >= to.getTime()) throw invalid("dateRangeInvalid");
  const narrowing = and(
    from ? gte(samples.createdAt, from) : undefined,
    to ? lt(samples.createdAt, to) : undefined,
    searchCondition(asked.q),
  );
  const filters = and(eq(ownerColumn(scope), scope.id), narrowing);
  // Ordered runs: in the pending group PENDING comes before COLLECTING (docs/product-rules.md).
  const groups: (readonly SampleStatus[] | undefined)[] =
    asked.status === "pending" ? [["PENDING"], ["COLLECTING"]] : [statuses];
  const order = orderOf(asked.sort);
  // ?highlight=: the page that holds the sample, when this list holds it; else the page asked.
  const position =
    asked.highlight === undefined
      ? undefined
      : await positionOf(ctx, filters, groups, order, asked.highlight);
  const query = position === undefined ? asked : { ...asked, page: Math.floor(position / asked.size) + 1 };
  const digest = queryDigest(scope, query);
  const offset = (query.page - 1) * query.size;
  const near = seekFrom(decodeCursor(ctx, digest, query.cursor), query.page, query.size);

  let keys: Key[] = [];
  let counts = new Map<SampleStatus, number>();
  let capped: number | undefined;
  // A total counted apart from `counts` (the statuses asked for, when the term matches many others).
  let separateTotal: number | undefined;
  const sizeOf = (group: readonly string[]) =>
    group.reduce((sum, status) => sum + (counts.get(status as SampleStatus) ?? 0), 0);
  const narrowed = query.q !== "" || from !== undefined || to !== undefined;
  // Only a search is counted up to the cap: a date range is counted exactly on its index.
  const limited = query.q !== "" && !exact;
  if (narrowed) {
    const seek = near && near.skip < offset ? near : undefined;
    ({ keys, counts } = await filteredList(
      ctx,
      filters,
      groups,
      order,
      { seek, offset, size: query.size },
      limited ? countCap + 1 : undefined,
    ));
  }
  const matchedAny = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (limited && matchedAny > countCap) {
    // More matches than are counted: they are dense in the list's own order, so the page is read by
    // walking that index and testing each row, never by collecting every match first. The statuses
    // asked for may hold fewer: those are counted apart, as far as the cap.
    const total = statuses ? await countUpTo(ctx, filters, statuses, order, countCap + 1) : matchedAny;
    if (total > countCap) capped = countCap;
    else separateTotal = total;
    const start = near && near.skip < offset ? near : { start: { run: 0 }, backwards: false, skip: offset };
    keys = await walk(
      ctx,
      scope,
      groups.map((group) => ({ group })),
      order,
      start.start,
      start.backwards,
      start.skip,
      query.size,
      narrowing,
    );
  } else if (!narrowed) {
    // Unfiltered: totals from the trigger-kept counters, pages by index, never a count.
    const counted = countsByStatus(ctx, member);
    // The first page, and the neighbours of the page on screen, are found without the totals: read
    // them while the counters are read.
    const direct: Seek | undefined =
      offset === 0 ? { start: { run: 0 }, backwards: false, skip: 0 } : near?.skip === 0 ? near : undefined;
    if (direct) {
      [counts, keys] = await Promise.all([
        counted,
        walk(
          ctx,
          scope,
          groups.map((group) => ({ group })),
          order,
          direct.start,
          direct.backwards,
          direct.skip,
          query.size,
        ),
      ]);
    } else {
      counts = await counted;
      const runs: Run[] = groups.map((group) => ({ group, size: sizeOf(group ?? SAMPLE_STATUSES) }));
      const total = sizeOf(statuses ?? SAMPLE_STATUSES);
      // Keyset from the page on screen when it is the shortest way there: nearby pages then cost
      // what the first page does, however deep the list.
      const fromEnds = Math.min(offset, Math.max(0, total - offset - query.size));
      keys =
        near && near.skip < fromEnds
          ? await walk(ctx, scope, runs, order, near.start, near.backwards, near.skip, query.size)
          : await byOffset(ctx, scope, runs, order, offset, query.size);
    }
  }

  const ids = keys.map((key) => key.id);
  const rows =
    ids.length > 0
      ? await prepared(ctx, `sample_views_by_ids_${scope.by}`, () =>
          selectSampleViews(ctx)
            .where(
              and(
                sql`${samples.id} = any(${sql.placeholder("ids")}::int[])`,
                eq(ownerColumn(scope), sql.placeholder("ownerId")),
              ),
            )
            .prepare(`sample_views_by_ids_${scope.by}`),
        ).execute({ ids, ownerId: scope.id })
      : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.map((id) => byId.get(id)).filter((row): row is SampleView => row !== undefined);
  const first = keys[0];
  const last = keys[keys.length - 1];
  return {
    items,
    total: capped ?? separateTotal ?? sizeOf(statuses ?? SAMPLE_STATUSES),
    totalCapped: capped !== undefined,
    page: query.page,
    size: query.size,
    cursor: first && last ? encodeCursor(ctx, digest, { page: query.page, first, last }) : null,
  };
}
