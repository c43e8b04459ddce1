#!/usr/bin/env node
// The README's two commands land here: `npm start` and `npm test` on a fresh clone.
// Only Node built-ins are used, because nothing is installed yet when this runs.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { packageManager } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const pnpmSpec = String(packageManager); // e.g. pnpm@10.34.9

function run(cmd, args, extraEnv = {}) {
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...extraEnv },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function pnpm(args, extraEnv) {
  // Use a pnpm already on PATH when it is the pinned version; otherwise fetch it from the npm registry.
  const local = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  if (local.status === 0 && `pnpm@${local.stdout.trim()}` === pnpmSpec) return run("pnpm", args, extraEnv);
  return run("npx", ["--yes", pnpmSpec, ...args], extraEnv);
}

function install() {
  const lock = join(root, "pnpm-lock.yaml");
  const marker = join(root, "node_modules", ".modules.yaml");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  const frozen = process.env.CI ? ["--frozen-lockfile"] : [];
  const status = pnpm(["install", ...frozen]);
  if (status !== 0) process.exit(status);
}

/**
 * The API in the foreground, without pnpm in between: Ctrl-C reaches the server, which shuts down
 * cleanly and exits 0, so the terminal shows its "stopped" line rather than pnpm's "Command failed
 * with signal SIGINT". This process ignores the signal and waits for the server's own exit.
 */
function serveApi(extraEnv) {
  const pinnedNode = join(root, "node_modules", ".bin", "node");
  const nodeBin = existsSync(pinnedNode) ? pinnedNode : process.execPath;
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => {});
  // The compiled server (`pnpm run build` made apps/api/dist just before): no TypeScript loader at run time.
  const result = spawnSync(nodeBin, ["dist/server.js"], {
    cwd: join(root, "apps", "api"),
    stdio: "inherit",
    env: { ...process.env, ...extraEnv },
  });
  if (result.error) throw result.error;
  // Stopped by Ctrl-C or a TERM before the server could answer it: still a clean stop, not a failure.
  if (result.signal === "SIGINT" || result.signal === "SIGTERM") return 0;
  return result.status ?? 1;
}

const command = process.argv[2];
install();
if (command === "start") {
  // The demo: simulated field agents and lab, so a visitor sees a sample go all the way to a report.
  const demo = { LAB_SIMULATOR: process.env.LAB_SIMULATOR ?? "on" };
  const built = pnpm(["run", "build"]);
  if (built !== 0) process.exit(built);
  process.exit(serveApi(demo));
} else if (command === "test") {
  // `pnpm run check` in two steps, so a caller can learn when the browser journeys begin: CI starts its
  // Docker check then, on the cores the journeys leave idle, rather than beside the CPU-bound unit tests.
  const before = pnpm(["run", "check:before-e2e"]);
  if (before !== 0) process.exit(before);
  if (process.env.CI_E2E_STARTED_FILE) writeFileSync(process.env.CI_E2E_STARTED_FILE, `${Date.now()}\n`);
  process.exit(pnpm(["run", "test:e2e"]));
} else {
  console.error("usage: node scripts/bootstrap.mjs start|test");
  process.exit(2);
}
