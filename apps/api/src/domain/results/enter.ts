import {
  displayResult,
  screeningPositive,
  type Parameter,
  type ResultEntry,
  type ResultValue,
  resultProblemMessage,
} from "@lab/contracts";
import { sampleAnalyses, sampleEvents, sampleResults, samples, type Tx } from "@lab/db";
import { and, eq, sql } from "drizzle-orm";

import { conflict, forbidden, invalidField, notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";
import { changeEvents } from "../domain-events";
import type { Actor } from "../samples/moves";
import { requireRole } from "../staff/staff-roles";
import {
  analysisRow,
  buildAnalysisView,
  currentReport,
  judgeRound,
  loadRound,
  type AnalysisView,
} from "./round";

export interface EnterResultsInput {
  results: ResultEntry[];
  note?: string | undefined;
}

export const staffIdOf = (actor: Actor): number => {
  // Results and releases are signed by a person; the system has no name to print on a certificate.
  if (actor.kind !== "staff") throw forbidden("staffSignatureRequired");
  return actor.id;
};

const notTesting = () => conflict("resultsNotTesting");

/**
 * The round results may be entered for: the sample's current one while it is under test, or after
 * its report was revoked (the amendment round). Answers the locked sample and its current report's id.
 */
export async function lockRoundSample(tx: Tx, sampleId: number) {
  const [sample] = await tx.select().from(samples).where(eq(samples.id, sampleId)).for("update");
  if (!sample) throw notFound("sampleNotFound");
  const report = await currentReport(tx, sampleId);
  if (sample.status === "TESTING" && report === null) return { sample, report };
  if (
    sample.status === "COMPLETED" &&
    report !== null &&
    report.status === "revoked" &&
    sample.resultRound > report.round
  )
    return { sample, report };
  return null;
}

/** "Confirmation testing: Chloramphenicol (screening 0.4 µg/kg ≥ cut-off 0.1) → LC-MS/MS" */
export function confirmationNote(
  parameter: Parameter,
  result: ResultValue,
  confirm: Parameter | undefined,
): string {
  const unit = parameter.unit ? ` ${parameter.unit}` : "";
  const seen =
    parameter.cutoff !== null && result.value !== null
      ? `screening ${displayResult(parameter, result)}${unit} ≥ cut-off ${String(parameter.cutoff)}`
      : `screening ${displayResult(parameter, result).toLowerCase()}`;
  const analyte = confirm?.name ?? parameter.name;
  return `Confirmation testing: ${analyte} (${seen}) → ${confirm?.method ?? "confirmatory method"}`;
}

/** The codes the request may name: the panel, and the confirmations its screenings (old or new) call for. */
function allowedCodes(
  panel: readonly Parameter[],
  stored: ReadonlySet<string>,
  merged: ReadonlyMap<string, ResultValue>,
): Set<string> {
  const allowed = new Set([...panel.map((parameter) => parameter.code), ...stored]);
  for (const parameter of panel) {
    if (parameter.confirmWith !== null && screeningPositive(parameter, merged.get(parameter.code)))
      allowed.add(parameter.confirmWith);
  }
  return allowed;
}

/**
 * An analyst enters (or corrects) results of the sample's current round. Verdicts are computed from
 * every result so far; the round waits for confirmation, for more results or for review.
 */
export async function enterResults(
  ctx: DomainContext,
  sampleId: number,
  input: EnterResultsInput,
  actor: Actor,
): Promise<AnalysisView> {
  const staffId = staffIdOf(actor);
  await requireRole(ctx, staffId, "analyst");
  const now = ctx.now();
  return ctx.unitOfWork(async (tx, effects) => {
    const locked = await lockRoundSample(tx, sampleId);
    if (!locked) throw notTesting();
    const { sample, report } = locked;
    const round = sample.resultRound;
    const before = await loadRound(tx, sample, round);
    const previous = await analysisRow(tx, sampleId, round);
    if (previous?.state === "released") throw notTesting();

    // Validate the whole request against the panel before writing anything.
    const merged = new Map(before.values);
    const given = new Set<string>();
    input.results.forEach((entry, index) => {
      if (given.has(entry.code)) throw invalidField("resultDuplicate", `results.${String(index)}.code`);
      given.add(entry.code);
      merged.set(entry.code, { value: entry.value ?? null, qualifier: entry.qualifier ?? null });
    });
    const allowed = allowedCodes(before.panel, new Set(before.values.keys()), merged);
    input.results.forEach((entry, index) => {
      const parameter = before.catalogue.get(entry.code);
      if (!parameter || !allowed.has(entry.code))
        throw invalidField("parameterUnknown", `results.${String(index)}.code`);
      const value = { value: entry.value ?? null, qualifier: entry.qualifier ?? null };
      const problem = resultProblemMessage(parameter, value);
      if (problem)
        throw invalidField(
          problem,
          `results.${String(index)}.${entry.value !== undefined ? "value" : "qualifier"}`,
        );
      // Graded results are stored as the parameter spells the grade.
      if (parameter.kind === "graded" && parameter.grades && value.qualifier !== null) {
        const grade = parameter.grades.find((g) => g.toLowerCase() === value.qualifier?.toLowerCase());
        if (grade) entry.qualifier = grade;
      }
    });

    for (const entry of input.results) {
      await tx
        .insert(sampleResults)
        .values({
          sampleId,
          round,
          parameterCode: entry.code,
          value: entry.value ?? null,
          qualifier: entry.qualifier ?? null,
          enteredBy: staffId,
          enteredAt: now,
        })
        .onConflictDoUpdate({
          target: [sampleResults.sampleId, sampleResults.round, sampleResults.parameterCode],
          set: {
            value: entry.value ?? null,
            qualifier: entry.qualifier ?? null,
            enteredBy: staffId,
            enteredAt: now,
          },
        });
    }
    const after = await loadRound(tx, sample, round);
    const judgement = await judgeRound(tx, sample, after, now);
    const state =
      judgement.confirmationsRequired.length > 0
        ? "confirmation"
        : judgement.complete
          ? "awaiting_review"
          : "awaiting_results";
    const [analysis] = await tx
      .insert(sampleAnalyses)
      .values({ sampleId, round, state, analystNote: input.note ?? null, updatedAt: now })
      .onConflictDoUpdate({
        target: [sampleAnalyses.sampleId, sampleAnalyses.round],
        set: {
          state,
          analystNote: input.note === undefined ? sql`${sampleAnalyses.analystNote}` : input.note,
          returnedNote: null,
          updatedAt: now,
        },
      })
      .returning();
    if (!analysis) throw new Error("upsert returned no row");

    const event = (kind: string, note: string) => ({
      sampleId,
      fromStatus: sample.status,
      toStatus: sample.status,
      actor: `staff:${String(staffId)}`,
      kind,
      note,
      at: now,
    });
    const events = [
      event("results", `Results entered: ${input.results.map((entry) => entry.code).join(", ")}`),
    ];
    // A screening that turns positive sends the sample to confirmation: the customer sees it once.
    for (const parameter of before.panel) {
      const latest = after.values.get(parameter.code);
      if (!latest || !screeningPositive(parameter, latest)) continue;
      if (screeningPositive(parameter, before.values.get(parameter.code))) continue;
      const confirm = parameter.confirmWith ? before.catalogue.get(parameter.confirmWith) : undefined;
      events.push(event("confirmation", confirmationNote(parameter, latest, confirm)));
    }
    await tx.insert(sampleEvents).values(events);
    const [touched] = await tx
      .update(samples)
      .set({ updatedAt: now })
      .where(eq(samples.id, sampleId))
      .returning();
    const view = await buildAnalysisView(tx, analysis, judgement, after.results);
    effects.add("publish", changeEvents(touched ?? sample, undefined, report?.id ?? null));
    return view;
  });
}

/** The reviewer sends the round back to the analyst with a note; it waits for corrected results. */
export async function returnResults(
  ctx: DomainContext,
  sampleId: number,
  note: string,
  actor: Actor,
): Promise<AnalysisView> {
  const staffId = staffIdOf(actor);
  await requireRole(ctx, staffId, "reviewer");
  const now = ctx.now();
  return ctx.unitOfWork(async (tx, effects) => {
    const locked = await lockRoundSample(tx, sampleId);
    if (!locked) throw conflict("nothingToRelease", { code: "nothing_to_release" });
    const { sample, report } = locked;
    const round = sample.resultRound;
    const current = await analysisRow(tx, sampleId, round);
    refuseUnlessAwaitingReview(current?.state);
    const data = await loadRound(tx, sample, round);
    refuseSamePerson(data.results, staffId);
    const [analysis] = await tx
      .update(sampleAnalyses)
      .set({ state: "returned", returnedNote: note, returnedBy: staffId, returnedAt: now, updatedAt: now })
      .where(and(eq(sampleAnalyses.sampleId, sampleId), eq(sampleAnalyses.round, round)))
      .returning();
    if (!analysis) throw new Error("update returned no row");
    await tx.insert(sampleEvents).values({
      sampleId,
      fromStatus: sample.status,
      toStatus: sample.status,
      actor: `staff:${String(staffId)}`,
      kind: "returned",
      note,
      at: now,
    });
    const [touched] = await tx
      .update(samples)
      .set({ updatedAt: now })
      .where(eq(samples.id, sampleId))
      .returning();
    const judgement = await judgeRound(tx, sample, data, now);
    const view = await buildAnalysisView(tx, analysis, judgement, data.results);
    effects.add("publish", changeEvents(touched ?? sample, undefined, report?.id ?? null));
    return view;
  });
}

/** 409 with the reason a round cannot be reviewed yet. */
export function refuseUnlessAwaitingReview(state: string | undefined): void {
  if (state === "awaiting_review") return;
  if (state === "awaiting_results") throw conflict("resultsIncomplete", { code: "results_incomplete" });
  if (state === "confirmation") throw conflict("confirmationPending", { code: "confirmation_pending" });
  throw conflict("nothingToRelease", { code: "nothing_to_release" });
}

/** The two-person rule: whoever entered any result of the round may not review it. */
export function refuseSamePerson(results: readonly { enteredBy: number }[], staffId: number): void {
  if (results.some((row) => row.enteredBy === staffId)) throw forbidden("samePerson", "same_person");
}
