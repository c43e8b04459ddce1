import { Agent, createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { gracefulShutdown } from "./graceful-shutdown";

/** A real server on port 0: `/fast` answers at once, `/slow` after 500 ms, `/hang` never. */
async function startServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    if (req.url === "/slow") setTimeout(() => res.end("slow done"), 500);
    else if (req.url === "/hang") res.write("started");
    else res.end("fast");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

interface Answer {
  status: number | undefined;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

function get(port: number, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      // Held now: the agent detaches the socket from the response once it ends.
      const socket = res.socket;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body, socket }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const closedWithin = (socket: Socket, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (socket.destroyed) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

const agents: Agent[] = [];
const keepAlive = () => {
  // Keep-alive held far longer than the test, so only the server can close the socket.
  const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000, maxSockets: 1 });
  agents.push(agent);
  return agent;
};
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

describe("gracefulShutdown on a real server", () => {
  it("closes an idle keep-alive socket right when shutdown starts and resolves at once", async () => {
    const { server, port } = await startServer();
    const shutdown = gracefulShutdown(server);
    const answer = await get(port, "/fast", keepAlive());
    expect(answer.headers.connection).toBe("keep-alive");
    expect(answer.socket.destroyed).toBe(false);

    const started = Date.now();
    const closing = shutdown.close();
    expect(await closedWithin(answer.socket, 200)).toBe(true);
    await closing;
    expect(Date.now() - started).toBeLessThan(300);
  });

  it("lets an in-flight slow request finish with Connection: close, then resolves promptly", async () => {
    const { server, port } = await startServer();
    const shutdown = gracefulShutdown(server);
    const agent = keepAlive();
    const slow = get(port, "/slow", agent);
    // Let the request reach the handler before shutdown starts.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = Date.now();
    let closedAt = 0;
    const closing = shutdown.close().then(() => (closedAt = Date.now()));
    const answer = await slow;
    const answeredAt = Date.now();
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("slow done");
    expect(answer.headers.connection).toBe("close");
    await closing;
    expect(closedAt - answeredAt).toBeLessThan(200);
    expect(closedAt - started).toBeLessThan(1_000);
    // No new connections once shutdown has started.
    await expect(get(port, "/fast", new Agent())).rejects.toThrow(/ECONNREFUSED/);
  });

  it("destroys a request that never ends once the hard bound passes", async () => {
    const { server, port } = await startServer();
    const shutdown = gracefulShutdown(server, { timeoutMs: 300 });
    const hung = get(port, "/hang", keepAlive()).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = Date.now();
    await shutdown.close();
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_000);
    expect(await hung).toBeInstanceOf(Error);
  });
});
