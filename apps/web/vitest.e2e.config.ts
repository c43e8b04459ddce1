// Browser journeys (Playwright driving Debian's Chromium), run by Vitest in Node.
// `pnpm --filter @lab/web test:e2e`. The global setup starts a mail catcher and the real API server
// (which also serves the built SPA) on a free port with a throw-away embedded database.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "web-e2e",
    environment: "node",
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    pool: "forks",
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    reporters: ["default"],
  },
});
