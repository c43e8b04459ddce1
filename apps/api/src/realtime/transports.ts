import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";

import type { Logger } from "pino";
import sockjs from "sockjs";
import { WebSocketServer } from "ws";

import type { StompBroker } from "./broker";

const PREFIX = "/api/ws";
const NATIVE_PATH = `${PREFIX}/websocket`;
const MAX_FRAME_BYTES = 65_536;

/**
 * Serves the broker over SockJS at /api/ws (every SockJS transport) and over a native WebSocket at
 * /api/ws/websocket that negotiates the v12.stomp subprotocol.
 */
export function attachRealtime(server: Server, broker: StompBroker, logger: Logger): { close(): void } {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    handleProtocols: (protocols) => (protocols.has("v12.stomp") ? "v12.stomp" : false),
  });
  wss.on("connection", (socket) => {
    const session = broker.attach({ send: (data) => socket.send(data), close: () => socket.close() });
    socket.on("message", (data: Buffer) => session.data(data));
    socket.on("close", () => session.closed());
    socket.on("error", () => socket.terminate());
  });

  const sock = sockjs.createServer({
    prefix: PREFIX,
    log: (severity, message) => {
      if (severity === "error") logger.warn({ sockjs: message }, "sockjs");
    },
    // Only its iframe transports would load this; the portal's client never uses them.
    sockjs_url: "/sockjs-unavailable.js",
    disconnect_delay: 5000,
  });
  sock.on("connection", (conn) => {
    if (!conn) return;
    const session = broker.attach({ send: (data) => conn.write(data), close: () => conn.close() });
    conn.on("data", (data: string) => {
      if (Buffer.byteLength(data) > MAX_FRAME_BYTES) {
        conn.close("1009", "Message too big");
        session.closed();
        return;
      }
      session.data(data);
    });
    conn.on("close", () => session.closed());
  });
  sock.installHandlers(server);

  // sockjs would also take /api/ws/websocket (its raw endpoint); the native STOMP socket goes first.
  const sockjsUpgrades = server.listeners("upgrade") as ((
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) => void)[];
  server.removeAllListeners("upgrade");
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "").split("?")[0];
    if (path === NATIVE_PATH) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
      return;
    }
    for (const listener of sockjsUpgrades) listener.call(server, req, socket, head);
  });

  return {
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
