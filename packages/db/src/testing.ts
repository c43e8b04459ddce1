import { randomBytes } from "node:crypto";

import pg from "pg";

import { createDatabase, type Database } from "./client";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a new database on that Postgres server that is dropped on close.
 */
export async function createTestDatabase(serverUrl: string | undefined): Promise<Database> {
  if (!serverUrl) {
    const database = await createDatabase({});
    await database.migrate();
    return database;
  }
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
