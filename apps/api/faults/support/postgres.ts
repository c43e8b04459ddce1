// A Postgres cluster of the suite's own (never the machine's shared server): initdb into a temporary
// directory, a free port, a socket directory inside it, fsync off. It can be stopped and started again.
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

import { freePort } from "./ports";

const run = promisify(execFile);
const TOOLS = ["initdb", "pg_ctl", "postgres", "psql"];

/** The newest /usr/lib/postgresql/<v>/bin holding every tool, else `pg_config --bindir`; undefined if none. */
export function postgresBinDir(): string | undefined {
  const complete = (dir: string) => TOOLS.every((tool) => existsSync(join(dir, tool)));
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+(\.\d+)?$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = join(root, version, "bin");
    if (complete(dir)) return dir;
  }
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    return complete(dir) ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** initdb and postgres refuse root: as root they run as the `postgres` OS user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

export interface PostgresCluster {
  url: string;
  port: number;
  /** pg_ctl start, waiting until it accepts connections. */
  start(): Promise<void>;
  /** pg_ctl stop -m fast: sessions are ended, the port closes. */
  stop(): Promise<void>;
  /** One SQL statement through psql; rows as lines, columns separated by |. */
  query(sql: string): Promise<string[]>;
  destroy(): Promise<void>;
}

export async function startPostgres(binDir: string): Promise<PostgresCluster> {
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), "lab-faults-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, "data");
  const port = await freePort();
  const asServer = { ...(user ?? {}), cwd: dir, env: { PATH: process.env.PATH ?? "", LANG: "C.UTF-8" } };
  const bin = (tool: string) => join(binDir, tool);
  await run(
    bin("initdb"),
    ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"],
    asServer,
  );
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=100",
  ].join(" ");
  const pgCtl = (args: string[]) => run(bin("pg_ctl"), ["-D", data, ...args], asServer);
  let running = false;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pgCtl(["-l", join(dir, "server.log"), "-o", options, "-w", "-t", "60", "start"]);
      running = true;
    },
    async stop() {
      await pgCtl(["-m", "fast", "-w", "-t", "60", "stop"]);
      running = false;
    },
    async query(sql) {
      const { stdout } = await run(bin("psql"), [
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-U",
        "postgres",
        "-d",
        "postgres",
        "-v",
        "ON_ERROR_STOP=1",
        "-tA",
        "-c",
        sql,
      ]);
      return stdout.split("\n").filter((line) => line !== "");
    },
    async destroy() {
      process.off("exit", emergencyStop);
      if (running) await pgCtl(["-m", "immediate", "-w", "stop"]).catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  // A crashed test run must not leave a postgres behind.
  function emergencyStop() {
    if (!running) return;
    try {
      execFileSync(bin("pg_ctl"), ["-D", data, "-m", "immediate", "stop"], { ...asServer, stdio: "ignore" });
    } catch {
      // already gone
    }
  }
  process.on("exit", emergencyStop);
  await cluster.start();
  return cluster;
}
