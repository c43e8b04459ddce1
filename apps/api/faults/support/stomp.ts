// A screen as the web app keeps it: live pushes applied as they come, and a full re-fetch over HTTP on
// connect and whenever the server asks for a re-sync.
import { Client, type IMessage } from "@stomp/stompjs";
import WebSocket from "ws";

import { call } from "./http";

export interface Screen {
  client: Client;
  /** Sample id → status, as the screen shows it. */
  samples: Map<number, string>;
  notifications: Set<number>;
  /** Arrival times of /topic/system/resync frames, with their reason. */
  resyncs: { at: number; reason: string }[];
  pushes: number;
  connects: number;
  /** When the last re-fetch (of both lists) completed. */
  lastRefetchAt: number;
  close(): Promise<void>;
}

export async function openScreen(base: string, customer: { id: number; token: string }): Promise<Screen> {
  const api = (path: string) => call(base, "GET", path, { token: customer.token });
  let refetching: Promise<void> = Promise.resolve();
  const refetch = () => {
    // One at a time, in order, as a client's query cache would.
    refetching = refetching.then(async () => {
      const [list, notes] = await Promise.all([api("/sample-submissions?size=100"), api("/notifications")]);
      if (list.status !== 200 || notes.status !== 200) return;
      screen.samples = new Map(
        (list.body as { items: { id: number; status: string }[] }).items.map((s) => [s.id, s.status]),
      );
      screen.notifications = new Set((notes.body as { id: number }[]).map((n) => n.id));
      screen.lastRefetchAt = Date.now();
    });
    return refetching;
  };
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${base.replace(/^http/, "ws")}/api/ws/websocket`, ["v12.stomp"]),
    connectHeaders: { Authorization: `Bearer ${customer.token}` },
    reconnectDelay: 500,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  const screen: Screen = {
    client,
    samples: new Map(),
    notifications: new Set(),
    resyncs: [],
    pushes: 0,
    connects: 0,
    lastRefetchAt: 0,
    close: () => client.deactivate(),
  };
  const connected = new Promise<void>((resolve) => {
    client.onConnect = () => {
      screen.connects += 1;
      client.subscribe("/topic/sample-submissions/updates", (message: IMessage) => {
        const sample = JSON.parse(message.body) as { id: number; status: string };
        screen.pushes += 1;
        screen.samples.set(sample.id, sample.status);
      });
      client.subscribe(`/user/${customer.id}/notifications`, (message: IMessage) => {
        screen.pushes += 1;
        screen.notifications.add((JSON.parse(message.body) as { id: number }).id);
      });
      client.subscribe("/topic/system/resync", (message: IMessage) => {
        screen.resyncs.push({
          at: Date.now(),
          reason: (JSON.parse(message.body) as { reason: string }).reason,
        });
        void refetch();
      });
      void refetch().then(resolve);
    };
  });
  client.activate();
  await connected;
  return screen;
}
