import type { Sample } from "@lab/contracts";
import { createTestDatabase } from "@lab/db/testing";
import { Client, type IMessage } from "@stomp/stompjs";
import { Redis } from "ioredis";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { testEnv } from "../env";
import { signedInCustomer, startTestApp, type TestApp } from "../test/harness";
import { submitSample, until } from "../test/samples";
import { signedInStaff } from "../test/lab";
import { DESTINATIONS } from "./events";

function client(app: TestApp, token: string): Client {
  return new Client({
    webSocketFactory: () =>
      new WebSocket(`${app.baseUrl.replace("http", "ws")}/api/ws/websocket`, ["v12.stomp"]),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 200,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
}
const connected = (c: Client) =>
  new Promise<void>((resolve) => {
    c.onConnect = () => resolve();
    c.activate();
  });

describe("graceful shutdown", () => {
  it("tells connected clients on /topic/system/shutdown before closing their sockets", async () => {
    const t = await startTestApp({ realtime: {} });
    const customer = await signedInCustomer(t);
    const c = client(t, customer.token);
    c.reconnectDelay = 0;
    await connected(c);
    const notices: unknown[] = [];
    c.subscribe(DESTINATIONS.shutdown, (message: IMessage) => notices.push(JSON.parse(message.body)), {
      receipt: "r1",
    });
    await new Promise<void>((resolve) => c.watchForReceipt("r1", () => resolve()));
    const closed = new Promise<void>((resolve) => {
      c.onWebSocketClose = () => resolve();
    });
    await t.realtime?.shutdown(100);
    await closed;
    expect(notices).toEqual([{ reconnectAfterMs: 1000 }]);
    await c.deactivate();
    await t.close();
    // A fresh PGlite database and a sign-up take most of it; 18 s seen with the machine's load at 20.
  }, 60_000);
});

const redisUrl = testEnv.redisUrl;
if (!redisUrl) {
  if (testEnv.ci) throw new Error("CI=true: TEST_REDIS_URL must point at a Redis server (see .ci/run)");
  console.warn("notice: TEST_REDIS_URL unset; the Redis fan-out suite is skipped");
}

describe.skipIf(!redisUrl)("fan-out through Redis", () => {
  const connections: Redis[] = [];
  // Named, so the simulated outage drops only this test's connections, not another suite's.
  const connectionName = `fanout-${process.pid}-${Date.now()}`;
  // Its own channel too: another run of this suite on the same Redis must not deliver to these clients.
  const channel = `aquatest:realtime:${connectionName}`;
  const redis = (options: { offlineQueue?: boolean } = {}) => {
    const connection = new Redis(redisUrl ?? "", {
      connectionName,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: options.offlineQueue ?? false,
    });
    connections.push(connection);
    return connection;
  };
  afterAll(() => {
    for (const connection of connections) connection.disconnect();
  });

  it("brings a move made through instance A to a customer connected to instance B, also after Redis drops its clients", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    const a = await startTestApp({ database, realtime: { redis: redis(), channel } });
    let b: TestApp | undefined;
    try {
      const customer = await signedInCustomer(a);
      const staff = await signedInStaff(a);
      // B starts once A has sent the verification mail: both instances' outbox senders share the
      // database, and B's would deliver A's mail to B's catcher.
      b = await startTestApp({ database, realtime: { redis: redis(), channel } });
      const agent = await request(a.app)
        .post("/api/lab/agents")
        .auth(staff.token, { type: "bearer" })
        .send({ name: "Ravi", phone: "9000000061" });
      const onB = client(b, customer.token);
      await connected(onB);
      const seen: Sample[] = [];
      const subscribe = () =>
        onB.subscribe(DESTINATIONS.samples, (message: IMessage) =>
          seen.push(JSON.parse(message.body) as Sample),
        );
      subscribe();
      onB.onConnect = subscribe;
      await new Promise((resolve) => setTimeout(resolve, 300));

      const submitAndAssign = async () => {
        const sample = await submitSample(a.app, customer);
        await request(a.app)
          .post(`/api/lab/samples/${sample.id}/assign`)
          .auth(staff.token, { type: "bearer" })
          .send({ agentId: agent.body.id })
          .expect(200);
        return sample;
      };

      const first = await submitAndAssign();
      await until(() => seen.some((s) => s.id === first.id && s.status === "COLLECTING"));

      // An outage of the pub/sub connections: Redis drops them; they reconnect and resubscribe.
      const admin = redis({ offlineQueue: true });
      const list = String(await admin.call("CLIENT", "LIST", "TYPE", "pubsub"));
      const ids = [...list.matchAll(/id=(\d+) [^\n]*name=(\S+)/g)]
        .filter((m) => m[2] === connectionName)
        .map((m) => m[1]);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) await admin.client("KILL", "ID", id ?? "");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const second = await submitAndAssign();
      await until(() => seen.some((s) => s.id === second.id && s.status === "COLLECTING"));
      expect(seen.every((s) => s.consumerId === customer.id)).toBe(true);
      await onB.deactivate();
    } finally {
      await a.close();
      await b?.close();
      await database.close();
    }
  }, 60_000);
});
