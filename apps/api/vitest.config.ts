import { availableParallelism } from "node:os";

import { defineConfig } from "vitest/config";

// Every suite runs on in-memory PGlite; with TEST_DATABASE_URL the same suites run again on that
// Postgres server. Under CI the Postgres run is required.
const postgresUrl = process.env.TEST_DATABASE_URL;
const ci = process.env.CI === "true" || process.env.CI === "1";
if (!postgresUrl) {
  if (ci) throw new Error("CI=true: TEST_DATABASE_URL must point at a Postgres server (see .ci/run)");
  console.warn("notice: TEST_DATABASE_URL unset; API suites run on PGlite only (Postgres run skipped)");
}

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Each file has its own database, SMTP catcher, ports and Redis names, and much of a file's time
    // is spent waiting on them: Vitest's default (cores − 1) would run one file at a time on 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true as const, test: { name: "pglite", env: { TEST_DATABASE_URL: "" } } },
      ...(postgresUrl
        ? [{ extends: true as const, test: { name: "postgres", env: { TEST_DATABASE_URL: postgresUrl } } }]
        : []),
    ],
  },
});
