import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

import type { Logger } from "pino";
import sockjs from "sockjs";
import { WebSocketServer } from "ws";

import type { StompBroker } from "./broker";

const PREFIX = "/api/ws";
const NATIVE_PATH = `${PREFIX}/websocket`;
/** The STOMP frame limit, and the most any request body under /api/ws may carry. */
export const MAX_FRAME_BYTES = 65_536;

// sockjs names a session in its URL: /api/ws/{server}/{session}/{transport} (its own dispatcher's pattern).
const SESSION_PATH = /^\/api\/ws\/[^/.]+\/([^/.]+)\/[^/.]+\/?$/;
const SEND_PATH = /^\/api\/ws\/[^/.]+\/([^/.]+)\/(?:xhr_send|jsonp_send)\/?$/;

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;
type Listener = (...args: unknown[]) => void;

const pathOf = (url: string | undefined): string => (url ?? "").split(/[?#]/)[0] ?? "";

/** Answers at once and closes the connection, so the rest of the body is never read. */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    // A streaming receiver already answered 200: only dropping the connection stops the body.
    req.destroy();
    return;
  }
  res.writeHead(status, {
    "content-type": "text/plain; charset=UTF-8",
    "content-length": Buffer.byteLength(message),
    connection: "close",
  });
  res.end(message);
}

/**
 * Runs before sockjs sees a request under /api/ws. sockjs buffers a POST body whole (copying it on
 * every chunk) before it looks at the session, so one large anonymous body could stall the process:
 * a send to a session that does not exist is answered 404 unread, a declared length over the limit
 * 413 at once, and a chunked body is counted as it streams and cut off once it passes the limit.
 * `handOver` gives the request to sockjs.
 */
function guardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  liveSessions: ReadonlySet<string>,
  handOver: () => void,
): void {
  const send = SEND_PATH.exec(pathOf(req.url));
  if (req.method === "POST" && send && !liveSessions.has(send[1] ?? "")) {
    refuse(req, res, 404, "Unknown session\n");
    return;
  }
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > MAX_FRAME_BYTES) {
    refuse(req, res, 413, "Payload too large\n");
    return;
  }
  // No body announced (GET, OPTIONS, an empty receive POST): nothing to count.
  if (req.headers["transfer-encoding"] === undefined && (declared === undefined || declared === "0")) {
    handOver();
    return;
  }
  // Our counter sees each chunk before sockjs's buffer does; past the limit, sockjs's listeners are
  // removed so it neither buffers more nor acts on a body it would have refused.
  let received = 0;
  let over = false;
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (over || received <= MAX_FRAME_BYTES) return;
    over = true;
    for (const listener of req.listeners("data")) {
      if (!ownData.has(listener)) req.removeListener("data", listener as Listener);
    }
    for (const listener of req.listeners("end")) {
      if (!ownEnd.has(listener)) req.removeListener("end", listener as Listener);
    }
    refuse(req, res, 413, "Payload too large\n");
  };
  req.on("data", count);
  const ownData = new Set<unknown>(req.listeners("data"));
  const ownEnd = new Set<unknown>(req.listeners("end"));
  handOver();
}

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

  // The sockjs sessions open on this instance, by the id their URLs carry: a send naming any other is refused unread.
  const liveSessions = new Set<string>();
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
    const sessionId = SESSION_PATH.exec(pathOf(conn.pathname || conn.url))?.[1];
    // A websocket session never receives POSTed sends; only the HTTP transports are named.
    const named = sessionId !== undefined && conn.protocol !== "websocket" ? sessionId : undefined;
    if (named !== undefined) liveSessions.add(named);
    const session = broker.attach({ send: (data) => conn.write(data), close: () => conn.close() });
    conn.on("data", (data: string) => {
      if (Buffer.byteLength(data) > MAX_FRAME_BYTES) {
        conn.close("1009", "Message too big");
        session.closed();
        return;
      }
      session.data(data);
    });
    conn.on("close", () => {
      if (named !== undefined) liveSessions.delete(named);
      session.closed();
    });
  });
  sock.installHandlers(server);

  // sockjs installed itself first on 'request'; the body guard goes in front of it for /api/ws.
  const sockjsRequests = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const handOver = () => {
      for (const listener of sockjsRequests) listener.call(server, req, res);
    };
    const path = pathOf(req.url);
    if (path === PREFIX || path.startsWith(`${PREFIX}/`)) guardRequest(req, res, liveSessions, handOver);
    else handOver();
  });

  // sockjs would also take /api/ws/websocket (its raw endpoint); the native STOMP socket goes first.
  const sockjsUpgrades = server.listeners("upgrade") as ((
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) => void)[];
  server.removeAllListeners("upgrade");
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = pathOf(req.url);
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
