import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

import type { Sample, SamplePage } from "@lab/contracts";
import { createTestDatabase } from "@lab/db/testing";
import { Client, type IMessage } from "@stomp/stompjs";
import { Redis } from "ioredis";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { testEnv } from "../env";
import { signedInCustomer, startTestApp, type TestApp } from "../test/harness";
import { signedInStaff } from "../test/lab";
import { submitSample, until } from "../test/samples";
import { DESTINATIONS, type ResyncReason } from "./events";

// A Redis outage between two instances: the update made meanwhile is in the database but its push is
// lost, so the instance that lost its fan-out tells its own sessions to re-sync when Redis returns.
// This suite runs its own redis-server (stopped and restarted here), never the shared one.
const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
if (!hasRedisServer) {
  if (testEnv.ci) throw new Error("CI=true: redis-server must be installed for the re-sync suite");
  console.warn("notice: redis-server not found; the real-time re-sync suite is skipped");
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A private redis-server on a fixed port, so a restart brings it back where the clients look. */
function redisServer(port: number) {
  let child: ChildProcess | undefined;
  const ping = async () => {
    const probe = new Redis(port, "127.0.0.1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    probe.on("error", () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === "PONG";
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Starts it and answers when it accepts commands. */
    async start(): Promise<void> {
      child = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
      const deadline = Date.now() + 5000;
      while (!(await ping())) {
        if (Date.now() > deadline) throw new Error("redis-server did not start");
        await sleep(20);
      }
    },
    /** A crash, not a clean shutdown: every connection drops at once. */
    async kill(): Promise<void> {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = once(running, "exit");
      running.kill("SIGKILL");
      await exited;
    },
  };
}

interface Received {
  resyncs: { reason: ResyncReason; at: number }[];
  samples: Sample[];
}

/** A STOMP client on an instance, subscribed to re-sync notices and sample pushes. */
async function listen(app: TestApp, token: string): Promise<{ client: Client; received: Received }> {
  const received: Received = { resyncs: [], samples: [] };
  const client = new Client({
    webSocketFactory: () =>
      new WebSocket(`${app.baseUrl.replace("http", "ws")}/api/ws/websocket`, ["v12.stomp"]),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  await new Promise<void>((resolve) => {
    client.onConnect = () => resolve();
    client.activate();
  });
  client.subscribe(DESTINATIONS.resync, (message: IMessage) => {
    const body = JSON.parse(message.body) as { reason: ResyncReason };
    received.resyncs.push({ reason: body.reason, at: Date.now() });
  });
  client.subscribe(DESTINATIONS.samples, (message: IMessage) =>
    received.samples.push(JSON.parse(message.body) as Sample),
  );
  await new Promise<void>((resolve) => {
    client.subscribe("/topic/system/shutdown", () => undefined, { receipt: "subscribed" });
    client.watchForReceipt("subscribed", () => resolve());
  });
  return { client, received };
}

describe.skipIf(!hasRedisServer)("re-sync after a Redis fan-out outage", () => {
  const connections: Redis[] = [];
  const servers: ReturnType<typeof redisServer>[] = [];
  // As server.ts makes it: no offline queue, so a publish during an outage fails at once.
  const redis = (url: string) => {
    const connection = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    connection.on("error", () => undefined);
    connections.push(connection);
    return connection;
  };
  afterAll(async () => {
    for (const connection of connections) connection.disconnect();
    for (const server of servers) await server.kill();
  });

  it("an update made on A while Redis is down reaches B's client as a re-sync within 2 s of Redis returning, and B's re-fetch shows it", async () => {
    const server = redisServer(await freePort());
    servers.push(server);
    await server.start();
    const database = await createTestDatabase(testEnv.databaseUrl);
    const a = await startTestApp({ database, realtime: { redis: redis(server.url) } });
    let b: TestApp | undefined;
    const clients: Client[] = [];
    try {
      const customer = await signedInCustomer(a, "Resync Farms");
      const staff = await signedInStaff(a);
      // B starts once A has sent the verification mail: both outbox senders share the database.
      b = await startTestApp({ database, realtime: { redis: redis(server.url) } });
      const instanceB = b;
      const agent = await request(a.app)
        .post("/api/lab/agents")
        .auth(staff.token, { type: "bearer" })
        .send({ name: "Lakshmi", phone: "9000000071" })
        .expect(201);
      await until(() => a.realtime?.stats().fanOut === "up" && instanceB.realtime?.stats().fanOut === "up");
      const onA = await listen(a, customer.token);
      const onB = await listen(b, customer.token);
      clients.push(onA.client, onB.client);

      const submitAndAssign = async () => {
        const sample = await submitSample(a.app, customer);
        await request(a.app)
          .post(`/api/lab/samples/${sample.id}/assign`)
          .auth(staff.token, { type: "bearer" })
          .send({ agentId: agent.body.id })
          .expect(200);
        return sample;
      };
      const collecting = (seen: Sample[], id: number) =>
        seen.some((s) => s.id === id && s.status === "COLLECTING");

      const before = await submitAndAssign();
      await until(() => collecting(onB.received.samples, before.id));
      expect(onB.received.resyncs).toEqual([]);

      await server.kill();
      const outageStart = Date.now();
      await until(() => instanceB.realtime?.stats().fanOut === "down", 2000);
      const during = await submitAndAssign();
      // A delivers to its own sessions when the publish fails; they were told to re-sync once.
      await until(() => collecting(onA.received.samples, during.id), 2000);
      await until(() => onA.received.resyncs.length > 0, 2000);
      await sleep(300);
      expect(collecting(onB.received.samples, during.id)).toBe(false);

      // An outage of 2 s at least: the subscriber's reconnects back off to their 500 ms ceiling.
      await sleep(Math.max(0, 2000 - (Date.now() - outageStart)));
      await server.start();
      const redisBack = Date.now();
      await until(() => onB.received.resyncs.some((r) => r.reason === "fan-out-restored"), 5000);
      const restored = onB.received.resyncs.find((r) => r.reason === "fan-out-restored");
      const notifiedMs = (restored?.at ?? Infinity) - redisBack;
      // What the web client does on the notice: re-fetch the list through the instance it is on.
      const page = await request(b.app)
        .get("/api/sample-submissions")
        .auth(customer.token, { type: "bearer" })
        .expect(200);
      const visible = Date.now();
      expect((page.body as SamplePage).items.find((s) => s.id === during.id)?.status).toBe("COLLECTING");
      console.info(
        `re-sync: redis back → fan-out-restored at B's client ${notifiedMs} ms; ` +
          `outage ${redisBack - outageStart} ms, outage start → update visible ${visible - outageStart} ms`,
      );
      expect(notifiedMs).toBeLessThan(2000);
      expect(visible - redisBack).toBeLessThan(2000);
      expect(onB.received.resyncs.map((r) => r.reason)).toEqual(["fan-out-lost", "fan-out-restored"]);
      expect(b.realtime?.stats()).toMatchObject({ fanOut: "up", resyncs: 2, sessions: 1 });
      // A lost its subscription and its publishes: one notice for the outage, one once both work.
      await until(() => onA.received.resyncs.length === 2, 5000);
      const [outage, mended] = onA.received.resyncs.map((r) => r.reason);
      expect(["fan-out-lost", "publish-failed"]).toContain(outage);
      expect(["fan-out-restored", "publish-restored"]).toContain(mended);

      // Pushes flow again through the restored subscription.
      const after = await submitAndAssign();
      await until(() => collecting(onB.received.samples, after.id), 3000);
    } finally {
      await Promise.all(clients.map((client) => client.deactivate()));
      await a.close();
      await b?.close();
      await database.close();
    }
  }, 60_000);

  it("failed publishes over 2 s are delivered to the instance's own sessions with one publish-failed re-sync, and one publish-restored when publishing works again", async () => {
    const server = redisServer(await freePort());
    servers.push(server);
    await server.start();
    const publisher = redis(server.url);
    const t = await startTestApp({ realtime: { redis: publisher } });
    const clients: Client[] = [];
    try {
      const customer = await signedInCustomer(t, "Publish Failure Farms");
      await until(() => t.realtime?.stats().fanOut === "up");
      const own = await listen(t, customer.token);
      clients.push(own.client);
      const framesBefore = t.realtime?.stats().framesOut ?? 0;
      // Only the publishing connection breaks: the subscription is still live.
      publisher.disconnect();
      const failed: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        failed.push((await submitSample(t.app, customer)).id);
        await sleep(400);
      }
      await until(() => failed.every((id) => own.received.samples.some((s) => s.id === id)));
      await sleep(1100);
      // Every failed event was delivered here; the throttle's 1 s would have let a second notice out.
      expect(own.received.resyncs.map((r) => r.reason)).toEqual(["publish-failed"]);

      await publisher.connect();
      await until(() => own.received.resyncs.length === 2, 3000);
      const after = await submitSample(t.app, customer);
      await until(() => own.received.samples.some((s) => s.id === after.id));
      await sleep(300);
      expect(own.received.resyncs.map((r) => r.reason)).toEqual(["publish-failed", "publish-restored"]);
      expect(t.realtime?.stats()).toMatchObject({ fanOut: "up", resyncs: 2, sessions: 1 });
      expect(t.realtime?.stats().framesOut).toBeGreaterThanOrEqual(framesBefore + 7);
      expect(t.realtime?.stats().framesIn).toBeGreaterThanOrEqual(4);
    } finally {
      await Promise.all(clients.map((client) => client.deactivate()));
      await t.close();
    }
  }, 60_000);
});
