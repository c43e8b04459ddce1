import type { Redis } from "ioredis";
import type { Logger } from "pino";

import { errorSummary } from "../lib/db-errors";
import type { PushEvent, ResyncReason } from "./events";

const CHANNEL = "aquatest:realtime";

/** "local": no Redis, every event stays in this process; "down": the Redis subscription is not live. */
export type FanOutState = "up" | "down" | "local";

export interface EventBus {
  publish(events: PushEvent[]): void;
  readonly fanOut: FanOutState;
  close(): void;
}

/**
 * Fans events out to every instance: through Redis pub/sub when it is configured (each instance
 * delivers to its own sessions), in-process otherwise. A Redis outage loses pushes, never data: when
 * the subscription drops or comes back, or a publish fails, `resync` asks this instance's sessions to
 * re-fetch (a re-fetch after "fan-out-restored" sees everything the database holds).
 */
export function createEventBus(options: {
  deliver: (event: PushEvent) => void;
  resync: (reason: ResyncReason) => void;
  logger: Logger;
  redis?: { publisher: Redis; subscriber: Redis } | undefined;
}): EventBus {
  const { deliver, resync, logger } = options;
  if (!options.redis) {
    return {
      publish: (events) => {
        for (const event of events) deliver(event);
      },
      fanOut: "local",
      close: () => undefined,
    };
  }
  const { publisher, subscriber } = options.redis;
  // "starting" until the first subscription is confirmed: only a subscription that was live (or never
  // became live) and comes back is a restore.
  let state: "starting" | "up" | "down" = "starting";
  let closed = false;

  const subscribe = () => {
    subscriber.subscribe(CHANNEL).then(
      () => {
        if (closed || state === "up") return;
        const was = state;
        state = "up";
        if (was === "down") {
          logger.info("redis fan-out restored");
          resync("fan-out-restored");
        }
      },
      (error: unknown) => logger.warn({ err: errorSummary(error) }, "redis subscribe failed"),
    );
  };
  const lost = () => {
    if (closed || state === "down") return;
    state = "down";
    logger.warn("redis fan-out lost; sessions are told to re-sync when it returns");
    resync("fan-out-lost");
  };
  // ioredis re-subscribes by itself after a reconnect, but says nothing when that is done: subscribing
  // again (a no-op for Redis) tells us the moment pushes flow again.
  subscriber.on("ready", subscribe);
  subscriber.on("close", lost);
  subscriber.on("error", (error: unknown) => logger.debug({ err: errorSummary(error) }, "redis subscriber"));
  if (subscriber.status === "ready") subscribe();
  subscriber.on("message", (channel: string, message: string) => {
    if (channel !== CHANNEL) return;
    try {
      deliver(JSON.parse(message) as PushEvent);
    } catch (error) {
      logger.warn({ err: errorSummary(error) }, "unreadable realtime event");
    }
  });
  return {
    publish(events) {
      for (const event of events) {
        publisher.publish(CHANNEL, JSON.stringify(event)).catch((error: unknown) => {
          logger.warn({ err: errorSummary(error) }, "redis publish failed; delivering locally");
          deliver(event);
          resync("publish-failed");
        });
      }
    },
    get fanOut(): FanOutState {
      return state === "up" ? "up" : "down";
    },
    close() {
      closed = true;
      subscriber.disconnect();
    },
  };
}
