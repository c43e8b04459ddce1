import type { IMessage } from "@stomp/stompjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  createRealtimeConnection,
  createStompClient,
  MAX_RECONNECT_ATTEMPTS,
  reconnectDelay,
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

  it("connects with the token, subscribes to the three destinations and re-fetches on connect", () => {
    const { connection, last, states, handlers, tokens } = setup();
    connection.start();
    expect(states).toEqual(["connecting"]);
    expect(tokens).toEqual(["tok-1"]);
    last().open();
    expect(states).toEqual(["connecting", "connected"]);
    expect([...last().subscriptions.keys()]).toEqual([
      "/topic/system/shutdown",
      "/topic/sample-submissions/updates",
      "/user/7/notifications",
    ]);
    expect(handlers.onConnected).toHaveBeenCalledTimes(1);

    last().deliver("/topic/sample-submissions/updates", { id: 3, status: "TESTING" });
    last().deliver("/user/7/notifications", { id: 9, title: "Hi" });
    expect(handlers.onSample).toHaveBeenCalledWith({ id: 3, status: "TESTING" });
    expect(handlers.onNotification).toHaveBeenCalledWith({ id: 9, title: "Hi" });
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
