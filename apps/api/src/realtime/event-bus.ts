import type { Logger } from "pino";

import { errorSummary } from "../lib/db-errors";
import type { PushEvent, ResyncReason } from "./events";

/** The Redis channel every instance of one deployment shares. */
export const DEFAULT_CHANNEL = "aquatest:realtime";

/** "local": no Redis, every event stays in this process; "down": the Redis subscription is not live. */
export type FanOutState = "up" | "down" | "local";

export interface EventBus {
  publish(events: PushEvent[]): void;
  readonly fanOut: FanOutState;
  close(): void;
}

/** The part of an ioredis connection the bus publishes with. */
export interface BusPublisher {
  publish(channel: string, message: string): Promise<unknown>;
  on(event: "ready", listener: () => void): unknown;
}

/** The part of an ioredis connection the bus subscribes with. */
export interface BusSubscriber {
  readonly status: string;
  subscribe(channel: string): Promise<unknown>;
  on(event: "ready" | "close", listener: () => void): unknown;
  on(event: "error", listener: (error: unknown) => void): unknown;
  on(event: "message", listener: (channel: string, message: string) => void): unknown;
  disconnect(): void;
}

/**
 * Fans events out to every instance: through Redis pub/sub when it is configured (each instance
 * delivers to its own sessions), in-process otherwise. A Redis outage loses pushes, never data: when
 * the subscription drops or comes back, or publishing starts failing or works again, `resync` asks
 * this instance's sessions to re-fetch (a re-fetch after "fan-out-restored" sees everything the
 * database holds).
 */
export function createEventBus(options: {
  deliver: (event: PushEvent) => void;
  resync: (reason: ResyncReason) => void;
  logger: Logger;
  redis?: { publisher: BusPublisher; subscriber: BusSubscriber } | undefined;
  /** Deployments (or test runs) sharing one Redis keep apart by channel: pub/sub ignores databases. */
  channel?: string;
}): EventBus {
  const { deliver, resync, logger } = options;
  const CHANNEL = options.channel ?? DEFAULT_CHANNEL;
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
  let publishing: "working" | "failing" = "working";
  // Whether this instance's sessions were told pushes may be missing and not yet that they flow again.
  // A Redis outage breaks the subscription and the publishes together: one notice when the first of
  // them breaks, one when the last of them works again, never one per lost event (each notice makes
  // every open screen re-fetch).
  let outage = false;
  let closed = false;

  const broke = (reason: "fan-out-lost" | "publish-failed") => {
    if (outage) return;
    outage = true;
    resync(reason);
  };
  const mended = (reason: "fan-out-restored" | "publish-restored") => {
    if (!outage || state === "down" || publishing === "failing") return;
    outage = false;
    resync(reason);
  };

  const publishFailed = () => {
    if (closed || publishing === "failing") return;
    publishing = "failing";
    logger.warn("redis publish failing; events are delivered locally until it works again");
    broke("publish-failed");
  };
  const publishWorks = () => {
    if (closed || publishing === "working") return;
    publishing = "working";
    logger.info("redis publish works again");
    mended("publish-restored");
  };

  const subscribe = () => {
    subscriber.subscribe(CHANNEL).then(
      () => {
        if (closed || state === "up") return;
        const was = state;
        state = "up";
        if (was === "down") {
          logger.info("redis fan-out restored");
          mended("fan-out-restored");
        }
      },
      (error: unknown) => logger.warn({ err: errorSummary(error) }, "redis subscribe failed"),
    );
  };
  const lost = () => {
    if (closed || state === "down") return;
    state = "down";
    logger.warn("redis fan-out lost; sessions are told to re-sync when it returns");
    broke("fan-out-lost");
  };
  // ioredis re-subscribes by itself after a reconnect, but says nothing when that is done: subscribing
  // again (a no-op for Redis) tells us the moment pushes flow again.
  subscriber.on("ready", subscribe);
  subscriber.on("close", lost);
  subscriber.on("error", (error: unknown) => logger.debug({ err: errorSummary(error) }, "redis subscriber"));
  if (subscriber.status === "ready") subscribe();
  // A reconnected publisher works again even when nothing is published for a while.
  publisher.on("ready", publishWorks);
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
        publisher.publish(CHANNEL, JSON.stringify(event)).then(publishWorks, (error: unknown) => {
          logger.debug({ err: errorSummary(error) }, "redis publish failed; delivered locally");
          deliver(event);
          publishFailed();
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
