import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import * as schema from "./schema/index";
import { seedCatalogue } from "./seed/seed-catalogue";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), "..", "migrations");

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  /** Applies pending migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** True when every committed migration is applied. */
  isMigrated(): Promise<boolean>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (sent by any connection once its transaction commits).
   * On Postgres a dedicated connection, reconnected after a loss; `onNotify` is also called after each
   * (re)connect, since notifications sent meanwhile are lost. Answers a function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** The Postgres pool's clients now, for /metrics; undefined for PGlite, which has no pool. */
  poolStats(): PoolStats | undefined;
  /** PGlite only: an image of the data directory, to start other in-memory databases from. */
  image?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Clients open (idle or checked out). */
  total: number;
  idle: number;
  /** Queries waiting for a client: the pool is exhausted while this stays above 0. */
  waiting: number;
  /** The pool's size limit. */
  max: number;
}

export interface DatabaseOptions {
  /** Postgres connection string; when absent PGlite runs in-process. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string | undefined;
  /** An in-memory PGlite starts from this image of a data directory (from `image()`), not from initdb. */
  image?: Blob | undefined;
  poolSize?: number;
  /** How long a Postgres connection attempt (or a wait for a pooled client) may take; default 5 s. */
  connectTimeoutMs?: number;
}

// One constant for every instance of this app sharing a database.
const MIGRATION_LOCK_KEY = 7_340_017;

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? createPostgres(options.url, options.poolSize ?? 10, options.connectTimeoutMs ?? 5_000)
    : createPglite(options.dataDir, options.image);
}

function createPostgres(url: string, poolSize: number, connectTimeoutMs: number): Database {
  // A server that stops answering without refusing (a network partition, a hung host) would hold a
  // request for the OS's TCP timeout, about 2 minutes; after 5 s the wait fails instead, and the API
  // answers 503 with Retry-After (its "Connection terminated due to connection timeout" maps to unavailable).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { casing: "snake_case" }), { migrationsFolder });
        // Reference data under the same lock: two instances starting together seed it once.
        await seedCatalogue(drizzlePg(client, { schema, casing: "snake_case" }));
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    isMigrated: () => isMigrated(db),
    listen: (channel, onNotify) => listenPostgres(url, connectTimeoutMs, channel, onNotify),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    close: () => pool.end(),
  };
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const RELISTEN_MS = 1_000;

async function listenPostgres(
  url: string,
  connectTimeoutMs: number,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const later = () => {
    if (closed) return;
    retry = setTimeout(() => void connect(), RELISTEN_MS);
    retry.unref();
  };
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      next.end().catch(() => undefined);
      later();
    };
    next.on("error", onLost);
    next.on("end", onLost);
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (closed) {
      lost = true;
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    onNotify();
  }
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}

async function createPglite(dataDir: string | undefined, image: Blob | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm and btree_gin back substring search, as on a Postgres server.
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(image ? { loadDataDir: image } : {}),
    extensions: { pg_trgm, btree_gin },
  });
  const pgliteDb = drizzlePglite(client, { schema, casing: "snake_case" });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: "pglite",
    // PGlite is one process's private database: no other instance can race this.
    async migrate() {
      await migratePglite(pgliteDb, { migrationsFolder });
      await seedCatalogue(db);
    },
    isMigrated: () => isMigrated(db),
    async listen(channel, onNotify) {
      const stop = await client.listen(channel, () => onNotify());
      return () => stop();
    },
    // One in-process connection serving queries in turn: there is no pool to report.
    poolStats: () => undefined,
    image: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}

async function isMigrated(db: Db): Promise<boolean> {
  const expected = readMigrationFiles({ migrationsFolder }).length;
  try {
    // Both drivers answer { rows }; the generic database type cannot say so.
    const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as {
      rows: { n: number }[];
    };
    const first = result.rows[0];
    return first !== undefined && Number(first.n) >= expected;
  } catch {
    return false;
  }
}
