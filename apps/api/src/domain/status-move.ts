import { cannotMoveMessage, messages, type SampleStatus } from "@lab/contracts";
import { samples, type SampleRow } from "@lab/db";
import { eq } from "drizzle-orm";

import { AppError } from "../lib/app-error";
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
  if (!current) throw new AppError(404, "not_found", messages.sampleNotFound);
  throw new AppError(409, "conflict", cannotMoveMessage(current.status, target.status));
}
