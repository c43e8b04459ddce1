import type { handoverInputSchema } from "@lab/contracts";
import { custodyEvents, sampleCollections, sampleReceptions, samples } from "@lab/db";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";

import { conflict, notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";
import { changeEvents } from "../domain-events";
import { actorText, type Actor } from "../samples/moves";
import { correctedTimes, type PhoneTimeWords } from "./collections";
import { agentCustodyName, recordCustody } from "./custody";
import { readJobs, type FieldJobRow } from "./jobs";

export type HandoverFields = z.output<typeof handoverInputSchema>;

const HANDOVER_TIME: PhoneTimeWords = {
  field: "handedAt",
  inFuture: "handedAtInFuture",
  tooEarly: "handedAtBeforeCollection",
};

/** Who took the sample, as custody records name them: "Blue Dart (AWB 123)", or the name alone. */
export const courierCustodyName = (courier: string, reference: string | null | undefined): string =>
  reference ? `${courier} (${reference})` : courier;

/**
 * POST /field/jobs/{id}/handover: the agent gives a sample they collected to a courier. One custody
 * event `handed_over` (agent to courier), in one transaction with the sample's lock, so a reception
 * or a second hand-over at the same moment waits and then sees it. The sample's change is published
 * after commit, so the customer's open timeline shows the hand-off. Answers the job as it now is.
 */
export async function handOverSample(
  ctx: DomainContext,
  agentId: number,
  sampleId: number,
  input: HandoverFields,
): Promise<FieldJobRow> {
  const actor: Actor = { kind: "agent", id: agentId };
  await ctx.unitOfWork(async (tx, effects) => {
    const now = ctx.now();
    const [sample] = await tx.select().from(samples).where(eq(samples.id, sampleId)).for("update");
    const [collection] = await tx
      .select({ agentId: sampleCollections.agentId, collectedAt: sampleCollections.collectedAt })
      .from(sampleCollections)
      .where(eq(sampleCollections.sampleId, sampleId));
    if (!sample) throw notFound("jobNotFound");
    if (!collection) {
      // Their job whose collection has not reached the server yet (still queued on the phone).
      if (sample.agentId === agentId && sample.status === "COLLECTING")
        throw conflict("sampleNotYetCollected");
      throw notFound("jobNotFound");
    }
    if (collection.agentId !== agentId) throw notFound("jobNotFound");
    const [received] = await tx
      .select({ sampleId: sampleReceptions.sampleId })
      .from(sampleReceptions)
      .where(eq(sampleReceptions.sampleId, sampleId));
    if (received || sample.status !== "COLLECTED") throw conflict("sampleNoLongerWithYou");
    const [earlier] = await tx
      .select({ id: custodyEvents.id })
      .from(custodyEvents)
      .where(
        and(
          eq(custodyEvents.sampleId, sampleId),
          eq(custodyEvents.kind, "handed_over"),
          eq(custodyEvents.actor, actorText(actor)),
        ),
      );
    if (earlier) throw conflict("sampleAlreadyHandedOver");

    const times = correctedTimes(
      { collectedAt: new Date(input.handedAt), sentAt: new Date(input.sentAt) },
      now,
      collection.collectedAt,
      HANDOVER_TIME,
    );
    // Within the clocks' tolerance of the collection, the hand-off is taken as just after it, so
    // the chain reads in order.
    const at = times.collectedAt < collection.collectedAt ? collection.collectedAt : times.collectedAt;
    await recordCustody(tx, {
      sampleId,
      kind: "handed_over",
      relinquishedBy: await agentCustodyName(tx, agentId),
      receivedBy: courierCustodyName(input.courier, input.reference),
      at,
      location: input.position ?? null,
      sealIntact: input.sealIntact,
      temperatureC: input.temperatureC ?? null,
      actor,
    });
    const [touched] = await tx
      .update(samples)
      .set({ updatedAt: now })
      .where(eq(samples.id, sampleId))
      .returning();
    if (touched) effects.add("publish", changeEvents(touched));
  });
  const [job] = await readJobs(ctx, agentId, sampleId);
  if (!job) throw notFound("jobNotFound");
  return job;
}
