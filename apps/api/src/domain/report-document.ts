import { createHash } from "node:crypto";

import { messages } from "@lab/contracts";
import { customers, reportDocuments, reports, samples, staff } from "@lab/db";
import { eq } from "drizzle-orm";

import { AppError } from "../lib/app-error";
import type { DomainContext } from "./context";
import { buildReportPdf } from "./report-pdf";

export const sha256Hex = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

/** Renders the certificate of analysis of a report from what the database holds. */
export async function renderReportPdf(ctx: DomainContext, reportId: number): Promise<Buffer> {
  const [row] = await ctx.db
    .select({ report: reports, sample: samples, customer: customers })
    .from(reports)
    .innerJoin(samples, eq(samples.id, reports.sampleId))
    .innerJoin(customers, eq(customers.id, reports.customerId))
    .where(eq(reports.id, reportId));
  if (!row) throw new AppError(404, "not_found", messages.reportNotFound);
  const [signatory] =
    row.report.issuedBy === null
      ? []
      : await ctx.db.select({ name: staff.name }).from(staff).where(eq(staff.id, row.report.issuedBy));
  return buildReportPdf({
    report: row.report,
    sample: row.sample,
    customer: row.customer,
    signatory: signatory?.name ?? null,
    publicUrl: ctx.publicUrl,
  });
}

/**
 * The issued PDF of a report: rendered and stored the first time it is asked for (at release), then
 * always those same bytes. A second writer's copy loses: the first stored one is the issued one.
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
