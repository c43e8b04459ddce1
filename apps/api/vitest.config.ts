import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";

import { configDefaults, defineConfig } from "vitest/config";

// Every suite runs on in-memory PGlite; with TEST_DATABASE_URL the same suites run again on that
// Postgres server. Under CI the Postgres run is required.
const postgresUrl = process.env.TEST_DATABASE_URL;
const ci = process.env.CI === "true" || process.env.CI === "1";
if (!postgresUrl) {
  if (ci) throw new Error("CI=true: TEST_DATABASE_URL must point at a Postgres server (see .ci/run)");
  console.warn("notice: TEST_DATABASE_URL unset; API suites run on PGlite only (Postgres run skipped)");
}

// Files that read PDFs back with pdf.js keep a process of their own: run after a hundred other files in
// a shared process, pdf.js read a certificate's line differently now and then.
const here = import.meta.dirname;
const pdfReaders = readdirSync(join(here, "src"), { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".test.ts"))
  .filter((path) => readFileSync(join(here, "src", path), "utf8").includes("/pdf-text"))
  .map((path) => `src/${path}`);

const databases = [
  { name: "pglite", url: "" },
  ...(postgresUrl ? [{ name: "postgres", url: postgresUrl }] : []),
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each file has its own database, SMTP catcher, ports and Redis names, and much of a file's time
    // is spent waiting on them: Vitest's default (cores − 1) would run one file at a time on 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Test files share a worker's loaded modules: importing the app (drizzle, the schema, the
    // contracts, the PDF stack) costs about 4 s, which every file paid again when each was isolated.
    // Files hold no module state of their own: each starts its app on its own database, ports and
    // Redis names, through the composition root.
    isolate: false,
    projects: databases.flatMap(({ name, url }) => [
      {
        extends: true as const,
        test: {
          name,
          env: { TEST_DATABASE_URL: url },
          exclude: [...configDefaults.exclude, ...pdfReaders],
        },
      },
      {
        extends: true as const,
        test: { name: `${name}-pdf`, env: { TEST_DATABASE_URL: url }, include: pdfReaders, isolate: true },
      },
    ]),
  },
});
