import { agents, custodyEvents, sampleCollections, sampleReceptions, type Executor } from "@lab/db";
import { and, desc, eq } from "drizzle-orm";

import type { SamplingFacts } from "../../pdf/report/input";

/**
 * What a report prints about how its sample was taken and arrived: the field agent's collection and
 * reception's check; null when no agent recorded a collection (the customer sent the sample, or staff
 * moved it before the field app). Read when the report's document is rendered, which is at release,
 * after reception: the stored document carries what was known then.
 */
export async function samplingFacts(executor: Executor, sampleId: number): Promise<SamplingFacts | null> {
  const [found] = await executor
    .select({ collection: sampleCollections, agent: agents.name })
    .from(sampleCollections)
    .innerJoin(agents, eq(agents.id, sampleCollections.agentId))
    .where(eq(sampleCollections.sampleId, sampleId));
  if (!found) return null;
  const { collection } = found;
  const [[reception], [arrival]] = await Promise.all([
    executor.select().from(sampleReceptions).where(eq(sampleReceptions.sampleId, sampleId)),
    // Whether the seals were whole is recorded on reception's custody event.
    executor
      .select({ sealIntact: custodyEvents.sealIntact })
      .from(custodyEvents)
      .where(and(eq(custodyEvents.sampleId, sampleId), eq(custodyEvents.kind, "received")))
      .orderBy(desc(custodyEvents.at), desc(custodyEvents.id))
      .limit(1),
  ]);
  return {
    agent: found.agent,
    collectedAt: collection.collectedAt,
    lat: collection.lat,
    lng: collection.lng,
    accuracyM: collection.accuracyM,
    distanceM: collection.distanceM,
    distanceFrom: collection.distanceFrom,
    distanceReason: collection.distanceReason,
    seals: collection.seals,
    containers: collection.containers,
    quantity: collection.quantity,
    quantityUnit: collection.quantityUnit,
    waterTempC: collection.waterTempC,
    sampleTempC: collection.sampleTempC,
    coldChain: collection.coldChain,
    farmerName: collection.farmerName,
    reception: reception
      ? {
          at: reception.at,
          decision: reception.decision,
          reasons: reception.reasons,
          note: reception.note,
          temperatureC: reception.temperatureC,
          seals: reception.seals,
          sealsMatch: reception.sealsMatch,
          sealIntact: arrival?.sealIntact ?? null,
        }
      : null,
  };
}
