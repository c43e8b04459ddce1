import type { AnalysisState, Parameter } from "@lab/contracts";
import {
  customers,
  organisations,
  reports,
  sampleAnalyses,
  sampleEvents,
  samples,
  type SampleEventRow,
} from "@lab/db";
import { and, asc, count, desc, eq, exists, inArray, isNull, sql } from "drizzle-orm";

import { notFound } from "../../../lib/app-error";
import type { DomainContext } from "../../context";
import { withExtras, type ReportWithExtras } from "../../reports/reports";
import { sampleAnalysis, type AnalysisView } from "../../results";
import { eventActorNames } from "../event-actors";
import { searchCondition, statusesOf } from "./filters";
import { currentReportJoin, staffSampleViewColumns, type StaffSampleView } from "./views";

/** The staff console's and the lab CLI's list: every customer's samples, one page. */
export interface StaffSampleQuery {
  /** "all", a group of STATUS_GROUPS, or a status. */
  status: string;
  /** The PENDING queue with no agent, oldest first (flagged in the console). */
  unassigned: boolean;
  q: string;
  page: number;
  size: number;
  /** Only samples whose current round of results is in this state (the reviewer's queue: awaiting_review). */
  analysis?: AnalysisState | undefined;
}

export async function listStaffSamples(ctx: DomainContext, query: StaffSampleQuery) {
  const statuses = statusesOf(query.status);
  const where = and(
    statuses ? inArray(samples.status, [...statuses]) : undefined,
    query.unassigned ? and(eq(samples.status, "PENDING"), isNull(samples.agentId)) : undefined,
    searchCondition(query.q),
    query.analysis === undefined
      ? undefined
      : exists(
          ctx.db
            .select({ one: sql`1` })
            .from(sampleAnalyses)
            .where(
              and(
                eq(sampleAnalyses.sampleId, samples.id),
                eq(sampleAnalyses.round, samples.resultRound),
                eq(sampleAnalyses.state, query.analysis),
              ),
            ),
        ),
  );
  const [items, [totals]] = await Promise.all([
    ctx.db
      .select(staffSampleViewColumns)
      .from(samples)
      .innerJoin(customers, eq(customers.id, samples.customerId))
      .innerJoin(organisations, eq(organisations.id, samples.organisationId))
      .leftJoin(reports, currentReportJoin)
      .where(where)
      .orderBy(
        ...(query.unassigned
          ? [asc(samples.createdAt), asc(samples.id)]
          : [desc(samples.updatedAt), desc(samples.id)]),
      )
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    ctx.db.select({ total: count() }).from(samples).where(where),
  ]);
  return { items, total: totals?.total ?? 0, page: query.page, size: query.size };
}

export interface StaffSampleDetail {
  sample: StaffSampleView & { customerEmail: string | null };
  events: SampleEventRow[];
  /** The people behind the events' actors (eventActorNames). */
  actorNames: Map<string, string>;
  /** Every report of the sample, newest first, with their extras; the first is the current one. */
  reports: ReportWithExtras[];
  /** The sample's panel, with the confirmatory parameters its results call for. */
  panel: Parameter[];
  analysis: AnalysisView | null;
}

/** One sample with its customer, timeline and report, for the console's detail view. */
export async function getStaffSample(ctx: DomainContext, id: number): Promise<StaffSampleDetail> {
  const [row] = await ctx.db
    .select({ ...staffSampleViewColumns, customerEmail: customers.email })
    .from(samples)
    .innerJoin(customers, eq(customers.id, samples.customerId))
    .innerJoin(organisations, eq(organisations.id, samples.organisationId))
    .leftJoin(reports, currentReportJoin)
    .where(eq(samples.id, id));
  if (!row) throw notFound("sampleNotFound");
  const [events, reportRows, round] = await Promise.all([
    ctx.db
      .select()
      .from(sampleEvents)
      .where(eq(sampleEvents.sampleId, id))
      .orderBy(asc(sampleEvents.at), asc(sampleEvents.id)),
    ctx.db
      .select()
      .from(reports)
      .where(eq(reports.sampleId, id))
      .orderBy(desc(reports.round), desc(reports.id)),
    sampleAnalysis(ctx.db, row, ctx.now()),
  ]);
  return {
    sample: row,
    events,
    actorNames: await eventActorNames(ctx.db, events),
    reports: await withExtras(ctx.db, reportRows),
    panel: round.panel,
    analysis: round.analysis,
  };
}
