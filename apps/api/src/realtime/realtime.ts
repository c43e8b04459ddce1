import type { Server } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

import type { Redis } from "ioredis";
import type { Logger } from "pino";

import type { DomainEvent } from "../domain/domain-events";
import type { SessionStore } from "../infra/sessions";
import type { TokenService } from "../lib/tokens";
import { StompBroker, type BrokerOptions } from "./broker";
import { pushEventOf } from "./change-events";
import { createEventBus, type FanOutState } from "./event-bus";
import { createResyncNotifier } from "./resync";
import { attachRealtime } from "./transports";

/** What /metrics reports about this instance's real-time endpoint. */
export interface RealtimeStats {
  /** Open STOMP sessions (connected or still connecting). */
  sessions: number;
  /** STOMP frames received and sent since start, heart-beats not counted. */
  framesIn: number;
  framesOut: number;
  /** Re-sync notices sent to this instance's sessions (one per notice, not per session). */
  resyncs: number;
  fanOut: FanOutState;
}

export interface Realtime {
  broker: StompBroker;
  /** For DomainContext.publish: presents committed changes and fans them out to every instance's sessions. */
  publish: (events: DomainEvent[]) => void;
  /** Serves /api/ws on the HTTP server. */
  attach(server: Server): void;
  /** Tells this instance's clients it is going away, gives them a moment, then closes their sockets. */
  shutdown(graceMs?: number): Promise<void>;
  stats(): RealtimeStats;
}

export function createRealtime(options: {
  tokens: TokenService;
  /** The same store the HTTP API checks: a revoked session's socket is closed too. */
  sessions: SessionStore;
  logger: Logger;
  redis?: Redis | undefined;
  /** The fan-out's Redis channel; the event bus's default when not given. */
  channel?: string | undefined;
  heartbeatMs?: number;
  /** The broker's caps and revocation sweep; the exported defaults of broker.ts when not given. */
  limits?: Pick<BrokerOptions, "maxSubscriptionsPerSession" | "maxSessionsPerAccount" | "revocationSweepMs">;
}): Realtime {
  const broker = new StompBroker({
    tokens: options.tokens,
    sessions: options.sessions,
    logger: options.logger,
    heartbeatMs: options.heartbeatMs,
    ...options.limits,
  });
  let resyncs = 0;
  // Only this instance's sessions: its own fan-out is what was lost or regained.
  const notifier = createResyncNotifier((reason) => {
    resyncs += 1;
    broker.deliver({ kind: "resync", reason });
  });
  const bus = createEventBus({
    deliver(event) {
      // Revocations made on any instance: this process's HTTP checks and sockets stop honouring them.
      if (event.kind === "sessions-revoked") options.sessions.markRevoked(event.sessionIds);
      broker.deliver(event);
    },
    resync: (reason) => notifier.request(reason),
    logger: options.logger,
    ...(options.channel ? { channel: options.channel } : {}),
    redis: options.redis
      ? {
          publisher: options.redis,
          // A subscriber waits for Redis and resubscribes by itself after an outage; it retries at least
          // every 500 ms, so the re-sync follows Redis's return closely.
          subscriber: options.redis.duplicate({
            enableOfflineQueue: true,
            maxRetriesPerRequest: null,
            retryStrategy: (attempt: number) => Math.min(attempt * 50, 500),
          }),
        }
      : undefined,
  });
  let transports: { close(): void } | undefined;
  return {
    broker,
    publish: (events) => bus.publish(events.map(pushEventOf)),
    attach(server) {
      transports = attachRealtime(server, broker, options.logger);
    },
    async shutdown(graceMs = 300) {
      // Only this instance is going away: the notice goes to its own sessions, not through Redis.
      broker.deliver({ kind: "shutdown" });
      await sleep(graceMs);
      broker.closeAll();
      broker.stop();
      transports?.close();
      notifier.close();
      bus.close();
    },
    stats: () => ({
      sessions: broker.size,
      framesIn: broker.framesIn,
      framesOut: broker.framesOut,
      resyncs,
      fanOut: bus.fanOut,
    }),
  };
}
