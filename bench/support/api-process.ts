// The API as its own process (its server from source, `tsx src/server.ts`: `start` runs the build in
// dist/, which a bench should not depend on), configured as in production, for the
// benches that measure it from outside: a process group of its own, stopped when the bench exits.
import { spawn } from "node:child_process";

export interface ApiProcess {
  base: string;
  /** The process group's id (pnpm → tsx → node). */
  pid: number | undefined;
  /** Resolves once /api/ready answers 200 (migrations applied, database reachable). */
  ready(): Promise<void>;
  stop(): void;
}

export function startApiProcess(env: Record<string, string>): ApiProcess {
  const port = 3800 + Math.floor(Math.random() * 190);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn("pnpm", ["--filter", "@lab/api", "exec", "tsx", "src/server.ts"], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      LAB_SIMULATOR: "off",
      EMAIL_CHECK_DNS: "off",
      ...env,
      PORT: String(port),
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const stop = () => {
    try {
      if (server.pid) process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  return {
    base,
    pid: server.pid,
    stop,
    async ready() {
      for (let i = 0; i < 240; i += 1) {
        try {
          if ((await fetch(`${base}/api/ready`)).ok) return;
        } catch {
          // not yet
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error("server did not start");
    },
  };
}
