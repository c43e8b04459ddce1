// What the broker holds for each STOMP session, and the limits it holds them to.
import type { TokenClaims } from "../lib/tokens";
import type { StompDecoder, StompFrame } from "./stomp-codec";

/** A connected client, whatever carries it (SockJS session or native WebSocket). */
export interface Connection {
  send(data: string): void;
  close(): void;
}

/**
 * Subscriptions one STOMP session may hold. The portal's client needs 3; every extra one multiplies
 * the frames a single event fans out to, so a session past this gets an ERROR frame and is closed.
 */
export const MAX_SUBSCRIPTIONS_PER_SESSION = 16;
/**
 * Live STOMP sessions one account (role and subject) may hold on one instance: tabs and devices, not
 * a crowd. The next CONNECT gets an ERROR frame and is closed.
 */
export const MAX_SESSIONS_PER_ACCOUNT = 20;
/**
 * The safety net for a lost "sessions-revoked" message: this often, one query asks the database which
 * of this instance's live sessions were revoked, and their sockets close.
 */
export const REVOCATION_SWEEP_MS = 30_000;
/** Frames a client may send while its CONNECT is being checked; they are handled in order after it. */
export const MAX_PENDING_FRAMES = 32;
/** setTimeout's ceiling (about 24.8 days); a later expiry is re-armed when it fires. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export interface Session {
  id: string;
  connection: Connection;
  decoder: StompDecoder;
  claims?: TokenClaims;
  /** Set while the CONNECT's session is looked up: frames that arrive meanwhile wait here. */
  pending?: StompFrame[];
  /** The auth session (token's sid) this STOMP session belongs to, from its CONNECT on. */
  authSessionId?: string;
  /** role:subject, once connected: the per-account cap counts these. */
  account?: string;
  subscriptions: Map<string, string>;
  messageCount: number;
  lastReceived: number;
  lastSent: number;
  timers: NodeJS.Timeout[];
  closed: boolean;
}
