#!/usr/bin/env node
// The README's two commands land here: `npm start` and `npm test` on a fresh clone.
// Only Node built-ins are used, because nothing is installed yet when this runs.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
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

const command = process.argv[2];
install();
if (command === "start") {
  // The demo: simulated field agents and lab, so a visitor sees a sample go all the way to a report.
  const demo = { LAB_SIMULATOR: process.env.LAB_SIMULATOR ?? "on" };
  process.exit(pnpm(["run", "build"]) || pnpm(["--filter", "@lab/api", "start"], demo));
} else if (command === "test") {
  process.exit(pnpm(["run", "check"]));
} else {
  console.error("usage: node scripts/bootstrap.mjs start|test");
  process.exit(2);
}
