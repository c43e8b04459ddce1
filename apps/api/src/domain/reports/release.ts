import {
  certifiesAnyMarket,
  marketSummary,
  REPORT_METHOD_MAX,
  type Judgement,
  type ParameterLine,
} from "@lab/contracts";
import {
  customers,
  reports,
  reportSpecVersions,
  sampleAnalyses,
  sampleEvents,
  samples,
  type ReportDetails,
  type ReportRow,
  type ReportTestRecord,
  type SampleRow,
  type Tx,
} from "@lab/db";
import { translatorFor } from "@lab/i18n/node";
import { and, desc, eq } from "drizzle-orm";

import { conflict } from "../../lib/app-error";
import { errorSummary } from "../../lib/db-errors";
import { greeting } from "../../mail/localized";
import { enqueueMail } from "../../mail/outbox";
import type { DomainContext } from "../context";
import { changeEvents } from "../domain-events";
import { queueNoticeMessages } from "../../messaging/notice-messages";
import { notifySample, type ReaderNotification } from "../notifications/notifications";
import { choosingEmail } from "../notifications/preferences";
import { reportDocument } from "./report-document";
import { noticeFailedScreening } from "./screening";
import { labYear, nextCertification } from "./reports";
import { applyMove, type Actor } from "../samples/moves";
import { requireRole } from "../staff/staff-roles";
import { panelCodesByTestType } from "../results/catalogue";
import { lockRoundSample, refuseSamePerson, refuseUnlessAwaitingReview, staffIdOf } from "../results/enter";
import { analysisRow, judgeRound, loadRound } from "../results/round";

export interface ReleaseInput {
  note?: string | undefined;
}

const lineFails = (line: ParameterLine) => line.markets.some((market) => market.verdict === "fail");

/**
 * Items joined with ", " within `max` characters: as many as fit, then "and N more". A panel of
 * many methods (PCR, RT-PCR, culture, ISO …) must still fit the report line's method field.
 */
export function fitList(items: readonly string[], max: number): string {
  const all = items.join(", ");
  if (all.length <= max) return all;
  for (let kept = items.length - 1; kept >= 1; kept -= 1) {
    const text = `${items.slice(0, kept).join(", ")} and ${String(items.length - kept)} more`;
    if (text.length <= max) return text;
  }
  return `${(items[0] ?? "").slice(0, max - 12)}… and more`.slice(0, max);
}

/** The spec's per-test-type lines, kept for older readers: how many parameters, pass unless one fails. */
function legacyTests(testTypes: readonly string[], codes: Map<string, string[]>, lines: ParameterLine[]) {
  return testTypes.map((testType): ReportTestRecord => {
    const listed = new Set(codes.get(testType) ?? []);
    // A test type's lines: its panel, and the confirmations its screenings called for.
    const own = lines.filter(
      (line) =>
        listed.has(line.code) ||
        lines.some((other) => listed.has(other.code) && other.confirmedBy === line.code),
    );
    const methods = fitList([...new Set(own.map((line) => line.method))], REPORT_METHOD_MAX);
    return {
      testType,
      value: `${String(own.length)} parameters`,
      unit: "",
      limit: "",
      method: methods,
      verdict: own.some(lineFails) ? "fail" : "pass",
    };
  });
}

/** One sentence per area of the legacy lab-results sections, from the parameter lines. */
function legacyDetails(lines: ParameterLine[], judgement: Judgement): ReportDetails {
  const summarise = (picked: ParameterLine[]) =>
    picked.map((line) => `${line.name}: ${line.result?.display ?? "—"}`).join("; ");
  return {
    initialInspection: "",
    labResults: {
      // Every PCR-family method ("PCR (WOAH Manual …)", "RT-PCR …"), not only a method named exactly PCR.
      viralScreening: summarise(lines.filter((line) => line.method.includes("PCR"))),
      bacterialAnalysis: summarise(lines.filter((line) => line.per25g || (line.unit ?? "").includes("cfu"))),
      parasiteCheck: "",
      geneticMarkers: "",
      waterQuality: "",
    },
    finalReview: marketSummary(judgement.markets),
  };
}

/** When testing started: the sample's last move into TESTING. */
async function testingStartedAt(tx: Tx, sampleId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: sampleEvents.at })
    .from(sampleEvents)
    .where(
      and(
        eq(sampleEvents.sampleId, sampleId),
        eq(sampleEvents.toStatus, "TESTING"),
        eq(sampleEvents.kind, "move"),
      ),
    )
    .orderBy(desc(sampleEvents.at), desc(sampleEvents.id))
    .limit(1);
  return row?.at ?? null;
}

/**
 * A second staff member (a reviewer who entered none of the round's results) releases it: the report
 * is issued, judged against the specifications in force now and frozen with them. The first round
 * completes the sample; a round after a revoke issues the replacement and links the two.
 */
export async function releaseResults(
  ctx: DomainContext,
  sampleId: number,
  input: ReleaseInput,
  actor: Actor,
): Promise<ReportRow> {
  const staffId = staffIdOf(actor);
  await requireRole(ctx, staffId, "reviewer");
  const now = ctx.now();
  const issued = await ctx.unitOfWork(async (tx, effects) => {
    const locked = await lockRoundSample(tx, sampleId);
    if (!locked) throw conflict("nothingToRelease", { code: "nothing_to_release" });
    const { sample, report: previous } = locked;
    const round = sample.resultRound;
    const analysis = await analysisRow(tx, sampleId, round);
    refuseUnlessAwaitingReview(analysis?.state);
    const data = await loadRound(tx, sample, round);
    refuseSamePerson(data.results, staffId);
    const judgement = await judgeRound(tx, sample, data, now, true);
    if (!judgement.complete || judgement.result === null) {
      refuseUnlessAwaitingReview(
        judgement.confirmationsRequired.length > 0 ? "confirmation" : "awaiting_results",
      );
      throw new Error("an incomplete judgement passed review");
    }
    const result = judgement.result;

    let moved: { sample: SampleRow; notifications: ReaderNotification[] } | null = null;
    if (previous === null) moved = await applyMove(tx, now, sampleId, { type: "complete" }, actor);

    const last = data.results.reduce((a, b) => (b.enteredAt >= a.enteredAt ? b : a));
    const codes = await panelCodesByTestType(tx, sample.testTypes);
    const startedAt = await testingStartedAt(tx, sampleId);
    const [customer] = await tx.select().from(customers).where(eq(customers.id, sample.customerId));
    // A certificate whenever a judged market passes (it certifies those markets only); a test report
    // without a number only when none does. Last of the reads: the year's counter row stays locked
    // until commit, and every release of the year queues on it, so only writes follow it.
    const certification = certifiesAnyMarket(judgement.markets)
      ? await nextCertification(tx, labYear(now))
      : null;
    const remarks = [analysis?.analystNote, input.note]
      .filter((text) => text != null && text !== "")
      .join("\n");
    const [row] = await tx
      .insert(reports)
      .values({
        sampleId,
        customerId: sample.customerId,
        organisationId: sample.organisationId,
        result,
        details: legacyDetails(judgement.parameters, judgement),
        tests: legacyTests(sample.testTypes, codes, judgement.parameters),
        certification,
        issuedBy: staffId,
        completedAt: now,
        round,
        analystId: last.enteredBy,
        analysedAt: last.enteredAt,
        testingStartedAt: startedAt,
        markets: judgement.markets,
        parameters: judgement.parameters,
        remarks: remarks === "" ? null : remarks,
        replacesId: previous?.id ?? null,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    const versionIds = [
      ...new Set(judgement.markets.map((market) => market.specVersionId).filter((id) => id !== null)),
    ];
    if (versionIds.length > 0)
      await tx
        .insert(reportSpecVersions)
        .values(versionIds.map((specVersionId) => ({ reportId: row.id, specVersionId })));
    await tx
      .update(sampleAnalyses)
      .set({ state: "released", updatedAt: now })
      .where(and(eq(sampleAnalyses.sampleId, sampleId), eq(sampleAnalyses.round, round)));

    let notifications: ReaderNotification[] = moved?.notifications ?? [];
    let current: SampleRow = moved?.sample ?? sample;
    if (previous !== null) {
      await tx.update(reports).set({ replacedById: row.id }).where(eq(reports.id, previous.id));
      await tx.insert(sampleEvents).values({
        sampleId,
        fromStatus: sample.status,
        toStatus: sample.status,
        actor: `staff:${String(staffId)}`,
        kind: "released",
        note: `Replacement report issued${certification ? `: ${certification}` : ""}`,
        at: now,
      });
      notifications = await notifySample(tx, {
        sampleId,
        type: "report_replaced",
        data: {
          notice: "reportReplaced",
          stage: "completed",
          reportId: row.id,
          ...(certification ? { certification } : {}),
        },
        createdAt: now,
      });
      const [touched] = await tx
        .update(samples)
        .set({ updatedAt: now })
        .where(eq(samples.id, sampleId))
        .returning();
      current = touched ?? sample;
    }

    // Unless the submitter unticked e-mail for released reports (the bell tells them all the same).
    const mailed =
      customer !== undefined && (await choosingEmail(tx, [customer], "reportReleased")).length > 0;
    if (customer && mailed) {
      // In the customer's language; the market summary keeps its codes.
      const { t } = translatorFor(customer.language);
      const values = { sampleId: String(sampleId), category: sample.shrimpCategory };
      const codes = (verdict: "pass" | "fail") =>
        judgement.markets
          .filter((market) => market.verdict === verdict)
          .map((market) => market.code)
          .join(", ");
      // A sample certified for some markets and not others says which, not a bare "Test Failed".
      const verdict =
        result === "success"
          ? t("mail.report.passed")
          : certification
            ? t("mail.report.partly", { passed: codes("pass"), failed: codes("fail") })
            : t("mail.report.failed");
      await enqueueMail(tx, {
        // None for a member without an address: the outbox skips a mail to nobody.
        to: customer.email === null ? [] : [customer.email],
        subject:
          previous === null
            ? t("mail.report.readySubject", values)
            : t("mail.report.replacedSubject", values),
        text: [
          greeting(t, customer),
          "",
          previous === null
            ? t("mail.report.ready", { ...values, verdict })
            : t("mail.report.replaced", { ...values, verdict }),
          t("mail.report.markets", { markets: marketSummary(judgement.markets) }),
          certification ? t("mail.report.certification", { certification }) : "",
          "",
          t("mail.report.signIn"),
        ]
          .filter((line, index, lines) => line !== "" || lines[index - 1] !== "")
          .join("\n"),
      });
      effects.add("mailQueued");
    }
    // A failed pre-harvest screening is told at once, with what failed and how to retest.
    const screening = await noticeFailedScreening(tx, {
      sample,
      reportId: row.id,
      certification,
      markets: judgement.markets,
      parameters: judgement.parameters,
      publicUrl: ctx.publicUrl,
      now,
    });
    if (screening.mailed) effects.add("mailQueued");
    // Once the report is stored: the released report's message links to its public check.
    await queueNoticeMessages(tx, effects, [...notifications, ...screening.notices], ctx.publicUrl);
    effects.add("publish", changeEvents(current, [...notifications, ...screening.notices], row.id));
    return row;
  });
  // The issued PDF is rendered and stored once, now. The release stands if that fails: the failure is
  // logged, and the document job (jobs/report-documents.ts) or the first download stores it.
  await reportDocument(ctx, issued.id).catch((error: unknown) => {
    ctx.logger.error(
      { err: errorSummary(error), reportId: issued.id },
      "report document not stored at release",
    );
  });
  return issued;
}
