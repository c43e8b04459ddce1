// Starts the real API server (apps/api, `tsx src/server.ts`, which also serves the built SPA) on a
// free port with a fresh embedded database, and stops it again.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { join } from "node:path";

export interface ApiServer {
  baseURL: string;
  logFile: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startApiServer(options: {
  apiDir: string;
  webDist: string;
  dataDir: string;
  smtpUrl: string;
  logFile: string;
  readyTimeoutMs?: number;
}): Promise<ApiServer> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  // The server from source (tsx src/server.ts, as `pnpm --filter @lab/api dev` runs it), on this process's Node.
  const tsxCli = createRequire(join(options.apiDir, "package.json")).resolve("tsx/cli");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(port),
    DATA_DIR: options.dataDir,
    SMTP_URL: options.smtpUrl,
    MAIL_FROM: "Lab Portal <no-reply@lab.test>",
    PUBLIC_URL: baseURL,
    EMAIL_CHECK_DNS: "off",
    RATE_LIMIT: "off",
    LAB_SIMULATOR: "off",
    WEB_DIST_DIR: options.webDist,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "info",
  };
  // The journeys run on embedded PGlite and in-process fan-out, whatever the caller's shell says.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.JWT_SECRET;

  const log = createWriteStream(options.logFile);
  const child = spawn(process.execPath, [tsxCli, "src/server.ts"], {
    cwd: options.apiDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // own process group: stop() ends tsx and the server it starts
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.on("exit", (code, signal) => (exited = { code, signal }));

  const stop = () => stopProcess(child);
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (exited) {
      throw new Error(
        `The API server exited before it was ready (code ${exited.code}, signal ${exited.signal}); see ${options.logFile}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/api/ready`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The API server did not answer /api/ready within the time limit; see ${options.logFile}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseURL, logFile: options.logFile, stop };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM"); // graceful shutdown
  const timer = setTimeout(() => signal("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
