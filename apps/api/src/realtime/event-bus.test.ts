import { EventEmitter } from "node:events";

import { pino } from "pino";
import { describe, expect, it } from "vitest";

import { createEventBus } from "./event-bus";
import type { PushEvent, ResyncReason } from "./events";

/** A Redis connection as the bus sees it: publishes fail while `down`; "close"/"ready" are emitted by hand. */
class FakeConnection extends EventEmitter {
  status = "ready";
  down = false;
  published = 0;
  publish(): Promise<number> {
    if (this.down) return Promise.reject(new Error("Connection is closed."));
    this.published += 1;
    return Promise.resolve(0);
  }
  subscribe(): Promise<number> {
    return Promise.resolve(1);
  }
  disconnect(): void {
    this.status = "end";
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const event = (id: number): PushEvent => ({
  kind: "sessions-revoked",
  role: "customer",
  subjectId: 7,
  sessionIds: [`session-${id}`],
});

async function bus() {
  const publisher = new FakeConnection();
  const subscriber = new FakeConnection();
  const resyncs: ResyncReason[] = [];
  const delivered: PushEvent[] = [];
  const instance = createEventBus({
    deliver: (pushed) => delivered.push(pushed),
    resync: (reason) => resyncs.push(reason),
    logger: pino({ level: "silent" }),
    redis: { publisher, subscriber },
  });
  await settle();
  return { instance, publisher, subscriber, resyncs, delivered };
}

describe("createEventBus re-sync notices", () => {
  it("21 failed publishes make one publish-failed notice, and publishing again makes one publish-restored", async () => {
    const { instance, publisher, resyncs, delivered } = await bus();
    expect(instance.fanOut).toBe("up");
    publisher.down = true;
    for (let i = 0; i < 21; i += 1) {
      instance.publish([event(i)]);
      await settle();
    }
    expect(resyncs).toEqual(["publish-failed"]);
    // Every failed event still reached this instance's own sessions.
    expect(delivered).toHaveLength(21);

    publisher.down = false;
    for (let i = 0; i < 5; i += 1) {
      instance.publish([event(100 + i)]);
      await settle();
    }
    expect(resyncs).toEqual(["publish-failed", "publish-restored"]);
    expect(publisher.published).toBe(5);
  });

  it("a publisher that reconnects says publishing works again without waiting for the next event", async () => {
    const { instance, publisher, resyncs } = await bus();
    publisher.down = true;
    instance.publish([event(1), event(2), event(3)]);
    await settle();
    publisher.down = false;
    publisher.emit("ready");
    expect(resyncs).toEqual(["publish-failed", "publish-restored"]);
  });

  it("a whole Redis outage (subscription and publishes): one notice when it starts, one when both work again", async () => {
    const { instance, publisher, subscriber, resyncs } = await bus();
    subscriber.emit("close");
    publisher.down = true;
    for (let i = 0; i < 10; i += 1) {
      instance.publish([event(i)]);
      await settle();
    }
    expect(resyncs).toEqual(["fan-out-lost"]);
    // The subscription is back first: the publisher still fails, so nothing is said yet.
    subscriber.emit("ready");
    await settle();
    expect(instance.fanOut).toBe("up");
    expect(resyncs).toEqual(["fan-out-lost"]);
    publisher.down = false;
    publisher.emit("ready");
    expect(resyncs).toEqual(["fan-out-lost", "publish-restored"]);
  });

  it("the publisher back first: the notice waits for the subscription", async () => {
    const { instance, publisher, subscriber, resyncs } = await bus();
    subscriber.emit("close");
    publisher.down = true;
    instance.publish([event(1)]);
    await settle();
    publisher.down = false;
    publisher.emit("ready");
    expect(resyncs).toEqual(["fan-out-lost"]);
    subscriber.emit("ready");
    await settle();
    expect(resyncs).toEqual(["fan-out-lost", "fan-out-restored"]);
  });

  it("each outage has its own pair of notices", async () => {
    const { instance, publisher, resyncs } = await bus();
    for (let outage = 0; outage < 3; outage += 1) {
      publisher.down = true;
      instance.publish([event(outage), event(outage + 10)]);
      await settle();
      publisher.down = false;
      instance.publish([event(outage + 20)]);
      await settle();
    }
    expect(resyncs).toEqual([
      "publish-failed",
      "publish-restored",
      "publish-failed",
      "publish-restored",
      "publish-failed",
      "publish-restored",
    ]);
  });
});
