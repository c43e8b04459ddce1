// Global setup of the browser journeys: the built SPA, a mail catcher, and the API server on a free
// port with a fresh embedded database. Tests read what they need through `inject(...)`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import type {} from "vitest";
import type { TestProject } from "vitest/node";

import { startApiServer, type ApiServer } from "./support/api-server";
import { CHROMIUM_PATH, chromiumAvailable } from "./support/browser";
import { startMailCatcher, type MailCatcher } from "./support/mail-catcher";

declare module "vitest" {
  export interface ProvidedContext {
    /** Empty when the journeys are skipped (no Chromium outside CI). */
    baseURL: string;
    mailDir: string;
    serverLog: string;
  }
}

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const apiDir = resolve(webDir, "..", "api");
const webDist = join(webDir, "dist");

function buildWeb(): void {
  // Run-order safety: `pnpm run check` builds nothing before the journeys.
  console.log("[e2e] apps/web/dist/index.html is missing: running `pnpm --filter @lab/web build`");
  const pnpmCli = process.env.npm_execpath;
  const [command, args] =
    pnpmCli && /pnpm/.test(pnpmCli) && /\.c?js$/.test(pnpmCli)
      ? [process.execPath, [pnpmCli, "--filter", "@lab/web", "build"]]
      : ["pnpm", ["--filter", "@lab/web", "build"]];
  // Vitest sets NODE_ENV=test, which Vite would honour: the journeys need the build users get
  // (import.meta.env.PROD, the service worker's registration, minified chunks).
  const result = spawnSync(command, args, {
    cwd: webDir,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0)
    throw new Error("`pnpm --filter @lab/web build` failed; the journeys need apps/web/dist");
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!chromiumAvailable()) {
    const hint = "install Debian's Chromium: apt-get update && apt-get install -y chromium";
    if (process.env.CI === "true" || process.env.CI === "1") {
      throw new Error(
        `[e2e] ${CHROMIUM_PATH} is missing and CI=true: the browser journeys must run (${hint})`,
      );
    }
    console.warn(`\n[e2e] NOTICE: ${CHROMIUM_PATH} not found, browser journeys SKIPPED (${hint})\n`);
    project.provide("baseURL", "");
    project.provide("mailDir", "");
    project.provide("serverLog", "");
    return async () => {};
  }

  if (!existsSync(join(webDist, "index.html"))) buildWeb();

  const workDir = mkdtempSync(join(tmpdir(), "lab-e2e-"));
  const mailDir = join(workDir, "mail");
  const dataDir = join(workDir, "data");
  mkdirSync(mailDir);
  mkdirSync(dataDir);
  const serverLog = join(workDir, "api-server.log");

  let catcher: MailCatcher | undefined;
  let server: ApiServer | undefined;
  const teardown = async () => {
    await server?.stop();
    await catcher?.close();
    if (process.env.E2E_KEEP) console.log(`[e2e] kept ${workDir} (server log, caught mail, database)`);
    else rmSync(workDir, { recursive: true, force: true });
  };
  try {
    catcher = await startMailCatcher(mailDir);
    server = await startApiServer({ apiDir, webDist, dataDir, smtpUrl: catcher.url, logFile: serverLog });
  } catch (error) {
    process.env.E2E_KEEP = "1";
    await teardown();
    throw error;
  }
  console.log(`[e2e] API + SPA at ${server.baseURL}, mail catcher at ${catcher.url}, log ${serverLog}`);
  project.provide("baseURL", server.baseURL);
  project.provide("mailDir", mailDir);
  project.provide("serverLog", serverLog);
  return teardown;
}
