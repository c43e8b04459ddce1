import type { Database } from "@lab/db";
import type { Logger } from "pino";

import { assignPendingBatch, SAMPLES_SUBMITTED_CHANNEL } from "../domain/samples/assignment";
import type { DomainContext } from "../domain/context";
import { changeEvents } from "../domain/domain-events";
import { errorSummary } from "../lib/db-errors";
import { createJob, tryJobLock, type Job } from "./job-runner";

/** Samples assigned per transaction; a pass takes batch after batch while the queue is longer. */
export const DISPATCH_BATCH = 200;

/**
 * One dispatch batch, if no other instance is dispatching: up to `batchSize` PENDING samples without
 * an agent, oldest first, each to the least-loaded of the active agents nearest to it (see
 * chooseAgents). Answers how many were assigned, and when the oldest waiting sample was submitted.
 */
async function dispatchBatch(ctx: DomainContext, batchSize: number) {
  const result = await ctx.unitOfWork(async (tx, effects) => {
    if (!(await tryJobLock(tx, "dispatcher"))) return undefined;
    const batch = await assignPendingBatch(tx, ctx.now(), batchSize);
    effects.add(
      "publish",
      batch.assigned.flatMap((move) => changeEvents(move.sample, move.notifications)),
    );
    return batch;
  });
  if (!result) return undefined;
  return { assigned: result.assigned.length, oldestWaiting: result.oldestWaiting };
}

/** One batch; answers how many samples were assigned (0 when another instance holds the lock). */
export async function dispatchOnce(ctx: DomainContext, batchSize = DISPATCH_BATCH): Promise<number> {
  return (await dispatchBatch(ctx, batchSize))?.assigned ?? 0;
}

export interface DispatcherStats {
  /** How long this instance's last pass took, in ms. */
  lastPassMs: number;
  /** Samples this instance has assigned since it started. */
  assignedTotal: number;
  /** Age in seconds of the oldest unassigned PENDING sample at the start of the last pass (0: none). */
  lagSeconds: number;
}

export interface Dispatcher extends Job<number> {
  stats(): DispatcherStats;
}

/**
 * The site promises an agent within 30 s of submission. The dispatcher passes when a submission
 * commits (woken in-process by `wake`, and on every instance by the NOTIFY the submission sends), and
 * every `intervalMs` besides, for anything a wake-up missed.
 */
export function createDispatcher(
  ctx: DomainContext,
  logger: Logger,
  options: {
    intervalMs?: number;
    /** Listen for submissions on other instances (and this one's, if not woken in-process). */
    database?: Pick<Database, "listen"> | undefined;
    batchSize?: number;
  } = {},
): Dispatcher {
  const batchSize = options.batchSize ?? DISPATCH_BATCH;
  const stats: DispatcherStats = { lastPassMs: 0, assignedTotal: 0, lagSeconds: 0 };
  const job = createJob({
    name: "dispatcher",
    intervalMs: options.intervalMs ?? 2000,
    wakeOn: options.database && { database: options.database, channel: SAMPLES_SUBMITTED_CHANNEL },
    onError: (error) => logger.error({ err: errorSummary(error) }, "dispatch pass failed"),
    async pass() {
      const started = performance.now();
      let assigned = 0;
      let first = true;
      for (;;) {
        const batch = await dispatchBatch(ctx, batchSize);
        if (!batch) break;
        if (first) {
          const oldest = batch.oldestWaiting;
          stats.lagSeconds = oldest ? Math.max(0, (ctx.now().getTime() - oldest.getTime()) / 1000) : 0;
          first = false;
        }
        assigned += batch.assigned;
        stats.assignedTotal += batch.assigned;
        // A full batch: more may wait behind it.
        if (batch.assigned < batchSize) break;
      }
      stats.lastPassMs = performance.now() - started;
      if (assigned > 0)
        logger.debug({ assigned, ms: Math.round(stats.lastPassMs) }, "dispatcher assigned samples");
      return assigned;
    },
  });
  return { ...job, stats: () => ({ ...stats }) };
}
