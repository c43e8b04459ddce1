import type { Executor } from "@lab/db";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";

/**
 * When a screening was sampled, the day its validity counts from: the sample's first move to
 * COLLECTED, or its submission while it has none. One rule for the gate's check and the report.
 */
export const sampledAtSql = (sampleId: SQL, submittedAt: SQL): SQL =>
  sql`coalesce((select min(e.at) from sample_events e where e.sample_id = ${sampleId} and e.to_status = 'COLLECTED'), ${submittedAt})`;

const sampledRow = z.object({ at: z.coerce.date() });

/** The rule above for one sample, read on its own. */
export async function sampledAt(executor: Executor, sample: { id: number; createdAt: Date }): Promise<Date> {
  const result = (await executor.execute(
    sql`select ${sampledAtSql(sql`${sample.id}`, sql`${sample.createdAt.toISOString()}::timestamptz`)} as at`,
  )) as { rows: Record<string, unknown>[] };
  const [row] = result.rows;
  return row ? sampledRow.parse(row).at : sample.createdAt;
}
