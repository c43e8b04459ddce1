import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import pg from "pg";

import { createDatabase, migrationsFolder, type Database } from "./client";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a new database on that Postgres server that is dropped on close.
 */
export async function createTestDatabase(serverUrl: string | undefined): Promise<Database> {
  if (!serverUrl) return createDatabase({ image: await migratedImage() });
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await migratedTemplate(serverUrl)}`);
  } catch (error) {
    // Another checkout's tests on the same server made a template of other migrations and dropped
    // this one as stale: make it again, once.
    if ((error as { code?: unknown }).code !== "3D000") throw error;
    templates.delete(serverUrl);
    await admin.query(`create database ${name} template ${await migratedTemplate(serverUrl)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString(), poolSize: 5 });
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

const TEMPLATE_LOCK_KEY = 7_311_027;
const templates = new Map<string, Promise<string>>();

/**
 * A migrated, seeded database on the server to copy test databases from: `create database … template`
 * copies files, where migrating each new database ran every migration again (2 s a test file). Named by
 * the same fingerprint as the PGlite image; made once per server under an advisory lock, so workers
 * starting together make it once, and older templates are dropped when a new one is made.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  let made = templates.get(serverUrl);
  if (!made) {
    made = makeTemplate(serverUrl);
    templates.set(serverUrl, made);
  }
  return made;
}

async function makeTemplate(serverUrl: string): Promise<string> {
  const template = `lab_template_${fingerprint()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    const found = await admin.query("select 1 from pg_database where datname = $1", [template]);
    if (found.rowCount === 0) {
      // Built under another name and renamed when complete: a crash never leaves a half-made template.
      const partial = `${template}_partial`;
      await admin.query(`drop database if exists ${partial} with (force)`);
      await admin.query(`create database ${partial}`);
      const url = new URL(serverUrl);
      url.pathname = `/${partial}`;
      const database = await createDatabase({ url: url.toString(), poolSize: 1 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${partial} rename to ${template}`);
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'lab\\_template\\_%' and datname <> $1",
        [template],
      );
      for (const { datname } of stale.rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
    }
    return template;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

const here = dirname(fileURLToPath(import.meta.url));
let image: Promise<Blob> | undefined;

/**
 * An image of a migrated, seeded PGlite database, made once and shared through a file in the temp
 * directory: starting from it takes a fraction of PGlite's initdb plus the migrations, which every
 * test database paid before. The file is named by a hash of what shapes the database (migrations,
 * seed, PGlite's version), so a change to any of them makes a new one.
 */
function migratedImage(): Promise<Blob> {
  image ??= (async () => {
    const file = join(tmpdir(), `lab-pglite-${fingerprint()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await createDatabase({});
    try {
      await database.migrate();
      if (!database.image) throw new Error("PGlite gave no image of its data directory");
      const made = await database.image();
      // Written aside and renamed: test files starting together never read a half-written image.
      const partial = `${file}.${String(process.pid)}.${randomBytes(4).toString("hex")}`;
      writeFileSync(partial, Buffer.from(await made.arrayBuffer()));
      renameSync(partial, file);
      return made;
    } finally {
      await database.close();
    }
  })();
  return image;
}

function fingerprint(): string {
  const hash = createHash("sha256");
  const files = (folder: string): string[] =>
    readdirSync(folder, { recursive: true, encoding: "utf8" })
      .map((name) => join(folder, name))
      .filter((path) => statSync(path).isFile())
      .sort();
  for (const path of [...files(migrationsFolder), ...files(join(here, "seed"))]) {
    hash.update(path.slice(path.lastIndexOf("packages"))).update(readFileSync(path));
  }
  const pglite = JSON.parse(
    readFileSync(join(here, "..", "node_modules", "@electric-sql", "pglite", "package.json"), "utf8"),
  ) as { version?: string };
  hash.update(pglite.version ?? "");
  return hash.digest("hex").slice(0, 16);
}
