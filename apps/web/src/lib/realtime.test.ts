import type { IMessage } from "@stomp/stompjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";

import { getSession, logout, onLogout, startSession } from "./auth";
import {
  createRealtimeConnection,
  createStompClient,
  MAX_RECONNECT_ATTEMPTS,
  reconnectDelay,
  SESSION_RECHECK_MS,
  type RealtimeOptions,
  type RealtimeState,
  type StompCallbacks,
  type StompLike,
} from "./realtime";

// The module boundary: no socket is ever opened.
const stompMock = vi.hoisted(() => ({ configs: [] as unknown[] }));
vi.mock("@stomp/stompjs", () => ({
  Client: class {
    connected = false;
    constructor(config: unknown) {
      stompMock.configs.push(config);
    }
  },
}));
vi.mock("sockjs-client", () => ({ default: vi.fn() }));

class FakeClient implements StompLike {
  connected = false;
  activated = 0;
  deactivated = 0;
  readonly subscriptions = new Map<string, (message: IMessage) => void>();
  constructor(readonly callbacks: StompCallbacks) {}
  activate() {
    this.activated += 1;
  }
  deactivate() {
    this.deactivated += 1;
    this.connected = false;
  }
  subscribe(destination: string, callback: (message: IMessage) => void) {
    this.subscriptions.set(destination, callback);
    return {};
  }
  open() {
    this.connected = true;
    this.callbacks.onConnect();
  }
  close() {
    this.connected = false;
    this.callbacks.onClose();
  }
  deliver(destination: string, body: unknown) {
    const callback = this.subscriptions.get(destination);
    if (!callback) throw new Error(`no subscription to ${destination}`);
    callback({ body: JSON.stringify(body) } as IMessage);
  }
}

function setup(overrides: Partial<RealtimeOptions> = {}) {
  const clients: FakeClient[] = [];
  const states: RealtimeState[] = [];
  const handlers = {
    onConnected: vi.fn(),
    onSample: vi.fn(),
    onNotification: vi.fn(),
    onShutdown: vi.fn(),
    onConnectionLost: vi.fn(),
  };
  const tokens: string[] = [];
  const connection = createRealtimeConnection({
    token: "tok-1",
    userId: 7,
    random: () => 0,
    onState: (state) => states.push(state),
    createClient: (token, callbacks) => {
      tokens.push(token);
      const client = new FakeClient(callbacks);
      clients.push(client);
      return client;
    },
    ...handlers,
    ...overrides,
  });
  const last = () => {
    const client = clients.at(-1);
    if (!client) throw new Error("no client");
    return client;
  };
  return { connection, clients, states, handlers, tokens, last };
}

describe("reconnectDelay", () => {
  it("doubles from 1 s, caps at 30 s, and adds up to 1 s of jitter", () => {
    const base = Array.from({ length: 10 }, (_, index) => reconnectDelay(index + 1, () => 0));
    expect(base).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000]);
    expect(reconnectDelay(1, () => 0.999)).toBe(1999);
    expect(reconnectDelay(7, () => 0.5)).toBe(30_500);
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const delay = reconnectDelay(attempt);
      const floor = Math.min(1000 * 2 ** (attempt - 1), 30_000);
      expect(delay).toBeGreaterThanOrEqual(floor);
      expect(delay).toBeLessThan(floor + 1000);
    }
  });
});

describe("createStompClient", () => {
  it("sends the bearer token on CONNECT, offers 10 s heart-beats and leaves reconnects to us", () => {
    stompMock.configs.length = 0;
    createStompClient("abc", { onConnect: vi.fn(), onClose: vi.fn(), onStompError: vi.fn() });
    expect(stompMock.configs[0]).toMatchObject({
      connectHeaders: { Authorization: "Bearer abc" },
      heartbeatIncoming: 10_000,
      heartbeatOutgoing: 10_000,
      reconnectDelay: 0,
    });
  });
});

describe("createRealtimeConnection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("connects with the token, subscribes to the four destinations and re-fetches on connect", () => {
    const { connection, last, states, handlers, tokens } = setup();
    connection.start();
    expect(states).toEqual(["connecting"]);
    expect(tokens).toEqual(["tok-1"]);
    last().open();
    expect(states).toEqual(["connecting", "connected"]);
    expect([...last().subscriptions.keys()]).toEqual([
      "/topic/system/shutdown",
      "/topic/system/resync",
      "/topic/sample-submissions/updates",
      "/user/7/notifications",
    ]);
    expect(handlers.onConnected).toHaveBeenCalledTimes(1);

    last().deliver("/topic/sample-submissions/updates", { id: 3, status: "TESTING" });
    last().deliver("/user/7/notifications", { id: 9, title: "Hi" });
    expect(handlers.onSample).toHaveBeenCalledWith({ id: 3, status: "TESTING" });
    expect(handlers.onNotification).toHaveBeenCalledWith({ id: 9, title: "Hi" });
  });

  it("a re-sync notice asks for a re-fetch and leaves the connection as it is", () => {
    const onResync = vi.fn();
    const { connection, clients, last, states, handlers } = setup({ onResync });
    connection.start();
    last().open();
    expect(onResync).not.toHaveBeenCalled();
    last().deliver("/topic/system/resync", { reason: "fan-out-restored" });
    last().deliver("/topic/system/resync", { reason: "fan-out-lost" });
    expect(onResync).toHaveBeenCalledTimes(2);
    expect(handlers.onConnected).toHaveBeenCalledTimes(1);
    expect(clients).toHaveLength(1);
    expect(last().deactivated).toBe(0);
    expect(states.at(-1)).toBe("connected");
    connection.stop();
  });

  it("reconnects after 1, 2, 4, 8, 16, 30… s (plus jitter), then shows Connection Lost after the tenth failure", () => {
    let jitter = 0.25;
    const { connection, clients, last, states, handlers } = setup({ random: () => jitter });
    connection.start();
    last().open();
    last().close();
    expect(states.at(-1)).toBe("reconnecting");

    const expected = [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000];
    for (const [index, delay] of expected.entries()) {
      const before = clients.length;
      vi.advanceTimersByTime(delay + 250 - 1);
      expect(clients.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(clients.length).toBe(before + 1);
      expect(connection.attempts).toBe(index + 1);
      expect(handlers.onConnectionLost).not.toHaveBeenCalled();
      jitter = 0.25;
      last().close();
    }
    expect(handlers.onConnectionLost).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe("disconnected");
    const count = clients.length;
    vi.advanceTimersByTime(10 * 60_000);
    expect(clients.length).toBe(count);
    expect(count).toBe(1 + MAX_RECONNECT_ATTEMPTS);
  });

  it("offline: no reconnect attempt is made or counted until the browser's online event, then one at once", () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    const { connection, clients, last, states, handlers } = setup();
    connection.start();
    last().open();
    onLine.mockReturnValue(false);
    last().close();
    expect(states.at(-1)).toBe("reconnecting");
    vi.advanceTimersByTime(10 * 60_000);
    expect(clients).toHaveLength(1);
    expect(connection.attempts).toBe(0);
    expect(handlers.onConnectionLost).not.toHaveBeenCalled();

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    expect(clients).toHaveLength(2);
    last().open();
    expect(states.at(-1)).toBe("connected");
    expect(handlers.onConnected).toHaveBeenCalledTimes(2);
    connection.stop();
  });

  it("going offline drops the connection under way at once (no transport after transport), then waits for online", () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    const { connection, clients, last, states } = setup();
    connection.start();
    const connecting = last();
    onLine.mockReturnValue(false);
    window.dispatchEvent(new Event("offline"));
    expect(connecting.deactivated).toBe(1);
    expect(states.at(-1)).toBe("reconnecting");
    vi.advanceTimersByTime(10 * 60_000);
    expect(clients).toHaveLength(1);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    expect(clients).toHaveLength(2);
    connection.stop();
  });

  it("a successful reconnect resets the attempts and re-fetches again", () => {
    const { connection, last, handlers } = setup();
    connection.start();
    last().close();
    vi.advanceTimersByTime(1000);
    last().close();
    vi.advanceTimersByTime(2000);
    expect(connection.attempts).toBe(2);
    last().open();
    expect(connection.attempts).toBe(0);
    expect(handlers.onConnected).toHaveBeenCalledTimes(1);
    last().close();
    vi.advanceTimersByTime(1000);
    last().open();
    expect(handlers.onConnected).toHaveBeenCalledTimes(2);
  });

  it("a STOMP ERROR counts as one failure", () => {
    const { connection, clients, last } = setup();
    connection.start();
    last().callbacks.onStompError({ command: "ERROR", headers: {}, body: "" } as never);
    last().close();
    expect(connection.attempts).toBe(1);
    expect(clients[0]?.deactivated).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(clients).toHaveLength(2);
  });

  it("on the shutdown notice: Server Maintenance, then a reconnect after 1 s", () => {
    const { connection, clients, last, handlers, states } = setup();
    connection.start();
    last().open();
    last().deliver("/topic/system/shutdown", { reconnectAfterMs: 1000 });
    expect(handlers.onShutdown).toHaveBeenCalledTimes(1);
    expect(clients[0]?.deactivated).toBe(1);
    expect(states.at(-1)).toBe("reconnecting");
    // The old socket's close does not count as a failure.
    clients[0]?.close();
    expect(connection.attempts).toBe(0);
    vi.advanceTimersByTime(999);
    expect(clients).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(clients).toHaveLength(2);
    last().open();
    expect(states.at(-1)).toBe("connected");
    expect(handlers.onConnected).toHaveBeenCalledTimes(2);
  });

  it("the 5 s monitor notices a connection that died silently", () => {
    const { connection, clients, last } = setup();
    connection.start();
    last().open();
    last().connected = false;
    vi.advanceTimersByTime(5000);
    expect(connection.state).toBe("reconnecting");
    vi.advanceTimersByTime(1000);
    expect(clients).toHaveLength(2);
  });

  it("stop ends everything: no reconnects, state disconnected", () => {
    const { connection, clients, last, states } = setup();
    connection.start();
    last().open();
    connection.stop();
    last().close();
    vi.advanceTimersByTime(120_000);
    expect(clients).toHaveLength(1);
    expect(states.at(-1)).toBe("disconnected");
  });
});

/** The ERROR frame with which the server ends a session. */
const endedBy = (client: FakeClient, message: string) => {
  client.callbacks.onStompError({ command: "ERROR", headers: { message }, body: message } as never);
  client.close();
};

describe("when the server ends the session", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(["Session ended", "Session expired", "Authentication required"])(
    "'%s' with a newer token in the app: reconnects at once with it, not counted as a failure",
    (message) => {
      let current = "tok-1";
      const onSessionEnded = vi.fn();
      const { connection, clients, last, tokens, handlers } = setup({
        currentToken: () => current,
        onSessionEnded,
      });
      connection.start();
      last().open();
      current = "tok-2";
      endedBy(last(), message);
      expect(clients[0]?.deactivated).toBe(1);
      vi.advanceTimersByTime(1);
      expect(tokens).toEqual(["tok-1", "tok-2"]);
      last().open();
      expect(connection.state).toBe("connected");
      expect(connection.attempts).toBe(0);
      expect(handlers.onConnected).toHaveBeenCalledTimes(2);
      expect(onSessionEnded).not.toHaveBeenCalled();
    },
  );

  it("with the same token: looks once more after a moment (a new token may be on its way), then signs out", () => {
    const onSessionEnded = vi.fn();
    const { connection, clients, tokens } = setup({ currentToken: () => "tok-1", onSessionEnded });
    connection.start();
    clients[0]?.open();
    endedBy(clients[0] as FakeClient, "Session ended");
    expect(onSessionEnded).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SESSION_RECHECK_MS);
    expect(onSessionEnded).toHaveBeenCalledWith("unauthorized");
    expect(connection.state).toBe("disconnected");
    // The refused token is never offered again, and nothing reconnects.
    vi.advanceTimersByTime(120_000);
    expect(tokens).toEqual(["tok-1"]);
  });

  it("a newer token that arrives during that moment is used", () => {
    let current = "tok-1";
    const onSessionEnded = vi.fn();
    const { connection, last, tokens } = setup({ currentToken: () => current, onSessionEnded });
    connection.start();
    last().open();
    endedBy(last(), "Session ended");
    current = "tok-2";
    vi.advanceTimersByTime(SESSION_RECHECK_MS);
    vi.advanceTimersByTime(1);
    expect(tokens).toEqual(["tok-1", "tok-2"]);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it("no valid token in the app: signs out at once, as expired when the server said so", () => {
    const onSessionEnded = vi.fn();
    const { connection, last, tokens } = setup({ currentToken: () => null, onSessionEnded });
    connection.start();
    last().open();
    endedBy(last(), "Session expired");
    expect(onSessionEnded).toHaveBeenCalledWith("expired");
    vi.advanceTimersByTime(120_000);
    expect(tokens).toEqual(["tok-1"]);
  });

  it("other ERRORs (a cap, a busy server) keep the usual back-off", () => {
    const onSessionEnded = vi.fn();
    const { connection, clients, last } = setup({ currentToken: () => "tok-1", onSessionEnded });
    connection.start();
    last().open();
    endedBy(last(), "Too many connections for this account (max 20)");
    expect(connection.attempts).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(clients).toHaveLength(2);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  describe("with the app's own session (auth.ts)", () => {
    afterEach(() => {
      logout();
      vi.unstubAllGlobals();
    });

    const refreshRefused = () =>
      mockFetch({ "POST /api/auth/refresh": { status: 401, body: { error: "x", code: "unauthenticated" } } });

    it("signs the person out through the session-expiry path when the token in storage is the refused one and the refresh is refused", async () => {
      refreshRefused();
      startSession({ user: customer, token: "stored-1", expiresIn: 3600 });
      const reasons: string[] = [];
      const unsubscribe = onLogout((reason) => reasons.push(reason));
      const { connection, last } = setup({ token: "stored-1" });
      connection.start();
      last().open();
      endedBy(last(), "Session ended");
      vi.advanceTimersByTime(SESSION_RECHECK_MS);
      await vi.waitFor(() => expect(getSession()).toBeNull());
      expect(reasons).toEqual(["unauthorized"]);
      unsubscribe();
    });

    it("a refused token with a live refresh cookie: the app refreshes and stays signed in with the new token", async () => {
      const { callsTo } = mockFetch({
        "POST /api/auth/refresh": {
          status: 200,
          body: { customer, accessToken: "stored-2", expiresIn: 3600, tokenType: "Bearer" },
        },
      });
      startSession({ user: customer, token: "stored-1", expiresIn: 3600 });
      const reasons: string[] = [];
      const unsubscribe = onLogout((reason) => reasons.push(reason));
      const { connection, last } = setup({ token: "stored-1" });
      connection.start();
      last().open();
      endedBy(last(), "Session expired");
      vi.advanceTimersByTime(SESSION_RECHECK_MS);
      await vi.waitFor(() => expect(getSession()?.token.token).toBe("stored-2"));
      expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
      expect(reasons).toEqual([]);
      unsubscribe();
    });

    it("reconnects with the newer token the person signed in with, and stays signed in", () => {
      startSession({ user: customer, token: "stored-1", expiresIn: 3600 });
      const { connection, last, tokens } = setup({ token: "stored-1" });
      connection.start();
      last().open();
      startSession({ user: customer, token: "stored-2", expiresIn: 3600 });
      endedBy(last(), "Session ended");
      vi.advanceTimersByTime(1);
      expect(tokens).toEqual(["stored-1", "stored-2"]);
      expect(getSession()?.token.token).toBe("stored-2");
    });

    it("an expired token in the app and the refresh refused: the expiry path signs out once", async () => {
      refreshRefused();
      startSession({ user: customer, token: "stored-1", expiresIn: 120 });
      const reasons: string[] = [];
      const unsubscribe = onLogout((reason) => reasons.push(reason));
      const { connection, last } = setup({ token: "stored-1" });
      connection.start();
      last().open();
      // Past the token's expiry without the app's own timer having fired (a sleeping laptop).
      vi.setSystemTime(Date.now() + 121_000);
      endedBy(last(), "Session expired");
      await vi.waitFor(() => expect(getSession()).toBeNull());
      expect(reasons).toEqual(["expired"]);
      unsubscribe();
    });
  });
});
