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
