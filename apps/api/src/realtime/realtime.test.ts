import { once } from "node:events";

import type { Notification, Sample } from "@lab/contracts";
import { Client, type IMessage } from "@stomp/stompjs";
import SockJS from "sockjs-client";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

import { signedInCustomer, startTestApp, type TestApp } from "../test/harness";
import { submitSample, until } from "../test/samples";
import { signedInStaff } from "../test/lab";
import { DESTINATIONS } from "./events";

type Transport = "native" | "websocket" | "xhr-streaming" | "xhr-polling";

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInCustomer>>;
let bob: Awaited<ReturnType<typeof signedInCustomer>>;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
let agentId: number;
const clients: Client[] = [];

beforeAll(async () => {
  t = await startTestApp({ realtime: { heartbeatMs: 300 } });
  alice = await signedInCustomer(t, "Alice Farms");
  bob = await signedInCustomer(t, "Bob Farms");
  staff = await signedInStaff(t);
  agentId = (
    await request(t.app)
      .post("/api/lab/agents")
      .auth(staff.token, { type: "bearer" })
      .send({ name: "Suresh", phone: "9000000051" })
  ).body.id;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.deactivate()));
  await t.close();
});

function stomp(transport: Transport, token: string | undefined): Client {
  const base = t.baseUrl;
  const client = new Client({
    webSocketFactory: () =>
      transport === "native"
        ? new WebSocket(`${base.replace("http", "ws")}/api/ws/websocket`, ["v12.stomp"])
        : new SockJS(`${base}/api/ws`, null, { transports: [transport] }),
    connectHeaders: token ? { Authorization: `Bearer ${token}` } : {},
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  clients.push(client);
  return client;
}

function connect(client: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => reject(new Error(frame.headers["message"]));
    client.onWebSocketClose = () => reject(new Error("closed"));
    client.activate();
  });
}

/** Collects the bodies arriving on a destination. */
function collect<T>(client: Client, destination: string): T[] {
  const bodies: T[] = [];
  client.subscribe(destination, (message: IMessage) => bodies.push(JSON.parse(message.body) as T));
  return bodies;
}

const submit = (who: typeof alice) => submitSample(t.app, who);

describe("STOMP over /api/ws", () => {
  it("refuses a CONNECT without a valid bearer token with an ERROR frame", async () => {
    await expect(connect(stomp("native", undefined))).rejects.toThrow("Authentication required");
    await expect(connect(stomp("xhr-streaming", "not-a-token"))).rejects.toThrow("Authentication required");
  });

  it("refuses a subscription to another user's notifications with an ERROR frame, then closes", async () => {
    const client = stomp("native", alice.token);
    await connect(client);
    const error = new Promise<string>((resolve) => {
      client.onStompError = (frame) => resolve(frame.headers["message"] ?? "");
    });
    client.subscribe(DESTINATIONS.notifications(bob.id), () => undefined);
    expect(await error).toBe("You may subscribe only to your own notifications");
  });

  it.each<Transport>(["native", "websocket", "xhr-streaming", "xhr-polling"])(
    "over %s delivers the customer's own sample and notifications, never another customer's",
    async (transport) => {
      const aliceClient = stomp(transport, alice.token);
      const bobClient = stomp(transport, bob.token);
      await Promise.all([connect(aliceClient), connect(bobClient)]);
      const aliceSamples = collect<Sample>(aliceClient, DESTINATIONS.samples);
      const aliceNotes = collect<Notification>(aliceClient, DESTINATIONS.notifications(alice.id));
      const bobSamples = collect<Sample>(bobClient, DESTINATIONS.samples);
      // A receipt proves the subscriptions are in place before anything is published.
      await new Promise<void>((resolve) => {
        const receipt = `sync-${transport}`;
        aliceClient.watchForReceipt(receipt, () => resolve());
        aliceClient.subscribe("/topic/system/shutdown", () => undefined, { receipt });
      });
      await new Promise((resolve) => setTimeout(resolve, 100));

      const sample = await submit(alice);
      await request(t.app)
        .post(`/api/lab/samples/${sample.id}/assign`)
        .auth(staff.token, { type: "bearer" })
        .send({ agentId })
        .expect(200);
      await until(() => aliceSamples.some((s) => s.id === sample.id && s.status === "COLLECTING"));
      await until(() => aliceNotes.some((n) => n.sampleId === sample.id && n.type === "sample_assigned"));
      expect(aliceNotes.find((n) => n.type === "sample_assigned")?.data).toMatchObject({
        stage: "agent-assigned",
        agent: "Suresh",
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(bobSamples.some((s) => s.id === sample.id)).toBe(false);
      await Promise.all([aliceClient.deactivate(), bobClient.deactivate()]);
    },
  );
});

describe("raw STOMP frames on the native socket", () => {
  async function raw(protocols = ["v12.stomp"]) {
    const socket = new WebSocket(`${t.baseUrl.replace("http", "ws")}/api/ws/websocket`, protocols);
    const frames: string[] = [];
    socket.on("message", (data: Buffer) => frames.push(data.toString("utf8")));
    const closed = once(socket, "close");
    await once(socket, "open");
    return { socket, frames, closed };
  }

  it("negotiates v12.stomp and heart-beats, answers a DISCONNECT receipt, and drops a silent client", async () => {
    const { socket, frames, closed } = await raw();
    expect(socket.protocol).toBe("v12.stomp");
    socket.send(
      `CONNECT\naccept-version:1.2\nhost:lab\nAuthorization:Bearer ${alice.token}\nheart-beat:300,300\n\n\u0000`,
    );
    await until(() => frames.some((f) => f.startsWith("CONNECTED")));
    expect(frames[0]).toContain("heart-beat:300,300");
    expect(frames[0]).toContain("version:1.2");
    // The server's heart-beats arrive as bare EOLs.
    await until(() => frames.includes("\n"), 2000);

    const { socket: polite, frames: politeFrames, closed: politeClosed } = await raw();
    polite.send(`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${alice.token}\n\n\u0000`);
    await until(() => politeFrames.some((f) => f.startsWith("CONNECTED")));
    polite.send("DISCONNECT\nreceipt:bye-1\n\n\u0000");
    await until(() => politeFrames.some((f) => f.startsWith("RECEIPT") && f.includes("receipt-id:bye-1")));
    await politeClosed;

    // The first client never sends a heart-beat: it is dropped after twice the interval.
    await closed;
  });

  it("refuses frames over 64 KB and a client that speaks before CONNECT", async () => {
    const { socket, frames, closed } = await raw();
    socket.send("SUBSCRIBE\nid:1\ndestination:/topic/system/shutdown\n\n\u0000");
    await until(() => frames.some((f) => f.startsWith("ERROR") && f.includes("CONNECT expected")));
    await closed;
    const big = await raw();
    big.socket.send(`SEND\ndestination:/x\n\n${"x".repeat(70_000)}\u0000`);
    const [code] = (await big.closed) as [number];
    expect(code).toBe(1009);
  });
});
