import { randomUUID } from "node:crypto";

import type { Logger } from "pino";

import type { SessionStore } from "../domain/sessions";
import { bearerToken } from "../http/authenticate";
import type { TokenClaims, TokenService } from "../lib/tokens";
import { DESTINATIONS, type RealtimeEvent } from "./events";
import { StompDecoder, StompProtocolError, encodeFrame, header, type StompFrame } from "./stomp-codec";

/** A connected client, whatever carries it (SockJS session or native WebSocket). */
export interface Connection {
  send(data: string): void;
  close(): void;
}

export interface BrokerOptions {
  tokens: TokenService;
  sessions: SessionStore;
  logger: Logger;
  /** What the server offers and asks for, in ms (STOMP heart-beat header). */
  heartbeatMs?: number;
  maxFrameBytes?: number;
  /** A client that has not sent CONNECT by then is dropped. */
  connectTimeoutMs?: number;
}

interface Session {
  id: string;
  connection: Connection;
  decoder: StompDecoder;
  claims?: TokenClaims;
  subscriptions: Map<string, string>;
  messageCount: number;
  lastReceived: number;
  lastSent: number;
  timers: NodeJS.Timeout[];
  closed: boolean;
}

const SERVER = "aquatest-portal/1.0";

/** The STOMP 1.2 broker: sessions, authentication, subscriptions and delivery by destination. */
export class StompBroker {
  private readonly sessions = new Set<Session>();
  private readonly heartbeatMs: number;
  private readonly maxFrameBytes: number;
  private readonly connectTimeoutMs: number;

  constructor(private readonly options: BrokerOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.maxFrameBytes = options.maxFrameBytes ?? 65_536;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Starts a session on a new connection; the transport feeds it data and tells it about the close. */
  attach(connection: Connection): { data(chunk: string | Buffer): void; closed(): void } {
    const session: Session = {
      id: randomUUID(),
      connection,
      decoder: new StompDecoder({ maxFrameBytes: this.maxFrameBytes, maxHeaders: 64 }),
      subscriptions: new Map(),
      messageCount: 0,
      lastReceived: Date.now(),
      lastSent: Date.now(),
      timers: [],
      closed: false,
    };
    this.sessions.add(session);
    const connectTimer = setTimeout(() => {
      if (!session.claims) this.fail(session, "CONNECT expected");
    }, this.connectTimeoutMs);
    connectTimer.unref();
    session.timers.push(connectTimer);
    return {
      data: (chunk) => this.receive(session, chunk),
      closed: () => this.drop(session),
    };
  }

  /** Delivers an event to this instance's sessions entitled to it. */
  deliver(event: RealtimeEvent): void {
    if (event.kind === "sessions-revoked") return; // TODO(realtime): close the revoked sessions' sockets
    const destination =
      event.kind === "shutdown"
        ? DESTINATIONS.shutdown
        : event.kind === "sample"
          ? DESTINATIONS.samples
          : DESTINATIONS.notifications(event.customerId);
    const body = JSON.stringify(
      event.kind === "shutdown"
        ? { reconnectAfterMs: 1000 }
        : event.kind === "sample"
          ? event.sample
          : event.notification,
    );
    for (const session of this.sessions) {
      if (!session.claims) continue;
      if (
        event.kind === "sample" &&
        !(session.claims.role === "lab" || session.claims.subject === event.customerId)
      )
        continue;
      for (const [subscriptionId, subscribed] of session.subscriptions) {
        if (subscribed !== destination) continue;
        session.messageCount += 1;
        this.send(
          session,
          encodeFrame(
            "MESSAGE",
            {
              destination,
              "message-id": `${session.id}-${session.messageCount}`,
              subscription: subscriptionId,
              "content-type": "application/json",
            },
            body,
          ),
        );
      }
    }
  }

  /** Closes every session (after a shutdown notice has gone out). */
  closeAll(): void {
    for (const session of [...this.sessions]) {
      session.connection.close();
      this.drop(session);
    }
  }

  private receive(session: Session, chunk: string | Buffer): void {
    if (session.closed) return;
    session.lastReceived = Date.now();
    let frames;
    try {
      frames = session.decoder.push(chunk);
    } catch (error) {
      this.fail(session, error instanceof StompProtocolError ? error.message : "Malformed frame");
      return;
    }
    for (const frame of frames) {
      if (frame === "heartbeat" || session.closed) continue;
      this.handle(session, frame);
    }
  }

  private handle(session: Session, frame: StompFrame): void {
    if (!session.claims && frame.command !== "CONNECT" && frame.command !== "STOMP") {
      this.fail(session, "CONNECT expected");
      return;
    }
    switch (frame.command) {
      case "CONNECT":
      case "STOMP":
        this.connect(session, frame);
        return;
      case "SUBSCRIBE":
        this.subscribe(session, frame);
        return;
      case "UNSUBSCRIBE": {
        const id = header(frame, "id");
        if (!id) return this.fail(session, "UNSUBSCRIBE needs an id");
        session.subscriptions.delete(id);
        this.receipt(session, frame);
        return;
      }
      case "DISCONNECT":
        this.receipt(session, frame);
        session.connection.close();
        this.drop(session);
        return;
      case "ACK":
      case "NACK":
        // Every subscription is ack:auto; acknowledgements change nothing.
        this.receipt(session, frame);
        return;
      default:
        this.fail(session, `${frame.command} is not supported by this server`);
    }
  }

  private connect(session: Session, frame: StompFrame): void {
    if (session.claims) return this.fail(session, "Already connected");
    const versions = (header(frame, "accept-version") ?? "1.0").split(",");
    if (!versions.includes("1.2")) return this.fail(session, "Supported protocol versions are 1.2");
    const token = bearerToken(header(frame, "Authorization") ?? header(frame, "authorization"));
    const claims = token ? this.options.tokens.verify(token) : undefined;
    if (!claims) return this.fail(session, "Authentication required");
    session.claims = claims;

    // Heart-beats: each side sends at the slower of what one offers and the other wants.
    const [cx = 0, cy = 0] = (header(frame, "heart-beat") ?? "0,0").split(",").map((n) => Number(n) || 0);
    const outgoing = cy > 0 ? Math.max(this.heartbeatMs, cy) : 0;
    const incoming = cx > 0 ? Math.max(this.heartbeatMs, cx) : 0;
    this.send(
      session,
      encodeFrame("CONNECTED", {
        version: "1.2",
        "heart-beat": `${this.heartbeatMs},${this.heartbeatMs}`,
        session: session.id,
        server: SERVER,
        "user-name": String(claims.subject),
      }),
    );
    if (outgoing > 0) {
      const timer = setInterval(() => {
        if (Date.now() - session.lastSent >= outgoing - 50) this.send(session, "\n");
      }, outgoing);
      timer.unref();
      session.timers.push(timer);
    }
    if (incoming > 0) {
      // A client silent for twice its promised interval is gone.
      const timer = setInterval(() => {
        if (Date.now() - session.lastReceived > incoming * 2) {
          this.options.logger.debug({ session: session.id }, "stomp client missed its heart-beats");
          session.connection.close();
          this.drop(session);
        }
      }, incoming);
      timer.unref();
      session.timers.push(timer);
    }
  }

  private subscribe(session: Session, frame: StompFrame): void {
    const id = header(frame, "id");
    const destination = header(frame, "destination");
    if (!id || !destination) return this.fail(session, "SUBSCRIBE needs an id and a destination");
    const claims = session.claims;
    if (!claims) return this.fail(session, "CONNECT expected");
    const own = DESTINATIONS.notifications(claims.subject);
    const allowed =
      destination === DESTINATIONS.shutdown ||
      destination === DESTINATIONS.samples ||
      (destination === own && claims.role === "customer");
    if (!allowed) {
      return this.fail(
        session,
        destination.startsWith("/user/")
          ? "You may subscribe only to your own notifications"
          : `Unknown destination ${destination}`,
      );
    }
    session.subscriptions.set(id, destination);
    this.receipt(session, frame);
  }

  private receipt(session: Session, frame: StompFrame): void {
    const id = header(frame, "receipt");
    if (id) this.send(session, encodeFrame("RECEIPT", { "receipt-id": id }));
  }

  /** ERROR, then close (STOMP 1.2: the server closes after an ERROR frame). */
  private fail(session: Session, message: string): void {
    if (session.closed) return;
    this.send(session, encodeFrame("ERROR", { message, "content-type": "text/plain" }, message));
    session.connection.close();
    this.drop(session);
  }

  private send(session: Session, data: Buffer | string): void {
    if (session.closed) return;
    session.lastSent = Date.now();
    session.connection.send(typeof data === "string" ? data : data.toString("utf8"));
  }

  private drop(session: Session): void {
    if (session.closed) return;
    session.closed = true;
    for (const timer of session.timers) clearTimeout(timer);
    this.sessions.delete(session);
  }
}
