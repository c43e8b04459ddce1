import { customers, reports, samples, type SampleRow } from "@lab/db";
import { eq, getTableColumns } from "drizzle-orm";

import type { DomainContext } from "../context";

/** A sample as customers read it: with its report's id once one is issued. */
export type SampleView = SampleRow & { reportId: number | null };
const sampleViewColumns = { ...getTableColumns(samples), reportId: reports.id };
export const selectSampleViews = (ctx: DomainContext) =>
  ctx.db.select(sampleViewColumns).from(samples).leftJoin(reports, eq(reports.sampleId, samples.id));

/** A sample as the staff console lists it: with its customer. */
export type StaffSampleView = SampleView & { customerName: string; company: string | null };
export const staffSampleViewColumns = {
  ...sampleViewColumns,
  customerName: customers.fullName,
  company: customers.company,
};
