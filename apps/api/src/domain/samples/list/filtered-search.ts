import { SAMPLE_STATUSES, type SampleStatus } from "@lab/contracts";
import { samples } from "@lab/db";
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";

import type { DomainContext } from "../../context";
import type { Seek } from "./cursor";
import { orderBy, type Order } from "./filters";
import { boundOp, keyText, keyValue, type Key } from "./keyset";

const keyRowSchema = z.object({ id: z.number().int(), at: z.string(), run: z.number().int() });
const countRowSchema = z.object({ status: z.enum(SAMPLE_STATUSES), n: z.coerce.number().int() });

/**
 * A searched or date-ranged list in one statement: the matching rows are found once (the trigram or
 * date index) and both the counts per status and the page come from that set, so a search costs one
 * index scan rather than two. With a `limit`, a term matching more rows than that stops reading there.
 */
export async function filteredList(
  ctx: DomainContext,
  filters: SQL | undefined,
  groups: (readonly SampleStatus[] | undefined)[],
  order: Order,
  page: { seek: Seek | undefined; offset: number; size: number },
  /**
   * Read at most this many matches (of any status), the newest first: past it the counts stop there
   * and the page is not the list's.
   */
  limit?: number,
) {
  const run =
    groups.length > 1
      ? sql.join(
          [
            sql`case`,
            ...groups.map(
              (group, index) =>
                sql`when status in (${sql.join(
                  (group ?? SAMPLE_STATUSES).map((status) => sql`${status}`),
                  sql`, `,
                )}) then ${sql.raw(String(index))}`,
            ),
            sql`end`,
          ],
          sql` `,
        )
      : sql`0`;
  const wanted = groups.flatMap((group) => group ?? SAMPLE_STATUSES);
  const { seek } = page;
  const backwards = seek?.backwards ?? false;
  // List order is run, then the sort column, then id; "later" rows are smaller for a descending sort.
  const flip = (order.direction === "desc") !== backwards;
  const dir = sql.raw(flip ? "desc" : "asc");
  const runDir = sql.raw(backwards ? "desc" : "asc");
  let bound = sql`true`;
  const after = seek?.start.after;
  if (seek && after) {
    const operator = sql.raw(boundOp(flip, seek.start.inclusive));
    bound = sql`(run ${sql.raw(backwards ? "<" : ">")} ${after.run} or (run = ${after.run} and (k, id) ${operator} (${keyValue(after.at)}, ${after.id})))`;
  }
  const result = (await ctx.db.execute(sql`
    with m as (
      select ${samples.id} as id, ${samples.status} as status, ${order.column} as k
      from ${samples} where ${filters}
      -- In the list's order: for a term matching most rows the planner then walks the list's index
      -- and stops at the limit, where an unordered limit could scan the whole table for them.
      ${limit === undefined ? sql`` : sql`order by ${order.column} ${sql.raw(order.direction)}, ${samples.id} ${sql.raw(order.direction)} limit ${limit}`}
    ),
    p as (
      select id, k, ${run} as run from m
      -- Statuses are kept out of m: with them there the planner would join the status index in, and
      -- every status wanted needs no filter at all (it would cost five comparisons per match).
      where ${
        wanted.length === SAMPLE_STATUSES.length
          ? sql`true`
          : sql`status in (${sql.join(
              wanted.map((status) => sql`${status}`),
              sql`, `,
            )})`
      }
    )
    select 'page' as part, id, to_char(k at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at, run,
      null as status, null as n
    from (
      select id, k, run from p where ${bound}
      order by run ${runDir}, k ${dir}, id ${dir}
      limit ${page.size} offset ${seek ? seek.skip : page.offset}
    ) page
    union all
    select 'count', null, null, null, status, count(*) from m group by status
  `)) as { rows: Record<string, unknown>[] };
  const keys: Key[] = [];
  const counts = new Map<SampleStatus, number>();
  for (const row of result.rows) {
    if (row["part"] === "page") keys.push(keyRowSchema.parse(row));
    else {
      const counted = countRowSchema.parse(row);
      counts.set(counted.status, counted.n);
    }
  }
  return { keys: backwards ? keys.reverse() : keys, counts };
}

/**
 * How many samples of these statuses match, counting no further than `limit`, in the list's order
 * (a term matching most rows then walks the list's index and stops).
 */
export async function countUpTo(
  ctx: DomainContext,
  filters: SQL | undefined,
  statuses: readonly SampleStatus[],
  order: Order,
  limit: number,
): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(
    ctx.db
      .select({ one: sql`1`.as("one") })
      .from(samples)
      .where(and(filters, inArray(samples.status, [...statuses])))
      .orderBy(...orderBy(order, false))
      .limit(limit)
      .as("matches"),
  );
  return row?.n ?? 0;
}

/**
 * Where a sample stands in a list (0-based), counting the rows before it in list order: runs first,
 * then the sort key and id, compared as exact microsecond text. Undefined when the list lacks it.
 */
export async function positionOf(
  ctx: DomainContext,
  filters: SQL | undefined,
  groups: (readonly SampleStatus[] | undefined)[],
  order: Order,
  id: number,
): Promise<number | undefined> {
  const [target] = await ctx.db
    .select({ status: samples.status, at: keyText(order.column) })
    .from(samples)
    .where(and(filters, eq(samples.id, id)));
  if (!target) return undefined;
  const run = groups.findIndex((group) => group === undefined || group.includes(target.status));
  const current = groups[run];
  if (run < 0) return undefined;
  const earlier = groups.slice(0, run).flatMap((group) => group ?? SAMPLE_STATUSES);
  // "Before" is larger for a descending sort.
  const op = sql.raw(order.direction === "desc" ? ">" : "<");
  const sameRunBefore = and(
    current ? inArray(samples.status, [...current]) : undefined,
    sql`(${order.column}, ${samples.id}) ${op} (${keyValue(target.at)}, ${id})`,
  );
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(samples)
    .where(
      and(filters, earlier.length > 0 ? or(inArray(samples.status, earlier), sameRunBefore) : sameRunBefore),
    );
  return row?.n ?? 0;
}
