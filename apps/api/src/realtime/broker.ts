import { randomUUID } from "node:crypto";

import type { Logger } from "pino";

import { canSeeSample } from "../domain/organisations/access";
import type { SessionStore } from "../infra/sessions";
import { bearerClaims } from "../lib/bearer-token";
import type { TokenClaims, TokenService } from "../lib/tokens";
import { DESTINATIONS, pushFrame, type PushEvent } from "./events";
import {
  type Connection,
  MAX_PENDING_FRAMES,
  MAX_SESSIONS_PER_ACCOUNT,
  MAX_SUBSCRIPTIONS_PER_SESSION,
  MAX_TIMER_MS,
  REVOCATION_SWEEP_MS,
  type Session,
} from "./broker-session";
import { StompDecoder, StompProtocolError, encodeFrame, header, type StompFrame } from "./stomp-codec";

export { MAX_SESSIONS_PER_ACCOUNT, MAX_SUBSCRIPTIONS_PER_SESSION, REVOCATION_SWEEP_MS, type Connection };

export interface BrokerOptions {
  tokens: TokenService;
  sessions: SessionStore;
  logger: Logger;
  /** What the server offers and asks for, in ms (STOMP heart-beat header). */
  heartbeatMs?: number;
  maxFrameBytes?: number;
  /** A client that has not sent CONNECT by then is dropped. */
  connectTimeoutMs?: number;
  maxSubscriptionsPerSession?: number;
  maxSessionsPerAccount?: number;
  /** How often to ask the database which live sessions were revoked. */
  revocationSweepMs?: number;
}

const SERVER = "aquatest-portal/1.0";

/** The STOMP 1.2 broker: sessions, authentication, subscriptions and delivery by destination. */
export class StompBroker {
  private readonly sessions = new Set<Session>();
  private readonly heartbeatMs: number;
  private readonly maxFrameBytes: number;
  private readonly connectTimeoutMs: number;
  private readonly maxSubscriptions: number;
  private readonly maxSessionsPerAccount: number;
  /** Live STOMP sessions by the auth session their token names: revocation closes them. */
  private readonly byAuthSession = new Map<string, Set<Session>>();
  private readonly byAccount = new Map<string, Set<Session>>();
  private readonly sweepTimer: NodeJS.Timeout;
  private sweeping = false;
  /** STOMP frames received and sent (heart-beats not counted), for the metrics. */
  private readonly counters = { framesIn: 0, framesOut: 0 };

  constructor(private readonly options: BrokerOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.maxFrameBytes = options.maxFrameBytes ?? 65_536;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
    this.maxSubscriptions = options.maxSubscriptionsPerSession ?? MAX_SUBSCRIPTIONS_PER_SESSION;
    this.maxSessionsPerAccount = options.maxSessionsPerAccount ?? MAX_SESSIONS_PER_ACCOUNT;
    this.sweepTimer = setInterval(() => void this.sweep(), options.revocationSweepMs ?? REVOCATION_SWEEP_MS);
    this.sweepTimer.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  get framesIn(): number {
    return this.counters.framesIn;
  }

  get framesOut(): number {
    return this.counters.framesOut;
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
  deliver(event: PushEvent): void {
    if (event.kind === "sessions-revoked") {
      this.end(event.sessionIds, "Session ended");
      return;
    }
    const { destination, body } = pushFrame(event);
    for (const session of this.sessions) {
      if (!session.claims) continue;
      if (event.kind === "sample" && !mayReceiveSample(session.claims, event)) continue;
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

  /** Stops the revocation sweep (the instance is going away). */
  stop(): void {
    clearInterval(this.sweepTimer);
  }

  /** Asks the database, in one query, which of this instance's live sessions were revoked, and ends those. */
  async sweep(): Promise<void> {
    if (this.sweeping || this.byAuthSession.size === 0) return;
    this.sweeping = true;
    try {
      const revoked = await this.options.sessions.revokedAmong([...this.byAuthSession.keys()]);
      if (revoked.length === 0) return;
      this.options.sessions.markRevoked(revoked);
      this.end(revoked, "Session ended");
    } catch (error) {
      this.options.logger.warn(
        { err: error instanceof Error ? error.message : error },
        "revoked-session sweep failed",
      );
    } finally {
      this.sweeping = false;
    }
  }

  /** ERROR, then close, for every STOMP session (connected or connecting) of these auth sessions. */
  private end(authSessionIds: readonly string[], message: string): void {
    for (const id of authSessionIds) {
      for (const session of [...(this.byAuthSession.get(id) ?? [])]) this.fail(session, message);
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
      this.counters.framesIn += 1;
      if (session.pending) {
        if (session.pending.length >= MAX_PENDING_FRAMES)
          return this.fail(session, "Too many frames before CONNECTED");
        session.pending.push(frame);
        continue;
      }
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
    if (session.claims || session.pending) return this.fail(session, "Already connected");
    const versions = (header(frame, "accept-version") ?? "1.0").split(",");
    if (!versions.includes("1.2")) return this.fail(session, "Supported protocol versions are 1.2");
    const claims = bearerClaims(
      this.options.tokens,
      header(frame, "Authorization") ?? header(frame, "authorization"),
    );
    if (!claims) return this.fail(session, "Authentication required");
    // The token must also name a live session (not signed out, reset or revoked elsewhere). Indexed now,
    // so a revocation that arrives during the look-up closes this one too.
    session.pending = [];
    session.authSessionId = claims.sessionId;
    this.index(this.byAuthSession, claims.sessionId, session);
    this.options.sessions.isActive(claims).then(
      (active) => this.authenticated(session, frame, claims, active),
      (error: unknown) => {
        this.options.logger.warn(
          { err: error instanceof Error ? error.message : error },
          "stomp session check failed",
        );
        // Not "Authentication required": the client should retry later, not sign the person out.
        this.fail(session, "Service unavailable, try again later");
      },
    );
  }

  private authenticated(session: Session, frame: StompFrame, claims: TokenClaims, active: boolean): void {
    const queued = session.pending ?? [];
    session.pending = undefined;
    if (session.closed) return;
    if (!active) return this.fail(session, "Authentication required");
    if (claims.expiresAt <= Date.now()) return this.fail(session, "Session expired");
    const account = `${claims.role}:${claims.subject}`;
    if ((this.byAccount.get(account)?.size ?? 0) >= this.maxSessionsPerAccount) {
      return this.fail(session, `Too many connections for this account (max ${this.maxSessionsPerAccount})`);
    }
    session.claims = claims;
    session.account = account;
    this.index(this.byAccount, account, session);

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
    // The session ends with its token, as HTTP stops honouring it then.
    this.expireAt(session, claims.expiresAt);

    for (const next of queued) {
      if (session.closed) return;
      this.handle(session, next);
    }
  }

  private expireAt(session: Session, at: number): void {
    const timer = setTimeout(
      () => {
        if (Date.now() < at) this.expireAt(session, at);
        else this.fail(session, "Session expired");
      },
      Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS),
    );
    timer.unref();
    session.timers.push(timer);
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
      destination === DESTINATIONS.resync ||
      destination === DESTINATIONS.samples ||
      (destination === own && claims.role === "customer");
    if (!session.subscriptions.has(id) && session.subscriptions.size >= this.maxSubscriptions) {
      return this.fail(session, `Too many subscriptions on this connection (max ${this.maxSubscriptions})`);
    }
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
    if (data !== "\n") this.counters.framesOut += 1;
    session.connection.send(typeof data === "string" ? data : data.toString("utf8"));
  }

  private drop(session: Session): void {
    if (session.closed) return;
    session.closed = true;
    for (const timer of session.timers) clearTimeout(timer);
    session.pending = undefined;
    this.sessions.delete(session);
    if (session.authSessionId !== undefined) this.unindex(this.byAuthSession, session.authSessionId, session);
    if (session.account !== undefined) this.unindex(this.byAccount, session.account, session);
  }

  private index(map: Map<string, Set<Session>>, key: string, session: Session): void {
    const set = map.get(key);
    if (set) set.add(session);
    else map.set(key, new Set([session]));
  }

  private unindex(map: Map<string, Set<Session>>, key: string, session: Session): void {
    const set = map.get(key);
    if (!set) return;
    set.delete(session);
    if (set.size === 0) map.delete(key);
  }
}

/** Staff see every sample's changes; a member only those of samples their role and scope show them. */
function mayReceiveSample(
  claims: TokenClaims,
  event: { customerId: number; organisationId: number },
): boolean {
  if (claims.role === "lab") return true;
  const member = claims.member;
  if (!member) return false;
  return canSeeSample(
    { id: claims.subject, ...member },
    { organisationId: event.organisationId, customerId: event.customerId },
  );
}
