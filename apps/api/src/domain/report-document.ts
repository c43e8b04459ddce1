import { createHash } from "node:crypto";

import { messages } from "@lab/contracts";
import {
  agents,
  customers,
  reportDocuments,
  reports,
  sampleEvents,
  samples,
  specVersions,
  staff,
} from "@lab/db";
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { AppError } from "../lib/app-error";
import type { DomainContext } from "./context";
import { buildReportPdf, type SpecCitation } from "./report-pdf";

export const sha256Hex = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

const analysts = alias(staff, "analyst");
const reviewers = alias(staff, "reviewer");
const replaced = alias(reports, "replaced");

/**
 * Renders the certificate of analysis of a report from what the database holds: the report with its
 * sample, customer, agent, analyst, reviewer and the report it replaces in one query; then the
 * sample's collection and reception moves and the cited specification versions.
 */
export async function renderReportPdf(ctx: DomainContext, reportId: number): Promise<Buffer> {
  const [row] = await ctx.db
    .select({
      report: reports,
      sample: samples,
      customer: customers,
      agent: agents.name,
      analyst: analysts.name,
      reviewer: reviewers.name,
      replacesNumber: replaced.certification,
    })
    .from(reports)
    .innerJoin(samples, eq(samples.id, reports.sampleId))
    .innerJoin(customers, eq(customers.id, reports.customerId))
    .leftJoin(agents, eq(agents.id, samples.agentId))
    .leftJoin(analysts, eq(analysts.id, reports.analystId))
    .leftJoin(reviewers, eq(reviewers.id, reports.issuedBy))
    .leftJoin(replaced, eq(replaced.id, reports.replacesId))
    .where(eq(reports.id, reportId));
  if (!row) throw new AppError(404, "not_found", messages.reportNotFound);
  const { report } = row;
  const specIds = report.markets.flatMap((market) =>
    market.specVersionId === null ? [] : [market.specVersionId],
  );
  const [moves, specs] = await Promise.all([
    ctx.db
      .select({ from: sampleEvents.fromStatus, to: sampleEvents.toStatus, at: sampleEvents.at })
      .from(sampleEvents)
      .where(
        and(
          eq(sampleEvents.sampleId, report.sampleId),
          or(
            and(eq(sampleEvents.fromStatus, "COLLECTING"), eq(sampleEvents.toStatus, "COLLECTED")),
            and(eq(sampleEvents.fromStatus, "COLLECTED"), eq(sampleEvents.toStatus, "TESTING")),
          ),
        ),
      )
      .orderBy(desc(sampleEvents.at), desc(sampleEvents.id)),
    specIds.length === 0
      ? Promise.resolve([])
      : ctx.db.select().from(specVersions).where(inArray(specVersions.id, specIds)),
  ]);
  // The latest of each move counts (a sample moved back and forth was collected when it last arrived).
  const collectedAt = moves.find((move) => move.to === "COLLECTED")?.at ?? null;
  const receivedAt = moves.find((move) => move.to === "TESTING")?.at ?? null;
  const citations: SpecCitation[] = report.markets.flatMap((market) => {
    const spec = specs.find((version) => version.id === market.specVersionId);
    return spec
      ? [
          {
            market: market.code,
            name: market.name,
            version: spec.version,
            effectiveFrom: spec.effectiveFrom,
            reference: spec.reference,
          },
        ]
      : [];
  });
  return buildReportPdf({
    report,
    sample: row.sample,
    customer: row.customer,
    signatory: row.reviewer,
    analyst: row.analyst,
    agent: row.agent,
    collectedAt,
    receivedAt,
    specVersions: citations,
    replaces: report.replacesId === null ? null : (row.replacesNumber ?? `R-${report.replacesId}`),
    publicUrl: ctx.publicUrl,
  });
}

/**
 * The issued PDF of a report: rendered and stored the first time it is asked for (at release), then
 * always those same bytes, whatever happens to the report later (a revoked report's stored PDF is
 * not re-rendered: the public check says it was revoked). A second writer's copy loses: the first
 * stored one is the issued one.
 */
export async function reportDocument(
  ctx: DomainContext,
  reportId: number,
): Promise<{ pdf: Buffer; sha256: string }> {
  const [stored] = await ctx.db.select().from(reportDocuments).where(eq(reportDocuments.reportId, reportId));
  if (stored) return { pdf: stored.pdf, sha256: stored.sha256 };
  const pdf = await renderReportPdf(ctx, reportId);
  await ctx.db
    .insert(reportDocuments)
    .values({ reportId, pdf, sha256: sha256Hex(pdf) })
    .onConflictDoNothing();
  const [issued] = await ctx.db.select().from(reportDocuments).where(eq(reportDocuments.reportId, reportId));
  if (!issued) throw new Error("report document was not stored");
  return { pdf: issued.pdf, sha256: issued.sha256 };
}
