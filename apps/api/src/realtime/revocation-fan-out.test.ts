import { createTestDatabase } from "@lab/db/testing";
import { Client } from "@stomp/stompjs";
import { Redis } from "ioredis";
import request from "supertest";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { testEnv } from "../env";
import { signedInCustomer, startTestApp, type TestApp } from "../test/harness";

// A sign-out on one instance ends the customer's sockets on every instance: the "sessions-revoked"
// event travels through Redis pub/sub (the 30 s sweep is only the net for a lost message).
const redisUrl = testEnv.redisUrl;

describe.skipIf(!redisUrl)("revocation through Redis", () => {
  // A channel of its own: another run of this suite on the same Redis must not reach these instances.
  const channel = `aquatest:realtime:revocation-${process.pid}-${Date.now()}`;
  const connections: Redis[] = [];
  afterAll(() => {
    for (const connection of connections) connection.disconnect();
  });
  const redis = () => {
    const connection = new Redis(redisUrl ?? "", { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    connections.push(connection);
    return connection;
  };

  it("signing out everywhere through instance A closes the customer's socket on instance B with 'Session ended'", async () => {
    const database = await createTestDatabase(testEnv.databaseUrl);
    const a = await startTestApp({ database, realtime: { redis: redis(), channel } });
    let b: TestApp | undefined;
    try {
      const customer = await signedInCustomer(a, "Two Instances Farms");
      // B starts after A's verification mail went out: both outbox senders share the database.
      b = await startTestApp({ database, realtime: { redis: redis(), channel } });
      const onB = new Client({
        webSocketFactory: () =>
          new WebSocket(`${(b?.baseUrl ?? "").replace("http", "ws")}/api/ws/websocket`, ["v12.stomp"]),
        connectHeaders: { Authorization: `Bearer ${customer.token}` },
        reconnectDelay: 0,
        heartbeatIncoming: 0,
        heartbeatOutgoing: 0,
      });
      let error: string | undefined;
      const closed = new Promise<void>((resolve) => {
        onB.onWebSocketClose = () => resolve();
      });
      await new Promise<void>((resolve) => {
        onB.onConnect = () => resolve();
        onB.activate();
      });
      onB.onStompError = (frame) => {
        error = frame.headers["message"];
      };
      // The subscriber connection needs a moment to be listening.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await request(a.app)
        .post(`/api/customers/${customer.id}/sign-out-all`)
        .auth(customer.token, { type: "bearer" })
        .expect(200);
      await closed;
      expect(error).toBe("Session ended");
      await onB.deactivate();
    } finally {
      await a.close();
      await b?.close();
      await database.close();
    }
  }, 60_000);
});
