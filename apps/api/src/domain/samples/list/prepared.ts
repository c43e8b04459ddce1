import type { DomainContext } from "../../context";

/**
 * The statements of the unfiltered list, prepared once per database and shape (status group, order,
 * direction, bound): building a query with drizzle and planning it in Postgres cost more CPU than
 * running it, which is what 50 concurrent readers of the list feel.
 */
type Prepared<T> = { execute(values: Record<string, unknown>): Promise<T> };
const preparedByDb = new WeakMap<object, Map<string, unknown>>();
export function prepared<T>(ctx: DomainContext, name: string, build: () => Prepared<T>): Prepared<T> {
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
