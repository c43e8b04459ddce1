import { timingSafeEqual } from "node:crypto";

import {
  certificationNumber,
  revocationReasonText,
  type CertificateProof,
  type RevocationReason,
} from "@lab/contracts";
import { translatorFor } from "@lab/i18n/node";
import {
  certificateSequences,
  customers,
  markets,
  panelParameters,
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
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";

import { notFound } from "../../lib/app-error";
import { reportRevokedMail } from "../../mail/account-mails";
import { enqueueMail } from "../../mail/outbox";
import type { DomainContext } from "../context";
import { visibleReports, type Member } from "../organisations/access";
import { recordActivity } from "../organisations/activity";
import { changeEvents, notificationEvent } from "../domain-events";
import { queueNoticeMessages } from "../../messaging/notice-messages";
import { notifySample } from "../notifications/notifications";
import { choosingEmail } from "../notifications/preferences";
import { reportDocument, reportDownload } from "./report-document";
import type { Effects } from "../unit-of-work";

const reportNotFound = () => notFound("reportNotFound");

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

/** Why a report is revoked and the two people behind it (one and the same under one-person revocation). */
export interface Revocation {
  reasonCode: RevocationReason;
  /** Internal: stored for staff, never sent to the customer or the public. */
  note: string;
  requestedBy: { id: number; name: string };
  confirmedBy: { id: number; name: string };
}

/**
 * Revokes a report the caller locked and found valid, in the caller's transaction: keeps it readable,
 * marks it revoked, opens the replacement round, tells the customer (the reason's wording, never the
 * note) and audits it as a sample event naming who asked and who confirmed.
 */
export async function revokeReport(
  tx: Tx,
  effects: Effects,
  report: ReportRow,
  revocation: Revocation,
  now: Date,
): Promise<ReportRow> {
  const { reasonCode, requestedBy, confirmedBy } = revocation;
  const [updated] = await tx
    .update(reports)
    .set({
      status: "revoked",
      revokedReason: revocation.note,
      revokedReasonCode: reasonCode,
      revokedBy: requestedBy.id,
      revocationConfirmedBy: confirmedBy.id,
      revokedAt: now,
    })
    .where(eq(reports.id, report.id))
    .returning();
  if (!updated) throw new Error("update returned no row");
  const who =
    requestedBy.id === confirmedBy.id
      ? `one-person revocation by ${requestedBy.name}`
      : `asked by ${requestedBy.name}, confirmed by ${confirmedBy.name}`;
  await tx.insert(sampleEvents).values({
    sampleId: report.sampleId,
    fromStatus: "COMPLETED",
    toStatus: "COMPLETED",
    actor: `staff:${confirmedBy.id}`,
    kind: "revoked",
    note: `Report revoked: ${revocationReasonText[reasonCode]} (${who})`,
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
  const notices = await notifySample(tx, {
    sampleId: report.sampleId,
    type: "report_revoked",
    // The report's id lets the bell open the revoked report itself; the reason is read by its code.
    data: {
      notice: "reportRevoked",
      stage: "completed",
      reportId: report.id,
      reasonCode,
      ...(report.certification ? { certification: report.certification } : {}),
    },
    createdAt: now,
  });
  await queueNoticeMessages(tx, effects, notices);
  // The customer hears it by mail too, in their language, unless they unticked e-mail for it.
  const [customer] = await tx.select().from(customers).where(eq(customers.id, report.customerId));
  const mailed = customer !== undefined && (await choosingEmail(tx, [customer], "reportRevoked")).length > 0;
  if (customer && mailed) {
    await enqueueMail(
      tx,
      reportRevokedMail(customer, {
        sampleId: report.sampleId,
        certification: report.certification,
        reason: translatorFor(customer.language).t(`domain.revocationReason.${reasonCode}`),
      }),
    );
    effects.add("mailQueued");
  }
  // The sample goes out too: every open screen of it (its report, the lists, the history) re-reads.
  effects.add("publish", bumped ? changeEvents(bumped, notices, updated.id) : notices.map(notificationEvent));
  return updated;
}

/** Reports that passed and still stand: a revoked report is no longer a successful test. */
export async function countSuccessfulReports(ctx: DomainContext, member: Member): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(reports)
    .where(and(visibleReports(member), eq(reports.result, "success"), eq(reports.status, "valid")));
  return row?.n ?? 0;
}

/** What a report shows besides its row: the two people, the issued PDF's hash, the replacement chain. */
export interface ReportExtras {
  analyst: { name: string; at: Date } | null;
  reviewer: { name: string; at: Date } | null;
  sha256: string | null;
  replacedBy: { id: number; certification: string | null } | null;
  replaces: { id: number; certification: string | null } | null;
  /** The sample as submitted: who provided it, where, which category; null when not read. */
  sample: { farmer: string; place: string; shrimpCategory: string } | null;
  /** The sample's test types and each one's parameter codes (the results table's groups). */
  panels: { testType: string; codes: string[] }[] | null;
}
export interface ReportWithExtras {
  row: ReportRow;
  extras: ReportExtras;
}

/** The extras of several reports in five queries. */
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
  const sampleIds = [...new Set(rows.map((row) => row.sampleId))];
  const [people, documents, linked, sampleRows] = await Promise.all([
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
    executor
      .select({
        id: samples.id,
        farmer: samples.samplerName,
        place: samples.samplerLocation,
        shrimpCategory: samples.shrimpCategory,
        testTypes: samples.testTypes,
      })
      .from(samples)
      .where(inArray(samples.id, sampleIds)),
  ]);
  const testTypes = [...new Set(sampleRows.flatMap((sample) => sample.testTypes))];
  const panelRows =
    testTypes.length === 0
      ? []
      : await executor
          .select({ testType: panelParameters.testType, code: panelParameters.parameterCode })
          .from(panelParameters)
          .where(inArray(panelParameters.testType, testTypes))
          .orderBy(asc(panelParameters.position));
  const name = (id: number | null) => people.find((person) => person.id === id)?.name;
  const link = (id: number | null) => linked.find((report) => report.id === id) ?? null;
  return rows.map((row) => {
    const analyst = name(row.analystId);
    const reviewer = name(row.issuedBy);
    const sample = sampleRows.find((entry) => entry.id === row.sampleId);
    return {
      row,
      extras: {
        analyst: analyst !== undefined ? { name: analyst, at: row.analysedAt ?? row.completedAt } : null,
        reviewer: reviewer !== undefined ? { name: reviewer, at: row.completedAt } : null,
        sha256: documents.find((document) => document.reportId === row.id)?.sha256 ?? null,
        replacedBy: link(row.replacedById),
        replaces: link(row.replacesId),
        sample: sample
          ? { farmer: sample.farmer, place: sample.place, shrimpCategory: sample.shrimpCategory }
          : null,
        panels: sample
          ? sample.testTypes.map((testType) => ({
              testType,
              codes: panelRows.filter((entry) => entry.testType === testType).map((entry) => entry.code),
            }))
          : null,
      },
    };
  });
}

export async function listReports(ctx: DomainContext, member: Member): Promise<ReportWithExtras[]> {
  const rows = await ctx.db
    .select()
    .from(reports)
    .where(visibleReports(member))
    .orderBy(desc(reports.completedAt), desc(reports.id));
  return withExtras(ctx.db, rows);
}

/** A report by id; for a member (staff pass none), only one of a sample they may see. */
async function reportRow(ctx: DomainContext, member: Member | undefined, reportId: number) {
  const [row] = await ctx.db
    .select()
    .from(reports)
    .where(and(eq(reports.id, reportId), member === undefined ? undefined : visibleReports(member)));
  if (!row) throw reportNotFound();
  return row;
}

export async function getReport(
  ctx: DomainContext,
  member: Member | undefined,
  reportId: number,
): Promise<ReportWithExtras> {
  const [report] = await withExtras(ctx.db, [await reportRow(ctx, member, reportId)]);
  if (!report) throw reportNotFound();
  return report;
}

/**
 * A public certificate check, as answered: to anyone, whether the certificate stands ("summary", or
 * "mismatch" when a proof was given and was wrong); to a holder of its check code or its PDF, the
 * results too ("full"), with the buyers' own specifications among its markets named for hiding.
 */
export type FoundCertificate = {
  report: ReportRow;
  shrimpCategory: string;
  replacedBy: string | null;
} & (
  { access: "summary" | "mismatch" } | { access: "full"; sha256: string; buyerMarkets: ReadonlySet<string> }
);

/**
 * The public check of a certificate number: the report with its replacement's number, and, when the
 * proof matches, the issued PDF's hash (stored now if it never was) and which markets are buyers'.
 */
export async function findCertificate(
  ctx: DomainContext,
  number: string,
  proof: CertificateProof = {},
): Promise<FoundCertificate> {
  const [row] = await ctx.db
    .select({ report: reports, shrimpCategory: samples.shrimpCategory })
    .from(reports)
    .innerJoin(samples, eq(samples.id, reports.sampleId))
    .where(eq(reports.certification, number));
  if (!row) throw notFound("certificateNotFound");
  const [replacement] =
    row.report.replacedById === null
      ? []
      : await ctx.db
          .select({ certification: reports.certification })
          .from(reports)
          .where(eq(reports.id, row.report.replacedById));
  const found = { ...row, replacedBy: replacement?.certification ?? null };
  if (proof.code === undefined && proof.sha256 === undefined) return { ...found, access: "summary" };
  if (!(await holdsCertificate(ctx, row.report, proof))) return { ...found, access: "mismatch" };
  const { sha256 } = await reportDocument(ctx, row.report.id);
  const codes = row.report.markets.map((market) => market.code);
  const open =
    codes.length === 0
      ? []
      : await ctx.db
          .select({ code: markets.code })
          .from(markets)
          .where(and(inArray(markets.code, codes), isNull(markets.customerId)));
  // A market that is no longer in the catalogue counts as a buyer's: hiding too much is the safe side.
  const buyerMarkets = new Set(codes.filter((code) => !open.some((market) => market.code === code)));
  return { ...found, access: "full", sha256, buyerMarkets };
}

const sameSecret = (given: string, expected: string): boolean =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** Whether the asker holds the certificate: its printed check code, or the hash of its issued PDF. */
async function holdsCertificate(ctx: DomainContext, report: ReportRow, proof: CertificateProof) {
  if (proof.code !== undefined && sameSecret(proof.code, report.checkCode)) return true;
  if (proof.sha256 === undefined) return false;
  const [stored] = await ctx.db
    .select({ sha256: reportDocuments.sha256 })
    .from(reportDocuments)
    .where(eq(reportDocuments.reportId, report.id));
  return stored !== undefined && sameSecret(proof.sha256, stored.sha256);
}

/**
 * The certificate of analysis of a report the member may see: the issued bytes, stamped once it is
 * revoked. The download goes on the organisation's trail.
 */
export async function reportPdf(ctx: DomainContext, member: Member, reportId: number) {
  const report = await reportRow(ctx, member, reportId);
  const download = await reportDownload(ctx, report);
  await recordActivity(ctx.db, {
    organisationId: member.organisationId,
    kind: "certificate-downloaded",
    actor: { id: member.id },
    sampleId: report.sampleId,
    details: { reportId: report.id, certification: report.certification },
    at: ctx.now(),
  });
  return download;
}
