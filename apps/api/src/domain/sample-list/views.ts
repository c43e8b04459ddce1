import { customers, reports, samples, type SampleRow } from "@lab/db";
import { and, eq, getTableColumns, isNull } from "drizzle-orm";

import type { DomainContext } from "../context";

/** A sample as customers read it: with its current report's id once one is issued. */
export type SampleView = SampleRow & { reportId: number | null };
const sampleViewColumns = { ...getTableColumns(samples), reportId: reports.id };
/** The sample's current report: the one no other replaced (a revoked one stays until its replacement). */
export const currentReportJoin = and(eq(reports.sampleId, samples.id), isNull(reports.replacedById));
export const selectSampleViews = (ctx: DomainContext) =>
  ctx.db.select(sampleViewColumns).from(samples).leftJoin(reports, currentReportJoin);

/** A sample as the staff console lists it: with its customer. */
export type StaffSampleView = SampleView & { customerName: string; company: string | null };
export const staffSampleViewColumns = {
  ...sampleViewColumns,
  customerName: customers.fullName,
  company: customers.company,
};
