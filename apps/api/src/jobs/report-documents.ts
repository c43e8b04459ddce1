// Every released report has its issued PDF stored. Release renders and stores it at once; when that
// fails (the database refused the write, the render failed) the release still stands, and this job
// stores the document later, each report retried with a growing delay while it keeps failing.
import { reportDocuments, reports } from "@lab/db";
import { and, asc, eq, isNull, notInArray } from "drizzle-orm";
import type { Logger } from "pino";

import type { DomainContext } from "../domain/context";
import { reportDocument } from "../domain/reports/report-document";
import { errorSummary } from "../lib/db-errors";
import { createJob, type Job } from "./job-runner";
import { retryDelaySeconds } from "./outbox-sender";

/** Reports without a stored document, valid ones (a revoked report's download is stamped as such). */
async function reportsWithoutDocument(ctx: DomainContext, skip: readonly number[], limit: number) {
  const rows = await ctx.db
    .select({ id: reports.id })
    .from(reports)
    .leftJoin(reportDocuments, eq(reportDocuments.reportId, reports.id))
    .where(
      and(
        isNull(reportDocuments.reportId),
        eq(reports.status, "valid"),
        skip.length > 0 ? notInArray(reports.id, [...skip]) : undefined,
      ),
    )
    .orderBy(asc(reports.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Passes every `intervalMs` (and when woken): stores up to `batchSize` missing documents, oldest report
 * first, and answers how many it stored. Another instance may store the same one meanwhile: the first
 * stored copy is the issued one (reportDocument), so a report's stored bytes never change.
 */
export function createReportDocumentJob(
  ctx: DomainContext,
  logger: Logger,
  options: { intervalMs?: number; batchSize?: number } = {},
): Job<number> {
  const batchSize = options.batchSize ?? 20;
  // Reports that failed, how often in a row, and not to be tried before when (ms since the epoch).
  const failing = new Map<number, { failures: number; retryAt: number }>();
  return createJob({
    name: "report-documents",
    intervalMs: options.intervalMs ?? 30_000,
    onError: (error) => logger.error({ err: errorSummary(error) }, "report document pass failed"),
    async pass() {
      const now = ctx.now().getTime();
      const waiting = [...failing].filter(([, entry]) => entry.retryAt > now).map(([id]) => id);
      const due = await reportsWithoutDocument(ctx, waiting, batchSize);
      // A report stored meanwhile (its first download) is no longer followed.
      for (const [id, entry] of failing) if (entry.retryAt <= now && !due.includes(id)) failing.delete(id);
      let stored = 0;
      for (const reportId of due) {
        try {
          await reportDocument(ctx, reportId);
          failing.delete(reportId);
          stored += 1;
        } catch (error) {
          const failures = (failing.get(reportId)?.failures ?? 0) + 1;
          const retryInSeconds = retryDelaySeconds(failures);
          failing.set(reportId, { failures, retryAt: ctx.now().getTime() + retryInSeconds * 1000 });
          logger.error(
            { err: errorSummary(error), reportId, failures, retryInSeconds },
            "report document not stored; retrying later",
          );
        }
      }
      if (stored > 0) logger.info({ stored }, "report documents stored");
      return stored;
    },
  });
}
