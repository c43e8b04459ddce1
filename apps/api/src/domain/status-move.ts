import { type SampleStatus, message } from "@lab/contracts";
import { samples, type SampleRow } from "@lab/db";
import { eq } from "drizzle-orm";

import { notFound, conflict } from "../lib/app-error";
import type { DomainContext } from "./context";
import { moveSample, type Actor } from "./sample-moves";

/**
 * A staff move named by its target status (POST /lab/samples/{id}/status): COLLECTED or TESTING.
 * Assignment and reports have their own calls, so naming their target here is an illegal move.
 */
export async function moveToStatus(
  ctx: DomainContext,
  sampleId: number,
  target: { status: SampleStatus; testingEta?: Date | undefined; note?: string | undefined },
  actor: Actor,
): Promise<SampleRow> {
  if (target.status === "COLLECTED")
    return moveSample(ctx, sampleId, { type: "collected" }, actor, target.note);
  if (target.status === "TESTING")
    return moveSample(
      ctx,
      sampleId,
      { type: "start-testing", testingEta: target.testingEta },
      actor,
      target.note,
    );
  const [current] = await ctx.db
    .select({ status: samples.status })
    .from(samples)
    .where(eq(samples.id, sampleId));
  if (!current) throw notFound("sampleNotFound");
  throw conflict(message("cannotMove", { from: current.status, to: target.status }));
}
