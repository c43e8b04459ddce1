import { certificationNumber, messages, type issueReportRequestSchema } from "@lab/contracts";
import {
  certificateSequences,
  customers,
  notifications,
  reports,
  sampleEvents,
  samples,
  staff,
  type ReportRow,
  type Tx,
} from "@lab/db";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";

import { AppError } from "../lib/app-error";
import { enqueueMail } from "../mail/outbox";
import type { DomainContext } from "./context";
import { changeEvents, notificationEvent } from "./domain-events";
import { buildReportPdf, reportPdfFileName } from "./report-pdf";
import { applyMove, type Actor } from "./sample-moves";

export type IssueReportInput = z.output<typeof issueReportRequestSchema>;

const reportNotFound = () => new AppError(404, "not_found", messages.reportNotFound);

/** The lab's calendar year (India Standard Time) of an instant. */
export const labYear = (at: Date): number => new Date(at.getTime() + 330 * 60_000).getUTCFullYear();

/** The next number of the year: one atomic upsert, so concurrent issues never share a number. */
async function nextCertification(tx: Tx, year: number): Promise<string> {
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

/**
 * Issues the report of a sample under test: one result line per requested test type, success only if
 * every verdict passes, a certification number for a success, and the move to COMPLETED with the
 * customer's notification and e-mail, all in one transaction.
 */
export async function issueReport(
  ctx: DomainContext,
  sampleId: number,
  input: IssueReportInput,
  actor: Actor,
): Promise<ReportRow> {
  const now = ctx.now();
  const report = await ctx.db.transaction(async (tx) => {
    const [sample] = await tx.select().from(samples).where(eq(samples.id, sampleId)).for("update");
    if (!sample) throw new AppError(404, "not_found", messages.sampleNotFound);
    const requested = new Set(sample.testTypes);
    const given = input.tests.map((test) => test.testType);
    if (
      sample.status === "TESTING" &&
      (given.length !== requested.size ||
        !given.every((type) => requested.has(type)) ||
        new Set(given).size !== given.length)
    ) {
      throw new AppError(400, "validation_failed", messages.reportTestTypesMismatch);
    }
    // The move checks the state (TESTING → COMPLETED) before anything is written.
    const moved = await applyMove(tx, now, sampleId, { type: "complete" }, actor);
    const ordered = sample.testTypes
      .map((type) => input.tests.find((test) => test.testType === type))
      .filter((test) => test !== undefined);
    const result = ordered.every((test) => test.verdict === "pass") ? "success" : "failure";
    const certification = result === "success" ? await nextCertification(tx, labYear(now)) : null;
    const [row] = await tx
      .insert(reports)
      .values({
        sampleId,
        customerId: sample.customerId,
        result,
        details: {
          initialInspection: input.initialInspection,
          labResults: input.labResults,
          finalReview: input.finalReview,
        },
        tests: ordered,
        certification,
        issuedBy: actor.kind === "staff" ? actor.id : null,
        completedAt: now,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    const [customer] = await tx.select().from(customers).where(eq(customers.id, sample.customerId));
    if (customer) {
      await enqueueMail(tx, {
        to: [customer.email],
        subject: `Your test report for sample #${sampleId} is ready`,
        text: [
          `Hello ${customer.fullName},`,
          "",
          `Testing of sample #${sampleId} (${sample.shrimpCategory}) is complete: ${result === "success" ? "Test Passed" : "Test Failed"}.`,
          certification ? `Certification number: ${certification}` : "",
          "",
          "Sign in to the AquaTest Laboratory portal to read and download the report.",
        ]
          .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
          .join("\n"),
      });
    }
    return { row, moved };
  });
  ctx.mailQueued();
  ctx.publish(changeEvents(report.moved.sample, report.moved.notification, report.row.id));
  return report.row;
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
      note: `Report revoked: ${reason}`,
      at: now,
    });
    const [notice] = await tx
      .insert(notifications)
      .values({
        customerId: report.customerId,
        sampleId: report.sampleId,
        type: "report_revoked",
        title: "Report Revoked",
        message: `The report for sample #${report.sampleId}${report.certification ? ` (${report.certification})` : ""} was revoked: ${reason}`,
        // The report's id lets the bell open the revoked report itself.
        data: { stage: "completed", reportId },
        createdAt: now,
      })
      .returning();
    if (!notice) throw new Error("insert returned no row");
    const [sample] = await tx.select().from(samples).where(eq(samples.id, report.sampleId));
    return { updated, notification: notice, sample };
  });
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

export function listReports(ctx: DomainContext, customerId: number): Promise<ReportRow[]> {
  return ctx.db
    .select()
    .from(reports)
    .where(eq(reports.customerId, customerId))
    .orderBy(desc(reports.completedAt), desc(reports.id));
}

export async function getReport(
  ctx: DomainContext,
  customerId: number | undefined,
  reportId: number,
): Promise<ReportRow> {
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

/** The public certificate check: only what the certificate itself states, no personal data. */
export async function findCertificate(ctx: DomainContext, number: string) {
  const [row] = await ctx.db
    .select({ report: reports, shrimpCategory: samples.shrimpCategory })
    .from(reports)
    .innerJoin(samples, eq(samples.id, reports.sampleId))
    .where(eq(reports.certification, number));
  if (!row) throw new AppError(404, "not_found", messages.certificateNotFound);
  return row;
}

/** The certificate of analysis of an own report, as PDF bytes and a file name. */
export async function reportPdf(ctx: DomainContext, customerId: number, reportId: number) {
  const report = await getReport(ctx, customerId, reportId);
  const [[row], [signatory]] = await Promise.all([
    ctx.db
      .select({ sample: samples, customer: customers })
      .from(samples)
      .innerJoin(customers, eq(customers.id, samples.customerId))
      .where(eq(samples.id, report.sampleId)),
    report.issuedBy === null
      ? [undefined]
      : ctx.db.select({ name: staff.name }).from(staff).where(eq(staff.id, report.issuedBy)),
  ]);
  if (!row) throw reportNotFound();
  const pdf = await buildReportPdf({
    report,
    sample: row.sample,
    customer: row.customer,
    signatory: signatory?.name ?? null,
    publicUrl: ctx.publicUrl,
  });
  return { pdf, filename: reportPdfFileName(report) };
}
