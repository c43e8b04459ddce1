// A redis-server of the suite's own on a free port, no persistence; killed (SIGKILL) and started again on
// the same port to play an outage.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";

import { freePort, sleep } from "./ports";

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

export interface RedisServer {
  url: string;
  /** Starts it (again, on the same port); resolves once it answers PING; answers that moment. */
  start(): Promise<number>;
  /** SIGKILL: every connection drops at once, nothing is saved. */
  kill(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--logfile", ""],
        { stdio: "ignore" },
      );
      child = started;
      for (let i = 0; i < 200; i += 1) {
        if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode}`);
        if (await ping(port)) return Date.now();
        await sleep(25);
      }
      throw new Error("redis-server did not answer PING within 5 s");
    },
    async kill() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = once(running, "exit");
      running.kill("SIGKILL");
      await exited;
    },
    destroy: () => server.kill(),
  };
  const killOnExit = () => child?.kill("SIGKILL");
  process.on("exit", killOnExit);
  await server.start();
  return server;
}
