import { agents, samples } from "@lab/db";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Logger } from "pino";

import type { DomainContext } from "../domain/context";
import { applyMove, type MoveResult } from "../domain/sample-moves";
import { changeEvents } from "../realtime/change-events";
import { createPoller, type Poller } from "./poller";
import { errorSummary } from "../lib/db-errors";

// Any instance may run the dispatcher; this transaction-scoped advisory lock lets one pass at a time in.
const DISPATCH_LOCK_KEY = 7_340_021;

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * One dispatch pass: each PENDING sample without an agent, oldest first, goes to the nearest active
 * agent (agents without a known position only when none has one). Answers how many were assigned.
 */
export async function dispatchOnce(ctx: DomainContext, batchSize = 25): Promise<number> {
  const moves: MoveResult[] = [];
  const assigned = await ctx.db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${DISPATCH_LOCK_KEY}) as locked`,
    )) as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0]?.locked) return 0;
    const roster = await tx.select().from(agents).where(eq(agents.active, true)).orderBy(asc(agents.id));
    if (roster.length === 0) return 0;
    const queue = await tx
      .select({ id: samples.id, lat: samples.lat, lng: samples.lng })
      .from(samples)
      .where(and(eq(samples.status, "PENDING"), isNull(samples.agentId)))
      .orderBy(asc(samples.createdAt), asc(samples.id))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const located = roster.filter((agent) => agent.lat !== null && agent.lng !== null);
    const now = ctx.now();
    for (const sample of queue) {
      let chosen = roster[0];
      if (located.length > 0 && sample.lat !== null && sample.lng !== null) {
        const here = { lat: sample.lat, lng: sample.lng };
        chosen = located.reduce((best, agent) =>
          distanceKm(here, { lat: agent.lat ?? 0, lng: agent.lng ?? 0 }) <
          distanceKm(here, { lat: best.lat ?? 0, lng: best.lng ?? 0 })
            ? agent
            : best,
        );
      }
      if (chosen) {
        moves.push(
          await applyMove(tx, now, sample.id, { type: "assign", agentId: chosen.id }, { kind: "system" }),
        );
      }
    }
    return queue.length;
  });
  ctx.publish(moves.flatMap((move) => changeEvents(move.sample, move.notification)));
  return assigned;
}

/** Runs the dispatcher every few seconds: the site promises an agent within 30 s of submission. */
export function createDispatcher(ctx: DomainContext, logger: Logger, intervalMs = 2000): Poller {
  return createPoller(
    intervalMs,
    async () => {
      const assigned = await dispatchOnce(ctx);
      if (assigned > 0) logger.info({ assigned }, "dispatcher assigned samples");
    },
    (error) => logger.error({ err: errorSummary(error) }, "dispatch pass failed"),
  );
}
