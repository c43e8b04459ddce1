import { SAMPLE_STATUSES, type SampleStatus } from "@lab/contracts";
import { sampleCounts, samples } from "@lab/db";
import { and, eq, gte, lt, sql } from "drizzle-orm";

import type { DomainContext } from "../../context";
import { decodeCursor, encodeCursor, queryDigest, seekFrom, type Seek } from "./cursor";
import { filteredList, positionOf } from "./filtered-search";
import {
  dayEnd,
  dayStart,
  invalid,
  orderOf,
  searchCondition,
  statusesOf,
  type SampleListQuery,
} from "./filters";
import { byOffset, walk, type Key, type Run } from "./keyset";
import { prepared } from "./prepared";
import { selectSampleViews, type SampleView } from "./views";

/** The customer's samples per status, from the counters a trigger keeps (never a count). */
export async function countsByStatus(ctx: DomainContext, customerId: number) {
  const statement = prepared(ctx, "sample_counts_of", () =>
    ctx.db
      .select({ status: sampleCounts.status, n: sampleCounts.n })
      .from(sampleCounts)
      .where(eq(sampleCounts.customerId, sql.placeholder("customerId")))
      .prepare("sample_counts_of"),
  );
  const rows = await statement.execute({ customerId });
  return new Map(rows.map((row) => [row.status, row.n]));
}

export async function listSamples(ctx: DomainContext, customerId: number, asked: SampleListQuery) {
  const statuses = statusesOf(asked.status);
  const from = asked.from ? dayStart(asked.from) : undefined;
  const to = asked.to ? dayEnd(asked.to) : undefined;
  if (from && to && from.getTime() >= to.getTime()) throw invalid("dateRangeInvalid");
  const filters = and(
    eq(samples.customerId, customerId),
    from ? gte(samples.createdAt, from) : undefined,
    to ? lt(samples.createdAt, to) : undefined,
    searchCondition(asked.q),
  );
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
  const digest = queryDigest(customerId, query);
  const offset = (query.page - 1) * query.size;
  const near = seekFrom(decodeCursor(ctx, digest, query.cursor), query.page, query.size);

  let keys: Key[];
  let counts: Map<SampleStatus, number>;
  const sizeOf = (group: readonly string[]) =>
    group.reduce((sum, status) => sum + (counts.get(status as SampleStatus) ?? 0), 0);
  if (query.q !== "" || from !== undefined || to !== undefined) {
    const seek = near && near.skip < offset ? near : undefined;
    ({ keys, counts } = await filteredList(ctx, filters, groups, order, { seek, offset, size: query.size }));
  } else {
    // Unfiltered: totals from the trigger-kept counters, pages by index, never a count.
    const counted = countsByStatus(ctx, customerId);
    // The first page, and the neighbours of the page on screen, are found without the totals: read
    // them while the counters are read.
    const direct: Seek | undefined =
      offset === 0 ? { start: { run: 0 }, backwards: false, skip: 0 } : near?.skip === 0 ? near : undefined;
    if (direct) {
      [counts, keys] = await Promise.all([
        counted,
        walk(
          ctx,
          customerId,
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
          ? await walk(ctx, customerId, runs, order, near.start, near.backwards, near.skip, query.size)
          : await byOffset(ctx, customerId, runs, order, offset, query.size);
    }
  }

  const ids = keys.map((key) => key.id);
  const rows =
    ids.length > 0
      ? await prepared(ctx, "sample_views_by_ids", () =>
          selectSampleViews(ctx)
            .where(
              and(
                sql`${samples.id} = any(${sql.placeholder("ids")}::int[])`,
                eq(samples.customerId, sql.placeholder("customerId")),
              ),
            )
            .prepare("sample_views_by_ids"),
        ).execute({ ids, customerId })
      : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.map((id) => byId.get(id)).filter((row): row is SampleView => row !== undefined);
  const first = keys[0];
  const last = keys[keys.length - 1];
  return {
    items,
    total: sizeOf(statuses ?? SAMPLE_STATUSES),
    page: query.page,
    size: query.size,
    cursor: first && last ? encodeCursor(ctx, digest, { page: query.page, first, last }) : null,
  };
}
