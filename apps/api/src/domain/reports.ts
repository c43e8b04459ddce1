import { certificationNumber, messages } from "@lab/contracts";
import {
  certificateSequences,
  customers,
  reportDocuments,
  reports,
  sampleAnalyses,
  sampleEvents,
  samples,
  staff,
  type Executor,
  type ReportRow,
  type Tx,
} from "@lab/db";
import { and, desc, eq, inArray, sql } from "drizzle-orm";

import { AppError } from "../lib/app-error";
import { reportRevokedMail } from "../mail/account-mails";
import { enqueueMail } from "../mail/outbox";
import type { DomainContext } from "./context";
import { changeEvents, notificationEvent } from "./domain-events";
import { insertNotification } from "./notifications";
import { reportDocument } from "./report-document";
import { reportPdfFileName } from "./report-pdf";
import type { Actor } from "./sample-moves";

const reportNotFound = () => new AppError(404, "not_found", messages.reportNotFound);

/** The lab's calendar year (India Standard Time) of an instant. */
export const labYear = (at: Date): number => new Date(at.getTime() + 330 * 60_000).getUTCFullYear();

/** The next number of the year: one atomic upsert, so concurrent issues never share a number. */
export async function nextCertification(tx: Tx, year: number): Promise<string> {
  const [row] = await tx
    .insert(certificateSequences)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: certificateSequences.year,
      set: { last: sql`${certificateSequences.last} + 1` },
    })
    .returning({ last: certificateSequences.last });
  if (!row) throw new Error("certificate sequence returned no row");
  return certificationNumber(year, row.last);
}

/** Revoking keeps the report readable, marks it revoked and tells the customer; audited as an event. */
export async function revokeReport(
  ctx: DomainContext,
  reportId: number,
  reason: string,
  actor: Actor,
): Promise<ReportRow> {
  const now = ctx.now();
  const { updated, notification, sample } = await ctx.db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for("update");
    if (!report) throw reportNotFound();
    if (report.status === "revoked") throw new AppError(409, "conflict", messages.reportAlreadyRevoked);
    const [updated] = await tx
      .update(reports)
      .set({ status: "revoked", revokedReason: reason, revokedAt: now })
      .where(eq(reports.id, reportId))
      .returning();
    if (!updated) throw new Error("update returned no row");
    await tx.insert(sampleEvents).values({
      sampleId: report.sampleId,
      fromStatus: "COMPLETED",
      toStatus: "COMPLETED",
      actor: actor.kind === "staff" ? `staff:${actor.id}` : "system",
      kind: "revoked",
      note: `Report revoked: ${reason}`,
      at: now,
    });
    // The next round of results issues the replacement (a correction or a retest).
    const [bumped] = await tx
      .update(samples)
      .set({ resultRound: report.round + 1, updatedAt: now })
      .where(eq(samples.id, report.sampleId))
      .returning();
    await tx
      .insert(sampleAnalyses)
      .values({
        sampleId: report.sampleId,
        round: report.round + 1,
        state: "awaiting_results",
        updatedAt: now,
      })
      .onConflictDoNothing();
    const notice = await insertNotification(tx, {
      customerId: report.customerId,
      sampleId: report.sampleId,
      type: "report_revoked",
      // The report's id lets the bell open the revoked report itself.
      data: {
        notice: "reportRevoked",
        stage: "completed",
        reportId,
        reason,
        ...(report.certification ? { certification: report.certification } : {}),
      },
      createdAt: now,
    });
    // The customer hears it by mail too, in their language (issue 17).
    const [customer] = await tx.select().from(customers).where(eq(customers.id, report.customerId));
    if (customer) {
      await enqueueMail(
        tx,
        reportRevokedMail(customer, {
          sampleId: report.sampleId,
          certification: report.certification,
          reason,
        }),
      );
    }
    return { updated, notification: notice, sample: bumped };
  });
  ctx.mailQueued();
  // The sample goes out too: every open screen of it (its report, the lists, the history) re-reads.
  ctx.publish(sample ? changeEvents(sample, notification, updated.id) : [notificationEvent(notification)]);
  return updated;
}

/** Reports that passed and still stand: a revoked report is no longer a successful test. */
export async function countSuccessfulReports(ctx: DomainContext, customerId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(reports)
    .where(
      and(eq(reports.customerId, customerId), eq(reports.result, "success"), eq(reports.status, "valid")),
    );
  return row?.n ?? 0;
}

/** What a report shows besides its row: the two people, the issued PDF's hash, the replacement chain. */
export interface ReportExtras {
  analyst: { name: string; at: Date } | null;
  reviewer: { name: string; at: Date } | null;
  sha256: string | null;
  replacedBy: { id: number; certification: string | null } | null;
  replaces: { id: number; certification: string | null } | null;
}
export interface ReportWithExtras {
  row: ReportRow;
  extras: ReportExtras;
}

/** The extras of several reports in three queries. */
export async function withExtras(
  executor: Executor,
  rows: readonly ReportRow[],
): Promise<ReportWithExtras[]> {
  if (rows.length === 0) return [];
  const staffIds = [
    ...new Set(rows.flatMap((row) => [row.analystId, row.issuedBy]).filter((id) => id !== null)),
  ];
  const linkedIds = [
    ...new Set(rows.flatMap((row) => [row.replacedById, row.replacesId]).filter((id) => id !== null)),
  ];
  const [people, documents, linked] = await Promise.all([
    staffIds.length === 0
      ? []
      : executor.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, staffIds)),
    executor
      .select({ reportId: reportDocuments.reportId, sha256: reportDocuments.sha256 })
      .from(reportDocuments)
      .where(
        inArray(
          reportDocuments.reportId,
          rows.map((row) => row.id),
        ),
      ),
    linkedIds.length === 0
      ? []
      : executor
          .select({ id: reports.id, certification: reports.certification })
          .from(reports)
          .where(inArray(reports.id, linkedIds)),
  ]);
  const name = (id: number | null) => people.find((person) => person.id === id)?.name;
  const link = (id: number | null) => linked.find((report) => report.id === id) ?? null;
  return rows.map((row) => {
    const analyst = name(row.analystId);
    const reviewer = name(row.issuedBy);
    return {
      row,
      extras: {
        analyst: analyst !== undefined ? { name: analyst, at: row.analysedAt ?? row.completedAt } : null,
        reviewer: reviewer !== undefined ? { name: reviewer, at: row.completedAt } : null,
        sha256: documents.find((document) => document.reportId === row.id)?.sha256 ?? null,
        replacedBy: link(row.replacedById),
        replaces: link(row.replacesId),
      },
    };
  });
}

export async function listReports(ctx: DomainContext, customerId: number): Promise<ReportWithExtras[]> {
  const rows = await ctx.db
    .select()
    .from(reports)
    .where(eq(reports.customerId, customerId))
    .orderBy(desc(reports.completedAt), desc(reports.id));
  return withExtras(ctx.db, rows);
}

async function reportRow(ctx: DomainContext, customerId: number | undefined, reportId: number) {
  const [row] = await ctx.db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.id, reportId),
        customerId === undefined ? undefined : eq(reports.customerId, customerId),
      ),
    );
  if (!row) throw reportNotFound();
  return row;
}

export async function getReport(
  ctx: DomainContext,
  customerId: number | undefined,
  reportId: number,
): Promise<ReportWithExtras> {
  const [report] = await withExtras(ctx.db, [await reportRow(ctx, customerId, reportId)]);
  if (!report) throw reportNotFound();
  return report;
}

/**
 * The public certificate check: only what the certificate itself states, no personal data; with
 * the issued PDF's hash (stored now if it never was) and the number of its replacement.
 */
export async function findCertificate(ctx: DomainContext, number: string) {
  const [row] = await ctx.db
    .select({ report: reports, shrimpCategory: samples.shrimpCategory })
    .from(reports)
    .innerJoin(samples, eq(samples.id, reports.sampleId))
    .where(eq(reports.certification, number));
  if (!row) throw new AppError(404, "not_found", messages.certificateNotFound);
  const { sha256 } = await reportDocument(ctx, row.report.id);
  const [replacement] =
    row.report.replacedById === null
      ? []
      : await ctx.db
          .select({ id: reports.id, certification: reports.certification })
          .from(reports)
          .where(eq(reports.id, row.report.replacedById));
  return { ...row, sha256, replacedBy: replacement ?? null };
}

/** The certificate of analysis of an own report: the issued bytes, always the same. */
export async function reportPdf(ctx: DomainContext, customerId: number, reportId: number) {
  const report = await reportRow(ctx, customerId, reportId);
  const { pdf } = await reportDocument(ctx, report.id);
  return { pdf, filename: reportPdfFileName(report) };
}
