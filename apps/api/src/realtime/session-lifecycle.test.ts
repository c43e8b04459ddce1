import { once } from "node:events";

import { Client } from "@stomp/stompjs";
import SockJS from "sockjs-client";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { createSessionStore } from "../infra/sessions";
import { createTokenService } from "../lib/tokens";
import { TEST_JWT_SECRET, signedInCustomer, startTestApp, type TestApp } from "../test/harness";
import { until } from "../test/samples";
import { MAX_SESSIONS_PER_ACCOUNT, MAX_SUBSCRIPTIONS_PER_SESSION } from "./broker";
import { DESTINATIONS } from "./events";

// Regression: a STOMP session outlived its token (frames 6 s after expiry, while HTTP answered 401).
// Through the real app: the session ends when its token is revoked or expires, with an ERROR first.

type Transport = "native" | "xhr-streaming";

let t: TestApp;
const clients: Client[] = [];
beforeAll(async () => {
  t = await startTestApp({ realtime: {} });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.deactivate()));
  await t.close();
});

function stomp(transport: Transport, token: string): Client {
  const client = new Client({
    webSocketFactory: () =>
      transport === "native"
        ? new WebSocket(`${t.baseUrl.replace("http", "ws")}/api/ws/websocket`, ["v12.stomp"])
        : new SockJS(`${t.baseUrl}/api/ws`, null, { transports: [transport] }),
    connectHeaders: { Authorization: `Bearer ${token}` },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  clients.push(client);
  return client;
}

/** Connects; then answers the message of the ERROR that ends the session and waits for the close. */
async function connected(client: Client): Promise<{ ended: Promise<string> }> {
  let error: string | undefined;
  const closed = new Promise<void>((resolve) => {
    client.onWebSocketClose = () => resolve();
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => {
      error = frame.headers["message"];
      reject(new Error(error));
    };
    client.activate();
  });
  client.onStompError = (frame) => {
    error = frame.headers["message"];
  };
  return { ended: closed.then(() => error ?? "(closed without an ERROR)") };
}

/** A raw native socket, for what the library would hide. */
async function raw() {
  const socket = new WebSocket(`${t.baseUrl.replace("http", "ws")}/api/ws/websocket`, ["v12.stomp"]);
  const frames: string[] = [];
  socket.on("message", (data: Buffer) => frames.push(data.toString("utf8")));
  const closed = once(socket, "close");
  await once(socket, "open");
  const errorMessage = () => frames.find((f) => f.startsWith("ERROR"))?.match(/\nmessage:([^\n]*)/)?.[1];
  return { socket, frames, closed, errorMessage };
}

const signOutEverywhere = (customer: { id: number; token: string }) =>
  request(t.app)
    .post(`/api/customers/${customer.id}/sign-out-all`)
    .auth(customer.token, { type: "bearer" })
    .expect(200);

describe("a STOMP session ends with its token", () => {
  it("a token whose session was revoked cannot CONNECT", async () => {
    const customer = await signedInCustomer(t, "Revoked Farms");
    await signOutEverywhere(customer);
    await expect(connected(stomp("native", customer.token))).rejects.toThrow("Authentication required");
    await expect(connected(stomp("xhr-streaming", customer.token))).rejects.toThrow(
      "Authentication required",
    );

    // Revoked in the database only (no event, the token never seen by this process): still refused.
    const again = await signedInCustomer(t, "Quiet Revocation Farms");
    const store = createSessionStore(t.database.db, createTokenService(TEST_JWT_SECRET));
    await store.revokeAll(t.database.db, "customer", again.id, new Date());
    await expect(connected(stomp("native", again.token))).rejects.toThrow("Authentication required");
  });

  it.each<Transport>(["native", "xhr-streaming"])(
    "over %s, signing out everywhere sends ERROR 'Session ended' and closes the socket",
    async (transport) => {
      const customer = await signedInCustomer(t, `Signed Out Farms ${transport}`);
      const other = await signedInCustomer(t, `Bystander Farms ${transport}`);
      const { ended } = await connected(stomp(transport, customer.token));
      const bystander = stomp(transport, other.token);
      await connected(bystander);
      await signOutEverywhere(customer);
      expect(await ended).toBe("Session ended");
      // Another account's session is untouched.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(bystander.connected).toBe(true);
      await bystander.deactivate();
    },
  );

  it("a token that expires while connected gets ERROR 'Session expired', then close", async () => {
    const customer = await signedInCustomer(t, "Short Token Farms");
    // The broker verifies with the harness's service: the same secret, so a 2 s token passes.
    const shortLived = createSessionStore(t.database.db, createTokenService(TEST_JWT_SECRET, 2));
    const { token } = await shortLived.start(t.database.db, "customer", customer.id, new Date());
    const started = Date.now();
    const { ended } = await connected(stomp("native", token));
    expect(await ended).toBe("Session expired");
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it("the sweep's query names the revoked among the given sessions, and nothing else", async () => {
    const customer = await signedInCustomer(t, "Sweep Farms");
    const store = createSessionStore(t.database.db, createTokenService(TEST_JWT_SECRET));
    const db = t.database.db;
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(() => store.start(db, "customer", customer.id, new Date())),
    );
    await store.revoke(
      db,
      { subject: customer.id, role: "customer", sessionId: b?.sessionId ?? "", expiresAt: 0 },
      new Date(),
    );
    const ids = [a?.sessionId ?? "", b?.sessionId ?? "", c?.sessionId ?? "", "no-such-session-000"];
    expect(await store.revokedAmong(ids)).toEqual([b?.sessionId]);
    expect(await store.revokedAmong([])).toEqual([]);
  });
});

describe("caps", () => {
  it(`over ${MAX_SUBSCRIPTIONS_PER_SESSION} subscriptions on one session: an ERROR that says so, then close`, async () => {
    const customer = await signedInCustomer(t, "Many Subscriptions Farms");
    const { socket, frames, closed, errorMessage } = await raw();
    socket.send(`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${customer.token}\n\n\u0000`);
    await until(() => frames.some((f) => f.startsWith("CONNECTED")));
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_SESSION; i += 1) {
      socket.send(`SUBSCRIBE\nid:${i}\ndestination:${DESTINATIONS.samples}\n\n\u0000`);
    }
    await closed;
    expect(errorMessage()).toBe(
      `Too many subscriptions on this connection (max ${MAX_SUBSCRIPTIONS_PER_SESSION})`,
    );
  });

  it(`over ${MAX_SESSIONS_PER_ACCOUNT} live sessions for one account: an ERROR that says so, then close`, async () => {
    const customer = await signedInCustomer(t, "Many Tabs Farms");
    const open = await Promise.all(
      Array.from({ length: MAX_SESSIONS_PER_ACCOUNT }, async () => {
        const connection = await raw();
        connection.socket.send(
          `CONNECT\naccept-version:1.2\nAuthorization:Bearer ${customer.token}\n\n\u0000`,
        );
        await until(() => connection.frames.some((f) => f.startsWith("CONNECTED")));
        return connection;
      }),
    );
    const extra = await raw();
    extra.socket.send(`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${customer.token}\n\n\u0000`);
    await extra.closed;
    expect(extra.errorMessage()).toBe(
      `Too many connections for this account (max ${MAX_SESSIONS_PER_ACCOUNT})`,
    );
    for (const connection of open) connection.socket.close();
    await Promise.all(open.map((connection) => connection.closed));
  });
});
