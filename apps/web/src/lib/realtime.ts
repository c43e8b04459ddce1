// The real-time client (docs/product-rules.md, Real-time): STOMP 1.2 over SockJS at /api/ws.
// Loaded only by the signed-in shell (dynamic import), so none of it reaches the /login bundle.
// The socket only says "look now": after every (re)connect, and when the server says its own fan-out
// was lost or regained (/topic/system/resync), the caller re-fetches from the REST API.
import { Client, type IFrame, type IMessage } from "@stomp/stompjs";
import SockJS from "sockjs-client";

import { STOMP_DESTINATIONS } from "@lab/contracts";

import { API_BASE } from "./api-client";
import { getSession, getToken, refreshSession } from "./auth";
import { isOffline, whenOnline } from "./network";

/** Real-time connection states. */
export type RealtimeState = "connecting" | "connected" | "disconnected" | "reconnecting";

// The product's reconnect policy and timings (docs/product-rules.md, Real-time).
export const MAX_RECONNECT_ATTEMPTS = 10;
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_CAP_MS = 30_000;
export const RECONNECT_JITTER_MS = 1000;
export const MONITOR_INTERVAL_MS = 5000;
export const HEARTBEAT_MS = 10_000;
/** Fallback when the shutdown notice carries no delay. */
export const SHUTDOWN_RECONNECT_MS = 1000;
/**
 * When the server ends the session and the app still holds the same token, look once more after this
 * long before signing out: the answer that carries a newer token may still be on its way.
 */
export const SESSION_RECHECK_MS = 1000;

/** How the server says a session ended because of its token (expired, revoked, or refused). */
const SESSION_ENDED = /expired|ended|authentication required/i;

/** Why the server ended the session, as the app's logout reasons name it. */
export type SessionEndReason = "expired" | "unauthorized";

/** Delay before reconnect attempt `attempt` (1-based): 1, 2, 4, 8, 16, 30, 30… s, plus jitter < 1 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1);
  return Math.min(exponential, RECONNECT_CAP_MS) + Math.floor(random() * RECONNECT_JITTER_MS);
}

/** The part of @stomp/stompjs's Client the connection uses (a seam for tests). */
export interface StompLike {
  readonly connected: boolean;
  activate(): void;
  deactivate(): Promise<void> | void;
  subscribe(destination: string, callback: (message: IMessage) => void): unknown;
}

export interface StompCallbacks {
  onConnect: () => void;
  onClose: () => void;
  onStompError: (frame: IFrame) => void;
}

export type StompFactory = (token: string, callbacks: StompCallbacks) => StompLike;

/** A STOMP client over SockJS with the bearer token on CONNECT; reconnects are ours, not the library's. */
export const createStompClient: StompFactory = (token, callbacks) =>
  new Client({
    webSocketFactory: () => new SockJS(`${API_BASE}/ws`),
    connectHeaders: { Authorization: `Bearer ${token}` },
    heartbeatIncoming: HEARTBEAT_MS,
    heartbeatOutgoing: HEARTBEAT_MS,
    reconnectDelay: 0,
    onConnect: () => callbacks.onConnect(),
    onWebSocketClose: () => callbacks.onClose(),
    onStompError: (frame) => callbacks.onStompError(frame),
  });

export interface RealtimeHandlers {
  onState?: (state: RealtimeState) => void;
  /** After every successful (re)connect: re-fetch what may have been missed. */
  onConnected?: () => void;
  /** The server's re-sync notice: the connection stayed up but pushes may have been lost; re-fetch. */
  onResync?: () => void;
  onSample?: (sample: unknown) => void;
  onNotification?: (notification: unknown) => void;
  /** The server announced a shutdown: 'Server Maintenance: …'. */
  onShutdown?: () => void;
  /** The tenth reconnect failed: 'Connection Lost: …'. */
  onConnectionLost?: () => void;
}

export interface RealtimeOptions extends RealtimeHandlers {
  token: string;
  userId: number;
  createClient?: StompFactory;
  random?: () => number;
  /** The app's current token, or null when it has none that is still valid (auth.ts by default). */
  currentToken?: () => string | null;
  /** The server ended the session and no newer token exists: sign out (auth.ts's logout by default). */
  onSessionEnded?: (reason: SessionEndReason) => void;
}

/** getToken() answers null for an expired token (a refresh is then due). */
const appToken = (): string | null => getToken()?.token ?? null;

/**
 * The app's session-end path: the refresh cookie may still hold the session, and its new token makes
 * the app open a new connection; a refused refresh signs out (storage cleared, /login, a toast).
 */
const signOut = (reason: SessionEndReason): void => {
  if (getSession() !== null) void refreshSession(reason);
};

export interface RealtimeConnection {
  start(): void;
  stop(): void;
  readonly state: RealtimeState;
  readonly attempts: number;
}

function parseBody(message: IMessage): unknown {
  try {
    return JSON.parse(message.body) as unknown;
  } catch {
    return null;
  }
}

function shutdownDelay(body: unknown): number {
  if (typeof body === "object" && body !== null) {
    const value = (body as Record<string, unknown>).reconnectAfterMs;
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  }
  return SHUTDOWN_RECONNECT_MS;
}

export function createRealtimeConnection(options: RealtimeOptions): RealtimeConnection {
  const {
    userId,
    createClient = createStompClient,
    random = Math.random,
    currentToken = appToken,
    onSessionEnded = signOut,
  } = options;
  let token = options.token;
  let state: RealtimeState = "disconnected";
  let client: StompLike | null = null;
  let attempts = 0;
  let stopped = true;
  let gaveUp = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let monitor: ReturnType<typeof setInterval> | undefined;
  /** Set while offline: the cancel of the wait for `online`. */
  let offlineWait: (() => void) | undefined;

  const setState = (next: RealtimeState) => {
    if (next === state) return;
    state = next;
    options.onState?.(next);
  };

  const clearReconnect = () => {
    if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    offlineWait?.();
    offlineWait = undefined;
  };

  /**
   * Offline, no attempt is made (each would fail at once, and SockJS tries several transports) nor
   * counted: the connection waits for the browser's `online`, then connects at once.
   */
  const waitForOnline = () => {
    clearReconnect();
    setState("reconnecting");
    offlineWait = whenOnline(() => {
      offlineWait = undefined;
      connect();
    });
  };

  const drop = (current: StompLike | null) => {
    if (!current) return;
    if (client === current) client = null;
    void Promise.resolve(current.deactivate()).catch(() => undefined);
  };

  const scheduleReconnect = (delay: number) => {
    clearReconnect();
    setState("reconnecting");
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect();
    }, delay);
  };

  /** A connection attempt failed or a live connection dropped. */
  const handleFailure = () => {
    if (stopped || gaveUp) return;
    if (isOffline()) {
      waitForOnline();
      return;
    }
    if (attempts >= MAX_RECONNECT_ATTEMPTS) {
      gaveUp = true;
      clearReconnect();
      setState("disconnected");
      options.onConnectionLost?.();
      return;
    }
    attempts += 1;
    scheduleReconnect(reconnectDelay(attempts, random));
  };

  const connect = () => {
    if (stopped) return;
    if (isOffline()) {
      drop(client);
      waitForOnline();
      return;
    }
    drop(client);
    if (state !== "reconnecting") setState("connecting");
    let settled = false;
    const current = createClient(token, {
      onConnect: () => {
        if (client !== current) return;
        attempts = 0;
        setState("connected");
        current.subscribe(STOMP_DESTINATIONS.shutdown, (message) => {
          if (client !== current) return;
          options.onShutdown?.();
          settled = true;
          drop(current);
          attempts = 0;
          scheduleReconnect(shutdownDelay(parseBody(message)));
        });
        current.subscribe(STOMP_DESTINATIONS.resync, () => {
          if (client === current) options.onResync?.();
        });
        current.subscribe(STOMP_DESTINATIONS.samples, (message) => {
          const body = parseBody(message);
          if (body !== null) options.onSample?.(body);
        });
        current.subscribe(STOMP_DESTINATIONS.notifications(userId), (message) => {
          const body = parseBody(message);
          if (body !== null) options.onNotification?.(body);
        });
        options.onConnected?.();
      },
      onClose: () => {
        if (client !== current || settled) return;
        settled = true;
        client = null;
        handleFailure();
      },
      onStompError: (frame) => {
        // The server closes after ERROR; count it once, then drop the socket.
        if (client !== current || settled) return;
        settled = true;
        drop(current);
        const message = frame.headers["message"] ?? "";
        if (SESSION_ENDED.test(message)) handleSessionEnded(message);
        else handleFailure();
      },
    });
    client = current;
    current.activate();
  };

  const end = (reason: SessionEndReason) => {
    stop();
    onSessionEnded(reason);
  };

  /**
   * The server ended the session because of its token. A newer token (the person signed in again, or
   * an answer replaced it) gets a fresh connection at once; the same token is never offered again.
   */
  const handleSessionEnded = (message: string, recheck = true) => {
    if (stopped) return;
    const reason: SessionEndReason = /expired/i.test(message) ? "expired" : "unauthorized";
    const next = currentToken();
    if (next !== null && next !== token) {
      token = next;
      attempts = 0;
      scheduleReconnect(0);
      return;
    }
    if (next === null || !recheck) {
      end(reason);
      return;
    }
    clearReconnect();
    setState("reconnecting");
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      handleSessionEnded(message, false);
    }, SESSION_RECHECK_MS);
  };

  /** Every 5 s: a connection that is gone without a scheduled reconnect gets one. */
  const check = () => {
    if (stopped || gaveUp || reconnectTimer !== undefined || offlineWait !== undefined) return;
    if (state === "connected" && client?.connected !== true) {
      drop(client);
      handleFailure();
    }
  };

  /**
   * The browser went offline: an attempt under way is dropped at once (SockJS would otherwise try
   * each of its transports in turn, and EventSource retries by itself), and the connection waits.
   */
  const onOffline = () => {
    if (stopped || gaveUp) return;
    drop(client);
    waitForOnline();
  };

  function stop() {
    stopped = true;
    if (typeof window !== "undefined") window.removeEventListener("offline", onOffline);
    clearReconnect();
    if (monitor !== undefined) clearInterval(monitor);
    monitor = undefined;
    drop(client);
    setState("disconnected");
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      gaveUp = false;
      attempts = 0;
      monitor = setInterval(check, MONITOR_INTERVAL_MS);
      if (typeof window !== "undefined") window.addEventListener("offline", onOffline);
      connect();
    },
    stop,
    get state() {
      return state;
    },
    get attempts() {
      return attempts;
    },
  };
}
