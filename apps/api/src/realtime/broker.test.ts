import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";

import type { SessionStore } from "../infra/sessions";
import { createTokenService, type TokenClaims } from "../lib/tokens";
import { until } from "../test/samples";
import { DESTINATIONS } from "./events";
import {
  MAX_SESSIONS_PER_ACCOUNT,
  MAX_SUBSCRIPTIONS_PER_SESSION,
  REVOCATION_SWEEP_MS,
  StompBroker,
} from "./broker";

// The broker on its own: a fake connection records frames, a fake store answers the session checks.
const tokens = createTokenService("broker-unit-test-secret-long-enough-for-hs256");
// Every customer token carries the membership (here: the admin of an organisation of their own).
const token = (sessionId: string, subject = 1) =>
  tokens.issue({
    subject,
    role: "customer",
    sessionId,
    member: { organisationId: subject, role: "admin", scope: "all" },
  }).token;

class FakeStore {
  active = new Set<string>();
  revoked = new Set<string>();
  marked: string[] = [];
  sweeps: string[][] = [];
  /** When set, isActive waits for it: the look-up is still in flight. */
  gate: Promise<void> | undefined;
  fail = false;
  async isActive(claims: TokenClaims): Promise<boolean> {
    await this.gate;
    if (this.fail) throw new Error("database unreachable");
    return this.active.has(claims.sessionId) && !this.revoked.has(claims.sessionId);
  }
  markRevoked(ids: readonly string[]): void {
    this.marked.push(...ids);
  }
  async revokedAmong(ids: readonly string[]): Promise<string[]> {
    this.sweeps.push([...ids]);
    return ids.filter((id) => this.revoked.has(id));
  }
}

const asStore = (fake: FakeStore): SessionStore => ({
  start: () => Promise.reject(new Error("unused")),
  refresh: () => Promise.reject(new Error("unused")),
  revokeByRefresh: () => Promise.reject(new Error("unused")),
  revokeAll: () => Promise.reject(new Error("unused")),
  revoke: () => Promise.reject(new Error("unused")),
  isActive: (claims) => fake.isActive(claims),
  markRevoked: (ids) => fake.markRevoked(ids),
  revokedAmong: (ids) => fake.revokedAmong(ids),
});

const brokers: StompBroker[] = [];
afterEach(() => {
  for (const broker of brokers.splice(0)) {
    broker.closeAll();
    broker.stop();
  }
});

function setup(options: { sweepMs?: number } = {}) {
  const store = new FakeStore();
  const broker = new StompBroker({
    tokens,
    sessions: asStore(store),
    logger: pino({ level: "silent" }),
    revocationSweepMs: options.sweepMs ?? 60_000,
  });
  brokers.push(broker);
  const open = () => {
    const frames: string[] = [];
    const state = { closed: false };
    const feed = broker.attach({
      send: (data) => frames.push(data),
      close: () => {
        state.closed = true;
      },
    });
    const commands = () => frames.filter((f) => f !== "\n").map((f) => f.split("\n")[0]);
    const error = () => frames.find((f) => f.startsWith("ERROR"))?.match(/\nmessage:([^\n]*)/)?.[1];
    return { feed, frames, state, commands, error };
  };
  const connectFrame = (sessionId: string, subject = 1) =>
    `CONNECT\naccept-version:1.2\nAuthorization:Bearer ${token(sessionId, subject)}\n\n\u0000`;
  return { broker, store, open, connectFrame };
}

const subscribe = (id: string, receipt?: string) =>
  `SUBSCRIBE\nid:${id}\ndestination:${DESTINATIONS.shutdown}${receipt ? `\nreceipt:${receipt}` : ""}\n\n\u0000`;

describe("CONNECT checks the token's session", () => {
  it("queues the frames that arrive during the check and handles them in order after CONNECTED", async () => {
    const { store, open, connectFrame } = setup();
    store.active.add("session-aaaaaaaaaaaa");
    let release: () => void = () => undefined;
    store.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const client = open();
    client.feed.data(connectFrame("session-aaaaaaaaaaaa") + subscribe("s1", "r1"));
    client.feed.data(subscribe("s2", "r2"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.frames).toEqual([]);
    release();
    await until(() => client.commands().length === 3, 2000);
    expect(client.commands()).toEqual(["CONNECTED", "RECEIPT", "RECEIPT"]);
    expect(client.frames[1]).toContain("receipt-id:r1");
    expect(client.frames[2]).toContain("receipt-id:r2");
    expect(client.state.closed).toBe(false);
  });

  it("refuses a token whose session is not active, without handling what was queued", async () => {
    const { store, open, connectFrame } = setup();
    store.revoked.add("session-revoked-0001");
    store.active.add("session-revoked-0001");
    const client = open();
    client.feed.data(connectFrame("session-revoked-0001") + subscribe("s1", "r1"));
    await until(() => client.state.closed, 2000);
    expect(client.commands()).toEqual(["ERROR"]);
    expect(client.error()).toBe("Authentication required");
  });

  it("answers a failed look-up with a retryable ERROR, not 'Authentication required'", async () => {
    const { store, open, connectFrame } = setup();
    store.fail = true;
    const client = open();
    client.feed.data(connectFrame("session-dbdown-00001"));
    await until(() => client.state.closed, 2000);
    expect(client.error()).toBe("Service unavailable, try again later");
  });

  it("closes a session revoked while its CONNECT is being checked", async () => {
    const { broker, store, open, connectFrame } = setup();
    store.active.add("session-racing-00001");
    let release: () => void = () => undefined;
    store.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const client = open();
    client.feed.data(connectFrame("session-racing-00001"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    broker.deliver({
      kind: "sessions-revoked",
      role: "customer",
      subjectId: 1,
      sessionIds: ["session-racing-00001"],
    });
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.commands()).toEqual(["ERROR"]);
    expect(client.error()).toBe("Session ended");
    expect(client.state.closed).toBe(true);
  });
});

describe("sessions end with their token", () => {
  it("a sessions-revoked event closes every STOMP session of those sessions, and only those", async () => {
    const { broker, store, open, connectFrame } = setup();
    store.active.add("session-phone-000001");
    store.active.add("session-laptop-00001");
    const phone = open();
    const phoneTab = open();
    const laptop = open();
    phone.feed.data(connectFrame("session-phone-000001"));
    phoneTab.feed.data(connectFrame("session-phone-000001"));
    laptop.feed.data(connectFrame("session-laptop-00001"));
    await until(() => [phone, phoneTab, laptop].every((c) => c.commands()[0] === "CONNECTED"), 2000);
    broker.deliver({
      kind: "sessions-revoked",
      role: "customer",
      subjectId: 1,
      sessionIds: ["session-phone-000001"],
    });
    for (const client of [phone, phoneTab]) {
      expect(client.commands()).toEqual(["CONNECTED", "ERROR"]);
      expect(client.error()).toBe("Session ended");
      expect(client.state.closed).toBe(true);
    }
    expect(laptop.state.closed).toBe(false);
    expect(broker.size).toBe(1);
  });

  it(`the sweep (every ${REVOCATION_SWEEP_MS / 1000} s) asks once for all live sessions and closes the revoked ones`, async () => {
    const { broker, store, open, connectFrame } = setup({ sweepMs: 100 });
    const ids = Array.from({ length: 50 }, (_, i) => `session-sweep-${String(i).padStart(6, "0")}`);
    for (const id of ids) store.active.add(id);
    const clients = ids.map((id, i) => {
      const client = open();
      // 50 accounts: the per-account cap is not what is tested here.
      client.feed.data(connectFrame(id, i + 1));
      return client;
    });
    await until(() => clients.every((c) => c.commands()[0] === "CONNECTED"), 2000);
    store.sweeps.length = 0;
    // Revoked in the database only: the pub/sub message was lost.
    store.revoked.add(ids[3] ?? "");
    store.revoked.add(ids[40] ?? "");
    await until(() => store.sweeps.length >= 1, 2000);
    await until(() => broker.size === 48, 2000);
    // One query for every live session, never one per session.
    expect(store.sweeps[0]?.slice().sort()).toEqual(ids.slice().sort());
    expect(clients[3]?.error()).toBe("Session ended");
    expect(clients[40]?.error()).toBe("Session ended");
    expect(store.marked).toEqual(expect.arrayContaining([ids[3], ids[40]]));
    // The next sweep asks only about the 48 still open.
    const before = store.sweeps.length;
    await until(() => store.sweeps.length > before, 2000);
    expect(store.sweeps.at(-1)).toHaveLength(48);
  });

  it("a token that expires while connected gets ERROR 'Session expired', then close", async () => {
    const short = createTokenService("broker-unit-test-secret-long-enough-for-hs256", 1);
    const store = new FakeStore();
    store.active.add("session-short-000001");
    const broker = new StompBroker({
      tokens: short,
      sessions: asStore(store),
      logger: pino({ level: "silent" }),
    });
    brokers.push(broker);
    const frames: string[] = [];
    let closed = false;
    const feed = broker.attach({ send: (data) => frames.push(data), close: () => (closed = true) });
    const { token: shortToken } = short.issue({
      subject: 1,
      role: "customer",
      sessionId: "session-short-000001",
      member: { organisationId: 1, role: "admin", scope: "all" },
    });
    feed.data(`CONNECT\naccept-version:1.2\nAuthorization:Bearer ${shortToken}\n\n\u0000`);
    await until(() => frames.some((f) => f.startsWith("CONNECTED")), 2000);
    await until(() => closed, 3000);
    expect(frames.at(-1)).toMatch(/^ERROR\n/);
    expect(frames.at(-1)).toContain("message:Session expired");
  });
});

describe("caps", () => {
  it(`a session may hold ${MAX_SUBSCRIPTIONS_PER_SESSION} subscriptions; one more is an ERROR that says so`, async () => {
    const { store, open, connectFrame } = setup();
    store.active.add("session-subs-0000001");
    const client = open();
    client.feed.data(connectFrame("session-subs-0000001"));
    await until(() => client.commands()[0] === "CONNECTED", 2000);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SESSION; i += 1) client.feed.data(subscribe(`s${i}`, `r${i}`));
    // Re-using an id replaces, it does not add.
    client.feed.data(subscribe("s0", "again"));
    expect(client.commands().filter((c) => c === "RECEIPT")).toHaveLength(MAX_SUBSCRIPTIONS_PER_SESSION + 1);
    expect(client.state.closed).toBe(false);
    client.feed.data(subscribe("one-more"));
    expect(client.error()).toBe(
      `Too many subscriptions on this connection (max ${MAX_SUBSCRIPTIONS_PER_SESSION})`,
    );
    expect(client.state.closed).toBe(true);
  });

  it(`an account may hold ${MAX_SESSIONS_PER_ACCOUNT} live sessions per instance; the next CONNECT is an ERROR that says so`, async () => {
    const { store, open, connectFrame } = setup();
    store.active.add("session-many-0000001");
    store.active.add("session-other-000001");
    const clients = Array.from({ length: MAX_SESSIONS_PER_ACCOUNT }, () => {
      const client = open();
      client.feed.data(connectFrame("session-many-0000001", 5));
      return client;
    });
    await until(() => clients.every((c) => c.commands()[0] === "CONNECTED"), 2000);
    const extra = open();
    extra.feed.data(connectFrame("session-many-0000001", 5));
    await until(() => extra.state.closed, 2000);
    expect(extra.error()).toBe(`Too many connections for this account (max ${MAX_SESSIONS_PER_ACCOUNT})`);
    // Another account is not affected, and a closed session frees its place.
    const other = open();
    other.feed.data(connectFrame("session-other-000001", 6));
    clients[0]?.feed.closed();
    const again = open();
    again.feed.data(connectFrame("session-many-0000001", 5));
    await until(() => other.commands()[0] === "CONNECTED" && again.commands()[0] === "CONNECTED", 2000);
  });
});
