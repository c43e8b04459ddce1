// An API instance as a child process, the way it runs in production: `node --import tsx src/server.ts`
// in apps/api with the pinned Node (its real binary, so a signal reaches the server itself).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { childEnv } from "./env";
import { freePort, sleep } from "./ports";

const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const repoRoot = resolve(apiDir, "..", "..");

/** node_modules/.bin/node is a shell wrapper: a signal sent to it would not reach the server. */
function nodeBinary(): string {
  const pinned = join(repoRoot, "node_modules", "node", "bin", "node");
  return existsSync(pinned) ? pinned : process.execPath;
}

export const JWT_SECRET = "fault-suite-secret-that-is-long-enough-for-hs256";
export const STAFF = { email: "lab.faults@aquatest.example", password: "LabFaults#2026" };

export interface Services {
  databaseUrl: string;
  redisUrl: string;
  smtpUrl: string;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

export interface ApiInstance {
  name: string;
  base: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Its stdout and stderr so far (printed when a test fails). */
  output(): string;
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL if still running, then waits for the exit. */
  destroy(): Promise<void>;
}

export async function startApi(
  name: string,
  services: Services,
  extra: Record<string, string> = {},
): Promise<ApiInstance> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `lab-faults-${name}-`));
  const child = spawn(nodeBinary(), ["--import", "tsx", "src/server.ts"], {
    cwd: apiDir,
    env: childEnv({
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: services.databaseUrl,
      REDIS_URL: services.redisUrl,
      SMTP_URL: services.smtpUrl,
      JWT_SECRET,
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LAB_SIMULATOR: "off",
      LAB_ADMIN_EMAIL: STAFF.email,
      LAB_ADMIN_PASSWORD: STAFF.password,
      RATE_LIMIT: "off",
      EMAIL_CHECK_DNS: "off",
      LOG_LEVEL: "warn",
      ...extra,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<Exit>((resolveExit) =>
    child.once("exit", (code, signal) => resolveExit({ code, signal, at: Date.now() })),
  );
  const killOnExit = () => child.kill("SIGKILL");
  process.on("exit", killOnExit);
  const instance: ApiInstance = {
    name,
    base,
    child,
    exited,
    output: () => output,
    signal: (signal) => {
      child.kill(signal);
    },
    async destroy() {
      process.off("exit", killOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // Ready once /api/ready answers 200: migrations applied, database reachable.
  const deadline = Date.now() + 60_000;
  let gone: Exit | undefined;
  void exited.then((exit) => (gone = exit));
  for (;;) {
    if (gone) {
      await instance.destroy();
      throw new Error(`${name} exited (${gone.code ?? gone.signal}) before it was ready:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return instance;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await instance.destroy();
      throw new Error(`${name} not ready within 60 s:\n${output}`);
    }
    await sleep(100);
  }
}
