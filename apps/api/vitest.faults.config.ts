import { defineConfig } from "vitest/config";

// The fault suite (`pnpm test:faults`): each file starts its own Postgres cluster, Redis, SMTP catcher
// and API instances, and breaks them. One file at a time: they are heavy, and the machine has 2 cores.
export default defineConfig({
  test: {
    include: ["faults/**/*.fault.ts"],
    globalSetup: ["faults/global-setup.ts"],
    fileParallelism: false,
    pool: "forks",
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
