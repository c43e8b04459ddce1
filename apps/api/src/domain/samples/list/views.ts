import { customers, organisations, reports, samples, type SampleRow } from "@lab/db";
import type { ReportRevocation } from "@lab/contracts";
import { and, eq, getTableColumns, isNull, sql } from "drizzle-orm";

import type { DomainContext } from "../../context";

/**
 * A sample as customers read it: with its current report's id once one is issued, and whether that
 * report is revoked (awaiting its replacement) or is the replacement of a revoked one.
 */
export type SampleView = SampleRow & { reportId: number | null; reportRevocation: ReportRevocation | null };
const sampleViewColumns = {
  ...getTableColumns(samples),
  reportId: reports.id,
  reportRevocation: sql<ReportRevocation | null>`case when ${reports.status} = 'revoked' then 'revoked' when ${reports.replacesId} is not null then 'replaced' end`,
};
/** The sample's current report: the one no other replaced (a revoked one stays until its replacement). */
export const currentReportJoin = and(eq(reports.sampleId, samples.id), isNull(reports.replacedById));
export const selectSampleViews = (ctx: DomainContext) =>
  ctx.db.select(sampleViewColumns).from(samples).leftJoin(reports, currentReportJoin);

/** A sample as the staff console lists it: with its customer. */
export type StaffSampleView = SampleView & { customerName: string; company: string | null };
export const staffSampleViewColumns = {
  ...sampleViewColumns,
  customerName: customers.fullName,
  company: organisations.name,
};
