import type { SampleStatus } from "@lab/contracts";
import { samples } from "@lab/db";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";

import type { DomainContext } from "../../context";
import type { SampleScope } from "../../organisations/access";
import { orderBy, type Order } from "./filters";
import { prepared } from "./prepared";

/**
 * A row's place in the list: its run (the pending group is two ordered runs), its sort time as exact
 * microsecond text (a JS Date would drop the microseconds and break ties) and its id.
 */
export type Key = { run: number; at: string; id: number };
export const keyText = (column: SQL.Aliased<Date> | Order["column"]) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

type Bound = { op: "<" | "<=" | ">" | ">="; key: Key };
/** The comparison that keeps rows past a key: smaller ones (or larger), the key itself if inclusive. */
export const boundOp = (smaller: boolean, inclusive = false): Bound["op"] =>
  smaller ? (inclusive ? "<=" : "<") : inclusive ? ">=" : ">";

/** The column a scope's id is matched against: the organisation, or the member who submitted. */
export const ownerColumn = (scope: SampleScope) =>
  scope.by === "organisation" ? samples.organisationId : samples.customerId;

/**
 * Ids and exact keys of one ordered stretch of the samples a member sees (a status group, or all). The key
 * text is made outside the inner query: rows skipped by OFFSET are still projected, and to_char over
 * 100,000 skipped rows costs 60 ms.
 */
async function readKeys(
  ctx: DomainContext,
  scope: SampleScope,
  group: readonly SampleStatus[] | undefined,
  order: Order,
  reverse: boolean,
  bound: Bound | undefined,
  limit: number,
  offset: number,
  filter: SQL | undefined,
): Promise<{ id: number; at: string }[]> {
  const build = () => {
    const inner = ctx.db
      .select({ id: samples.id, k: sql<Date>`${order.column}`.as("k") })
      .from(samples)
      .where(
        and(
          eq(ownerColumn(scope), sql.placeholder("ownerId")),
          group ? inArray(samples.status, [...group]) : undefined,
          bound
            ? sql`(${order.column}, ${samples.id}) ${sql.raw(bound.op)} ((${sql.placeholder("at")}::timestamp at time zone 'UTC'), ${sql.placeholder("id")})`
            : undefined,
          filter,
        ),
      )
      .orderBy(...orderBy(order, reverse))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("stretch");
    const descending = (order.direction === "desc") !== reverse;
    return ctx.db
      .select({ id: inner.id, at: keyText(inner.k) })
      .from(inner)
      .orderBy(...(descending ? [desc(inner.k), desc(inner.id)] : [asc(inner.k), asc(inner.id)]));
  };
  const values = {
    ownerId: scope.id,
    limit,
    offset,
    ...(bound ? { at: bound.key.at, id: bound.key.id } : {}),
  };
  // A filter (a search term, dates) carries its own values: such a statement is planned each time.
  if (filter) return build().execute(values);
  const name = `sample_keys_${scope.by}_${order.column.name}_${order.direction}_${reverse ? "r" : "f"}_${bound?.op ?? "none"}_${(group ?? ["all"]).join("_")}`;
  return prepared(ctx, name, () => build().prepare(name)).execute(values);
}
export const keyValue = (at: string) => sql`(${at}::timestamp at time zone 'UTC')`;

export type Run = { group: readonly SampleStatus[] | undefined; size: number };

/**
 * Rows of the ordered runs, walking forwards (list order) or backwards from a start: a run index and,
 * optionally, a key in that run to start after (forwards) or before (backwards), strictly unless
 * `inclusive`. Only ids and keys are read, by index; `skip + take` rows at most.
 */
export async function walk(
  ctx: DomainContext,
  scope: SampleScope,
  runs: Pick<Run, "group">[],
  order: Order,
  start: { run: number; after?: Key; inclusive?: boolean },
  backwards: boolean,
  skip: number,
  take: number,
  filter?: SQL,
): Promise<Key[]> {
  const found: Key[] = [];
  const step = backwards ? -1 : 1;
  for (let index = start.run; index >= 0 && index < runs.length; index += step) {
    const run = runs[index];
    if (!run) break;
    const need = skip + take - found.length;
    if (need <= 0) break;
    // "Later in the list" is smaller for a descending sort.
    const later = (order.direction === "desc") !== backwards;
    const anchor = index === start.run ? start.after : undefined;
    const bound = anchor ? { op: boundOp(later, start.inclusive), key: anchor } : undefined;
    const rows = await readKeys(ctx, scope, run.group, order, backwards, bound, need, 0, filter);
    found.push(...rows.map((row) => ({ run: index, at: row.at, id: row.id })));
  }
  const page = found.slice(skip, skip + take);
  return backwards ? page.reverse() : page;
}

/**
 * One page by offset inside each run; a page past a run's middle is read from the run's other end, so
 * the deepest page costs what the middle one does.
 */
export async function byOffset(
  ctx: DomainContext,
  scope: SampleScope,
  runs: Run[],
  order: Order,
  offset: number,
  size: number,
) {
  const keys: Key[] = [];
  let skip = offset;
  for (const [index, run] of runs.entries()) {
    if (skip >= run.size) {
      skip -= run.size;
      continue;
    }
    const take = Math.min(size - keys.length, run.size - skip);
    const reverse = skip > run.size / 2;
    const rows = await readKeys(
      ctx,
      scope,
      run.group,
      order,
      reverse,
      undefined,
      take,
      reverse ? Math.max(0, run.size - skip - take) : skip,
      undefined,
    );
    const part = rows.map((row) => ({ run: index, at: row.at, id: row.id }));
    keys.push(...(reverse ? part.reverse() : part));
    skip = 0;
    if (keys.length >= size) break;
  }
  return keys;
}
