#!/usr/bin/env node
// `pnpm --filter @lab/web test:e2e` lands here: the browser journeys, run by Vitest with
// vitest.e2e.config.ts (equivalent to `vitest run -c vitest.e2e.config.ts`). Extra arguments are
// passed on, e.g. `pnpm test:e2e -- -t phone`.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const webDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const vitest = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");
const args = process.argv.slice(2).filter((arg) => arg !== "--");
const result = spawnSync(process.execPath, [vitest, "run", "-c", "vitest.e2e.config.ts", ...args], {
  cwd: webDir,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
