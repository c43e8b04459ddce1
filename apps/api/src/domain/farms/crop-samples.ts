import { CROP_SAMPLES_MAX } from "@lab/contracts";
import { harvestLots, reports, samples, type Executor, type ReportRow, type SampleRow } from "@lab/db";
import { and, asc, desc, eq, inArray } from "drizzle-orm";

import type { DomainContext } from "../context";
import { visibleSamples, type Member } from "../organisations/access";
import { ownCrop } from "./crops";

export interface CropSampleView {
  sample: SampleRow;
  lotCode: string | null;
  /** Its latest report (the highest round), revoked or not; null before one is released. */
  report: ReportRow | null;
}

export interface CropSamplesView {
  items: CropSampleView[];
  /** The parameters with a result in the listed samples' valid reports, in the order first seen. */
  parameters: { code: string; name: string }[];
}

async function latestReports(db: Executor, sampleIds: number[]): Promise<Map<number, ReportRow>> {
  if (sampleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([reports.sampleId])
    .from(reports)
    .where(inArray(reports.sampleId, sampleIds))
    .orderBy(asc(reports.sampleId), desc(reports.round));
  return new Map(rows.map((row) => [row.sampleId, row]));
}

function reportParameters(items: readonly CropSampleView[]): { code: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const { report } of items) {
    if (report?.status !== "valid") continue;
    for (const line of report.parameters)
      if (line.result && !seen.has(line.code)) seen.set(line.code, line.name);
  }
  return [...seen].map(([code, name]) => ({ code, name }));
}

/**
 * GET /crops/{id}/samples: the crop's samples the member sees (scope `own`: their own), newest first,
 * each with its lot's code and its latest report. A crop of another organisation is not found.
 */
export async function listCropSamples(
  ctx: DomainContext,
  member: Member,
  cropId: number,
): Promise<CropSamplesView> {
  const crop = await ownCrop(ctx.db, member, cropId);
  const rows = await ctx.db
    .select({ sample: samples, lotCode: harvestLots.code })
    .from(samples)
    .leftJoin(harvestLots, eq(harvestLots.id, samples.lotId))
    // The pond as well: the samples' pond index finds them.
    .where(and(eq(samples.pondId, crop.pondId), eq(samples.cropId, crop.id), visibleSamples(member)))
    .orderBy(desc(samples.createdAt), desc(samples.id))
    .limit(CROP_SAMPLES_MAX);
  const latest = await latestReports(
    ctx.db,
    rows.map((row) => row.sample.id),
  );
  const items = rows.map((row) => ({
    sample: row.sample,
    lotCode: row.lotCode,
    report: latest.get(row.sample.id) ?? null,
  }));
  return { items, parameters: reportParameters(items) };
}
