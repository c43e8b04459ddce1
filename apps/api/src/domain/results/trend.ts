import { type Limit, type Parameter, type ParameterVerdict, type TrendQuery } from "@lab/contracts";
import { parameters, reports, sampleProviders, samples } from "@lab/db";
import { and, desc, eq, type SQL } from "drizzle-orm";

import { invalidField, notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";
import { ownCrop } from "../farms/crops";
import { ownPond } from "../farms/farms";
import { visibleReports, type Member } from "../organisations/access";
import { checkedMarkets, currentSpecs, toParameter } from "./catalogue";

export const TREND_POINTS = 50;

export interface TrendPoint {
  reportId: number;
  sampleId: number;
  at: Date;
  value: number | null;
  qualifier: string | null;
  display: string;
  verdict: ParameterVerdict;
}

export interface TrendView {
  parameter: Parameter;
  market: string | null;
  limit: Limit | null;
  points: TrendPoint[];
}

/** Without a market: the worst verdict the report gave the parameter in any market it judged. */
const worst = (verdicts: ParameterVerdict[]): ParameterVerdict =>
  verdicts.includes("fail")
    ? "fail"
    : verdicts.includes("pending")
      ? "pending"
      : verdicts.includes("pass")
        ? "pass"
        : "no_limit";

/**
 * Which samples a trend follows: a provider's, a pond's or a crop's, each of the member's organisation
 * (another's is not found).
 */
async function trendSubject(ctx: DomainContext, member: Member, query: TrendQuery): Promise<SQL[]> {
  if (query.pondId !== undefined) {
    const pond = await ownPond(ctx.db, member, query.pondId);
    return [eq(samples.pondId, pond.id)];
  }
  if (query.cropId !== undefined) {
    const crop = await ownCrop(ctx.db, member, query.cropId);
    // The pond as well: the samples' pond index finds them.
    return [eq(samples.pondId, crop.pondId), eq(samples.cropId, crop.id)];
  }
  const [provider] = await ctx.db
    .select({ id: sampleProviders.id })
    .from(sampleProviders)
    .where(
      and(
        eq(sampleProviders.id, query.providerId ?? 0),
        eq(sampleProviders.organisationId, member.organisationId),
      ),
    );
  if (!provider) throw notFound("providerNotFound");
  return [eq(samples.providerId, provider.id)];
}

/**
 * One parameter across a provider's, a pond's or a crop's standing reports (the newest 50, oldest
 * first), each with the verdict its report gave, and the chosen market's limit in force today for the
 * chart's line.
 */
export async function reportTrend(ctx: DomainContext, member: Member, query: TrendQuery): Promise<TrendView> {
  const subject = await trendSubject(ctx, member, query);
  const [row] = await ctx.db.select().from(parameters).where(eq(parameters.code, query.parameter));
  if (!row) throw invalidField("trendParameterRequired", "parameter");
  const parameter = toParameter(row);
  const market =
    query.market === undefined
      ? null
      : ((await checkedMarkets(ctx.db, member.organisationId, [query.market], "market"))[0] ?? null);
  const [spec] = market === null ? [] : await currentSpecs(ctx.db, [market], ctx.now());
  const limit =
    spec?.limits[parameter.code] ??
    (parameter.confirmWith !== null ? spec?.limits[parameter.confirmWith] : undefined) ??
    null;

  const rows = await ctx.db
    .select({ report: reports })
    .from(reports)
    .innerJoin(samples, eq(samples.id, reports.sampleId))
    .where(and(visibleReports(member), ...subject, eq(reports.status, "valid")))
    .orderBy(desc(reports.completedAt), desc(reports.id))
    .limit(TREND_POINTS);
  const points: TrendPoint[] = [];
  for (const { report } of rows.reverse()) {
    const line = report.parameters.find((candidate) => candidate.code === parameter.code);
    if (!line?.result) continue;
    const verdicts = line.markets.map((judged) => judged.verdict);
    points.push({
      reportId: report.id,
      sampleId: report.sampleId,
      at: report.completedAt,
      value: line.result.value,
      qualifier: line.result.qualifier,
      display: line.result.display,
      verdict:
        market === null
          ? worst(verdicts)
          : (line.markets.find((judged) => judged.code === market)?.verdict ?? "no_limit"),
    });
  }
  return { parameter, market, limit, points };
}
