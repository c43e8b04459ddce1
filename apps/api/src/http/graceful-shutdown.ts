import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export interface GracefulShutdown {
  /**
   * Stops taking work: refuses new connections, closes idle keep-alive sockets at once and each busy
   * one as soon as its response ends (`Connection: close`), resolves when the last socket is gone, and
   * destroys whatever is left after `timeoutMs`.
   */
  close(): Promise<void>;
}

/** Watches a server's responses from now on, so `close()` can drain it promptly. */
export function gracefulShutdown(server: Server, options: { timeoutMs?: number } = {}): GracefulShutdown {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const inFlight = new Set<ServerResponse>();
  // Every socket, upgraded (WebSocket) ones too, which closeAllConnections() does not reach.
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  let closing: Promise<void> | undefined;

  // Tell the client this connection ends with this response, so it does not send another on it.
  const markLast = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };

  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) markLast(res);
    inFlight.add(res);
    res.on("close", () => {
      inFlight.delete(res);
      // A response whose headers went out before shutdown kept its socket alive: close it now it is idle.
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
  });

  return {
    close() {
      closing ??= new Promise<void>((resolve) => {
        const forced = setTimeout(() => {
          server.closeAllConnections();
          for (const socket of sockets) socket.destroy();
        }, timeoutMs);
        forced.unref();
        server.close(() => {
          clearTimeout(forced);
          resolve();
        });
        for (const res of inFlight) markLast(res);
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
