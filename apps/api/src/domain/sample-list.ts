import { createHash } from "node:crypto";

import {
  SAMPLE_STATUSES,
  STATUS_GROUPS,
  idSchema,
  messages,
  normalizeStatus,
  type SampleStatus,
  type sampleListQuerySchema,
} from "@lab/contracts";
import {
  customers,
  reports,
  sampleCounts,
  sampleEvents,
  samples,
  type ReportRow,
  type SampleEventRow,
  type SampleRow,
} from "@lab/db";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { z } from "zod";

import { AppError } from "../http/app-error";
import { searchFold } from "../lib/search-fold";
import type { DomainContext } from "./context";
import { eventActorNames } from "./sample-events";

export type SampleListQuery = z.output<typeof sampleListQuerySchema>;

/** A sample as customers read it: with its report's id once one is issued. */
export type SampleView = SampleRow & { reportId: number | null };
const sampleViewColumns = { ...getTableColumns(samples), reportId: reports.id };
export const selectSampleViews = (ctx: DomainContext) =>
  ctx.db.select(sampleViewColumns).from(samples).leftJoin(reports, eq(reports.sampleId, samples.id));

const invalid = (message: string) => new AppError(400, "validation_failed", message);

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
  const text = /^\d{3,15}$/.test(digits) ? digits : searchFold(q);
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

/**
 * A row's place in the list: its run (the pending group is two ordered runs), its sort time as exact
 * microsecond text (a JS Date would drop the microseconds and break ties) and its id.
 */
type Key = { run: number; at: string; id: number };
const keyText = (column: SQL.Aliased<Date> | Order["column"]) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/**
 * The statements of the unfiltered list, prepared once per database and shape (status group, order,
 * direction, bound): building a query with drizzle and planning it in Postgres cost more CPU than
 * running it, which is what 50 concurrent readers of the list feel.
 */
type Prepared<T> = { execute(values: Record<string, unknown>): Promise<T> };
const preparedByDb = new WeakMap<object, Map<string, unknown>>();
function prepared<T>(ctx: DomainContext, name: string, build: () => Prepared<T>): Prepared<T> {
  let cache = preparedByDb.get(ctx.db);
  if (!cache) {
    cache = new Map();
    preparedByDb.set(ctx.db, cache);
  }
  let statement = cache.get(name) as Prepared<T> | undefined;
  if (!statement) {
    statement = build();
    cache.set(name, statement);
  }
  return statement;
}

type Bound = { op: "<" | "<=" | ">" | ">="; key: Key };
/** The comparison that keeps rows past a key: smaller ones (or larger), the key itself if inclusive. */
const boundOp = (smaller: boolean, inclusive = false): Bound["op"] =>
  smaller ? (inclusive ? "<=" : "<") : inclusive ? ">=" : ">";

/**
 * Ids and exact keys of one ordered stretch of a customer's samples (a status group, or all). The key
 * text is made outside the inner query: rows skipped by OFFSET are still projected, and to_char over
 * 100,000 skipped rows costs 60 ms.
 */
async function readKeys(
  ctx: DomainContext,
  customerId: number,
  group: readonly SampleStatus[] | undefined,
  order: Order,
  reverse: boolean,
  bound: Bound | undefined,
  limit: number,
  offset: number,
): Promise<{ id: number; at: string }[]> {
  const name = `sample_keys_${order.column.name}_${order.direction}_${reverse ? "r" : "f"}_${bound?.op ?? "none"}_${(group ?? ["all"]).join("_")}`;
  const statement = prepared(ctx, name, () => {
    const inner = ctx.db
      .select({ id: samples.id, k: sql<Date>`${order.column}`.as("k") })
      .from(samples)
      .where(
        and(
          eq(samples.customerId, sql.placeholder("customerId")),
          group ? inArray(samples.status, [...group]) : undefined,
          bound
            ? sql`(${order.column}, ${samples.id}) ${sql.raw(bound.op)} ((${sql.placeholder("at")}::timestamp at time zone 'UTC'), ${sql.placeholder("id")})`
            : undefined,
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
      .orderBy(...(descending ? [desc(inner.k), desc(inner.id)] : [asc(inner.k), asc(inner.id)]))
      .prepare(name);
  });
  return statement.execute({
    customerId,
    limit,
    offset,
    ...(bound ? { at: bound.key.at, id: bound.key.id } : {}),
  });
}
const keyValue = (at: string) => sql`(${at}::timestamp at time zone 'UTC')`;

/**
 * The page cursor: the keys of a page's first and last rows, its page number, and a digest of the
 * query (customer, filters, sort, size) so that a cursor is only used for the query it came from.
 * Signed with a server key (purpose "cursor"): a client can hand back only cursors the server made,
 * and anything else is refused with a 400 rather than reaching the database.
 */
const CURSOR_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
/** Exact microsecond UTC text of a real instant: `2026-02-31T…` or `…T25:00…` are refused. */
const cursorTime = z.string().refine((value) => {
  const match = CURSOR_TIME.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const millis = new Date(`${value.slice(0, 23)}Z`);
  return (
    year >= 1970 &&
    !Number.isNaN(millis.getTime()) &&
    millis.toISOString().slice(0, 23) === value.slice(0, 23)
  );
});
// The run is an index into the list's runs: two at most (the pending group).
const cursorKey = z.tuple([z.number().int().min(0).max(1), cursorTime, idSchema()]);
const cursorSchema = z.strictObject({
  h: z.string().regex(/^[A-Za-z0-9_-]{16}$/),
  p: z.number().int().min(1).max(100_000),
  f: cursorKey,
  l: cursorKey,
});
type Cursor = { page: number; first: Key; last: Key };
const CURSOR_TEXT = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

const queryDigest = (customerId: number, query: SampleListQuery) =>
  createHash("sha256")
    .update(JSON.stringify([customerId, query.q, query.status, query.from, query.to, query.sort, query.size]))
    .digest("base64url")
    .slice(0, 16);

function encodeCursor(ctx: DomainContext, digest: string, cursor: Cursor): string {
  const { page, first, last } = cursor;
  const body = { h: digest, p: page, f: [first.run, first.at, first.id], l: [last.run, last.at, last.id] };
  const payload = Buffer.from(JSON.stringify(body)).toString("base64url");
  return `${payload}.${ctx.signer.sign("cursor", payload)}`;
}

/**
 * The cursor sent back; undefined when there is none or it is a valid cursor of another query (the
 * list is then read by offset). A cursor the server did not sign, or whose content is out of range,
 * is a 400.
 */
function decodeCursor(ctx: DomainContext, digest: string, text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  const refused = () => invalid(messages.cursorInvalid);
  const parts = CURSOR_TEXT.exec(text);
  const payload = parts?.[1];
  const signature = parts?.[2];
  if (payload === undefined || signature === undefined) throw refused();
  if (!ctx.signer.verify("cursor", payload, signature)) throw refused();
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw refused();
  }
  const parsed = cursorSchema.safeParse(body);
  if (!parsed.success) throw refused();
  if (parsed.data.h !== digest) return undefined;
  const [fRun, fAt, fId] = parsed.data.f;
  const [lRun, lAt, lId] = parsed.data.l;
  return {
    page: parsed.data.p,
    first: { run: fRun, at: fAt, id: fId },
    last: { run: lRun, at: lAt, id: lId },
  };
}

type Run = { group: readonly SampleStatus[] | undefined; size: number };

/**
 * Rows of the ordered runs, walking forwards (list order) or backwards from a start: a run index and,
 * optionally, a key in that run to start after (forwards) or before (backwards), strictly unless
 * `inclusive`. Only ids and keys are read, by index; `skip + take` rows at most.
 */
async function walk(
  ctx: DomainContext,
  customerId: number,
  runs: Pick<Run, "group">[],
  order: Order,
  start: { run: number; after?: Key; inclusive?: boolean },
  backwards: boolean,
  skip: number,
  take: number,
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
    const rows = await readKeys(ctx, customerId, run.group, order, backwards, bound, need, 0);
    found.push(...rows.map((row) => ({ run: index, at: row.at, id: row.id })));
  }
  const page = found.slice(skip, skip + take);
  return backwards ? page.reverse() : page;
}

/**
 * One page by offset inside each run; a page past a run's middle is read from the run's other end, so
 * the deepest page costs what the middle one does.
 */
async function byOffset(
  ctx: DomainContext,
  customerId: number,
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
      customerId,
      run.group,
      order,
      reverse,
      undefined,
      take,
      reverse ? Math.max(0, run.size - skip - take) : skip,
    );
    const part = rows.map((row) => ({ run: index, at: row.at, id: row.id }));
    keys.push(...(reverse ? part.reverse() : part));
    skip = 0;
    if (keys.length >= size) break;
  }
  return keys;
}

// Beyond this many rows between the page on screen and the one asked, counting from an end is as good.
const CURSOR_REACH = 1_000;

/** Where a page starts: a key of the cursor's page to walk on from, and how many rows to skip. */
type Seek = { start: { run: number; after?: Key; inclusive?: boolean }; backwards: boolean; skip: number };

/** The keyset way to the page asked from the page on screen, when the cursor fits and is near. */
function seekFrom(cursor: Cursor | undefined, page: number, size: number): Seek | undefined {
  if (!cursor) return undefined;
  if (page === cursor.page) {
    // The same page again (a refresh): from its first row's place on.
    return {
      start: { run: cursor.first.run, after: cursor.first, inclusive: true },
      backwards: false,
      skip: 0,
    };
  }
  const skip = (Math.abs(page - cursor.page) - 1) * size;
  if (skip > CURSOR_REACH) return undefined;
  return page > cursor.page
    ? { start: { run: cursor.last.run, after: cursor.last }, backwards: false, skip }
    : { start: { run: cursor.first.run, after: cursor.first }, backwards: true, skip };
}

const keyRowSchema = z.object({ id: z.number().int(), at: z.string(), run: z.number().int() });
const countRowSchema = z.object({ status: z.enum(SAMPLE_STATUSES), n: z.coerce.number().int() });

/**
 * A searched or date-ranged list in one statement: the matching rows are found once (the trigram or
 * date index) and both the counts per status and the page come from that set, so a search costs one
 * index scan rather than two.
 */
async function filteredList(
  ctx: DomainContext,
  filters: SQL | undefined,
  groups: (readonly SampleStatus[] | undefined)[],
  order: Order,
  page: { seek: Seek | undefined; offset: number; size: number },
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
    ),
    p as (
      select id, k, ${run} as run from m
      -- every status wanted: no filter at all (it would cost five comparisons per match)
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
 * Where a sample stands in a list (0-based), counting the rows before it in list order: runs first,
 * then the sort key and id, compared as exact microsecond text. Undefined when the list lacks it.
 */
async function positionOf(
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

export async function listSamples(ctx: DomainContext, customerId: number, asked: SampleListQuery) {
  const statuses = statusesOf(asked.status);
  const from = asked.from ? dayStart(asked.from) : undefined;
  const to = asked.to ? dayEnd(asked.to) : undefined;
  if (from && to && from.getTime() >= to.getTime()) throw invalid(messages.dateRangeInvalid);
  const filters = and(
    eq(samples.customerId, customerId),
    from ? gte(samples.createdAt, from) : undefined,
    to ? lt(samples.createdAt, to) : undefined,
    searchCondition(asked.q),
  );
  // Ordered runs: in the pending group PENDING comes before COLLECTING (spec section 2).
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

/** A sample as the staff console lists it: with its customer. */
export type StaffSampleView = SampleView & { customerName: string; company: string | null };
const staffSampleViewColumns = {
  ...sampleViewColumns,
  customerName: customers.fullName,
  company: customers.company,
};

/** The staff console's and the lab CLI's list: every customer's samples, one page. */
export interface StaffSampleQuery {
  /** "all", a group of spec section 4, or a status. */
  status: string;
  /** The PENDING queue with no agent, oldest first (flagged in the console). */
  unassigned: boolean;
  q: string;
  page: number;
  size: number;
}

export async function listStaffSamples(ctx: DomainContext, query: StaffSampleQuery) {
  const statuses = statusesOf(query.status);
  const where = and(
    statuses ? inArray(samples.status, [...statuses]) : undefined,
    query.unassigned ? and(eq(samples.status, "PENDING"), isNull(samples.agentId)) : undefined,
    searchCondition(query.q),
  );
  const [items, [totals]] = await Promise.all([
    ctx.db
      .select(staffSampleViewColumns)
      .from(samples)
      .innerJoin(customers, eq(customers.id, samples.customerId))
      .leftJoin(reports, eq(reports.sampleId, samples.id))
      .where(where)
      .orderBy(
        ...(query.unassigned
          ? [asc(samples.createdAt), asc(samples.id)]
          : [desc(samples.updatedAt), desc(samples.id)]),
      )
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ctx.db.select({ total: count() }).from(samples).where(where),
  ]);
  return { items, total: totals?.total ?? 0, page: query.page, size: query.size };
}

export interface StaffSampleDetail {
  sample: StaffSampleView & { customerEmail: string };
  events: SampleEventRow[];
  /** The people behind the events' actors (eventActorNames). */
  actorNames: Map<string, string>;
  report: ReportRow | null;
}

/** One sample with its customer, timeline and report, for the console's detail view. */
export async function getStaffSample(ctx: DomainContext, id: number): Promise<StaffSampleDetail> {
  const [row] = await ctx.db
    .select({ ...staffSampleViewColumns, customerEmail: customers.email })
    .from(samples)
    .innerJoin(customers, eq(customers.id, samples.customerId))
    .leftJoin(reports, eq(reports.sampleId, samples.id))
    .where(eq(samples.id, id));
  if (!row) throw new AppError(404, "not_found", messages.sampleNotFound);
  const [events, [report]] = await Promise.all([
    ctx.db
      .select()
      .from(sampleEvents)
      .where(eq(sampleEvents.sampleId, id))
      .orderBy(asc(sampleEvents.at), asc(sampleEvents.id)),
    ctx.db.select().from(reports).where(eq(reports.sampleId, id)),
  ]);
  return { sample: row, events, actorNames: await eventActorNames(ctx.db, events), report: report ?? null };
}
