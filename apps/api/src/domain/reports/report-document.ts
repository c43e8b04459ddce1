import { createHash } from "node:crypto";

import {
  agents,
  customers,
  organisations,
  reportDocuments,
  reports,
  sampleEvents,
  samples,
  specVersions,
  staff,
} from "@lab/db";
import { eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { ReportRow } from "@lab/db";

import { notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";
import { reportPdfFileName } from "../../pdf/report/identity";
import type { ReportPdfInput, SpecCitation } from "../../pdf/report/input";
import { buildReportPdf } from "../../pdf/report/report-pdf";
import { stampRevoked } from "../../pdf/revoked-stamp";
import { samplingFacts } from "./sampling";
import { screeningFacts } from "./screening";

export const sha256Hex = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

const analysts = alias(staff, "analyst");
const reviewers = alias(staff, "reviewer");
const replaced = alias(reports, "replaced");

/** When the sample last made this move (the latest counts: a sample sent back arrived again later). */
const lastMove = (from: "COLLECTING" | "COLLECTED", to: "COLLECTED" | "TESTING") =>
  sql<Date | null>`(select max(${sampleEvents.at}) from ${sampleEvents} where ${sampleEvents.sampleId} = ${samples.id} and ${sampleEvents.fromStatus} = ${from} and ${sampleEvents.toStatus} = ${to})`.mapWith(
    sampleEvents.at,
  );

/**
 * What the certificate of analysis of a report prints, from what the database holds: the report with
 * its sample, customer, agent, analyst, reviewer, the report it replaces and the sample's collection
 * and reception times in one query; then the cited specification versions, the field agent's
 * collection with reception's check when there is one, and, for a pre-harvest screening, its farm,
 * pond, crop, lot and validity.
 */
export async function reportPdfInput(ctx: DomainContext, reportId: number): Promise<ReportPdfInput> {
  const [row] = await ctx.db
    .select({
      report: reports,
      sample: samples,
      customer: customers,
      organisationName: organisations.name,
      agent: agents.name,
      analyst: analysts.name,
      reviewer: reviewers.name,
      replacesNumber: replaced.certification,
      collectedAt: lastMove("COLLECTING", "COLLECTED"),
      receivedAt: lastMove("COLLECTED", "TESTING"),
    })
    .from(reports)
    .innerJoin(samples, eq(samples.id, reports.sampleId))
    .innerJoin(customers, eq(customers.id, reports.customerId))
    .innerJoin(organisations, eq(organisations.id, reports.organisationId))
    .leftJoin(agents, eq(agents.id, samples.agentId))
    .leftJoin(analysts, eq(analysts.id, reports.analystId))
    .leftJoin(reviewers, eq(reviewers.id, reports.issuedBy))
    .leftJoin(replaced, eq(replaced.id, reports.replacesId))
    .where(eq(reports.id, reportId));
  if (!row) throw notFound("reportNotFound");
  const { report } = row;
  const specIds = report.markets.flatMap((market) =>
    market.specVersionId === null ? [] : [market.specVersionId],
  );
  const [specs, screening, sampling] = await Promise.all([
    specIds.length === 0 ? [] : ctx.db.select().from(specVersions).where(inArray(specVersions.id, specIds)),
    screeningFacts(ctx.db, row.sample, report.completedAt),
    samplingFacts(ctx.db, row.sample.id),
  ]);
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
  return {
    report,
    sample: row.sample,
    // The certificate names the customer's organisation as the company.
    customer: { ...row.customer, company: row.organisationName },
    signatory: row.reviewer,
    analyst: row.analyst,
    agent: row.agent,
    collectedAt: row.collectedAt,
    receivedAt: row.receivedAt,
    specVersions: citations,
    replaces: report.replacesId === null ? null : (row.replacesNumber ?? `R-${report.replacesId}`),
    publicUrl: ctx.publicUrl,
    screening,
    sampling,
  };
}

/** Renders the certificate of analysis: on a worker thread where there are any, else here. */
export async function renderReportPdf(ctx: DomainContext, reportId: number): Promise<Buffer> {
  const input = await reportPdfInput(ctx, reportId);
  const pool = ctx.renderPool;
  if (!pool) return buildReportPdf(input);
  // A worker that fails (it died, it could not start) costs the request nothing but time.
  return pool.render(input).catch(() => buildReportPdf(input));
}

/**
 * The issued PDF of a report: rendered and stored the first time it is asked for (at release), then
 * always those same bytes, whatever happens to the report later (a revoked report's stored PDF is
 * not re-rendered: the public check says it was revoked). A second writer's copy loses: the first
 * stored one is the issued one. It is in English and the customer's language as the account has it
 * at release (customers.language, read with the customer row); changing the language later leaves
 * the issued document as it is.
 */
export async function reportDocument(
  ctx: DomainContext,
  reportId: number,
): Promise<{ pdf: Buffer; sha256: string }> {
  const [stored] = await ctx.db.select().from(reportDocuments).where(eq(reportDocuments.reportId, reportId));
  if (stored) return { pdf: stored.pdf, sha256: stored.sha256 };
  const pdf = await renderReportPdf(ctx, reportId);
  const [inserted] = await ctx.db
    .insert(reportDocuments)
    .values({ reportId, pdf, sha256: sha256Hex(pdf) })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { pdf: inserted.pdf, sha256: inserted.sha256 };
  // Another writer stored it first: theirs is the issued one.
  const [issued] = await ctx.db.select().from(reportDocuments).where(eq(reportDocuments.reportId, reportId));
  if (!issued) throw new Error("report document was not stored");
  return { pdf: issued.pdf, sha256: issued.sha256 };
}

/**
 * The PDF a person downloads or receives: the issued document, or for a revoked report a copy with
 * the revocation stamped on every page (a revoked certificate never leaves looking valid). The stored
 * document stays as issued: its hash is what the public check compares.
 */
export async function reportDownload(
  ctx: DomainContext,
  report: ReportRow,
): Promise<{ pdf: Buffer; filename: string }> {
  const { pdf } = await reportDocument(ctx, report.id);
  const filename = reportPdfFileName(report);
  if (report.status !== "revoked") return { pdf, filename };
  const [replacement] =
    report.replacedById === null
      ? []
      : await ctx.db
          .select({ id: reports.id, certification: reports.certification })
          .from(reports)
          .where(eq(reports.id, report.replacedById));
  const [customer] = await ctx.db
    .select({ language: customers.language })
    .from(customers)
    .where(eq(customers.id, report.customerId));
  const stamped = await stampRevoked(pdf, {
    revokedAt: report.revokedAt,
    reasonCode: report.revokedReasonCode,
    replacedBy: replacement ? (replacement.certification ?? `R-${replacement.id}`) : null,
    language: customer?.language,
  });
  return { pdf: stamped, filename: filename.replace(/\.pdf$/, "-REVOKED.pdf") };
}
