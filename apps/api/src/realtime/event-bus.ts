import type { Redis } from "ioredis";
import type { Logger } from "pino";

import { errorSummary } from "../lib/db-errors";
import type { RealtimeEvent } from "./events";

const CHANNEL = "aquatest:realtime";

export interface EventBus {
  publish(events: RealtimeEvent[]): void;
  close(): void;
}

/**
 * Fans events out to every instance: through Redis pub/sub when it is configured (each instance
 * delivers to its own sessions), in-process otherwise. A Redis outage loses pushes, never data: the
 * client re-fetches after every reconnect, and this instance still delivers to its own sessions.
 */
export function createEventBus(
  deliver: (event: RealtimeEvent) => void,
  logger: Logger,
  redis?: { publisher: Redis; subscriber: Redis },
): EventBus {
  if (!redis) {
    return {
      publish: (events) => {
        for (const event of events) deliver(event);
      },
      close: () => undefined,
    };
  }
  const { publisher, subscriber } = redis;
  subscriber
    .subscribe(CHANNEL)
    .catch((error: unknown) => logger.warn({ err: errorSummary(error) }, "redis subscribe failed"));
  subscriber.on("message", (channel: string, message: string) => {
    if (channel !== CHANNEL) return;
    try {
      deliver(JSON.parse(message) as RealtimeEvent);
    } catch (error) {
      logger.warn({ err: errorSummary(error) }, "unreadable realtime event");
    }
  });
  return {
    publish(events) {
      for (const event of events) {
        publisher.publish(CHANNEL, JSON.stringify(event)).catch((error: unknown) => {
          logger.warn(
            { err: error instanceof Error ? error.message : error },
            "redis publish failed; delivering locally",
          );
          deliver(event);
        });
      }
    },
    close() {
      subscriber.disconnect();
    },
  };
}
