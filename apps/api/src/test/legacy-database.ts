import { readFileSync } from "node:fs";
import { join } from "node:path";

import { createDatabase, migrationsFolder, type Database } from "@lab/db";
import { createTestDatabase } from "@lab/db/testing";
import { sql } from "drizzle-orm";

import { testEnv } from "../env";

// Testing a migration on data as the code before it wrote it: a fresh database brought up to just
// before the migration, statement by statement, then filled by the test, then the migration run.

interface Journal {
  entries: { idx: number; tag: string }[];
}

const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as Journal;

/** The statements of one migration file, in order. */
export const statementsOf = (tag: string): string[] =>
  readFileSync(join(migrationsFolder, `${tag}.sql`), "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);

/** The migration whose tag starts with `prefix` ("0020_"). */
export const migrationTagOf = (prefix: string): string | undefined =>
  journal.entries.find((entry) => entry.tag.startsWith(prefix))?.tag;

export interface LegacyDatabase {
  database: Database;
  /** Rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
  query<T>(statement: ReturnType<typeof sql>): Promise<T[]>;
  /** Runs the migration under test. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A database migrated up to (not including) the migration named by `prefix`: on the test server when
 * one is configured (a database of its own, dropped on close), else an embedded one.
 */
export async function legacyDatabase(prefix: string): Promise<LegacyDatabase> {
  const target = journal.entries.find((entry) => entry.tag.startsWith(prefix));
  if (!target) throw new Error(`no migration ${prefix}`);
  let admin: Database | undefined;
  let dropName: string | undefined;
  let database: Database;
  if (testEnv.databaseUrl) {
    admin = await createTestDatabase(testEnv.databaseUrl);
    dropName = `legacy_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    await admin.db.execute(sql.raw(`create database ${dropName}`));
    const url = new URL(testEnv.databaseUrl);
    url.pathname = `/${dropName}`;
    database = await createDatabase({ url: url.toString(), poolSize: 2 });
  } else {
    database = await createDatabase({});
  }
  for (const entry of journal.entries) {
    if (entry.idx >= target.idx) break;
    for (const statement of statementsOf(entry.tag)) await database.db.execute(sql.raw(statement));
  }
  return {
    database,
    async query<T>(statement: ReturnType<typeof sql>) {
      const result: unknown = await database.db.execute(statement);
      return (result as { rows: T[] }).rows;
    },
    async migrate() {
      for (const statement of statementsOf(target.tag)) await database.db.execute(sql.raw(statement));
    },
    async close() {
      await database.close();
      if (admin && dropName) {
        await admin.db.execute(sql.raw(`drop database if exists ${dropName} with (force)`));
        await admin.close();
      }
    },
  };
}
