import type { FieldJob, FieldJobs } from "@lab/contracts";

import type { FieldJobList, FieldJobRow } from "../domain/field/jobs";

/** A job as the agent's app shows it: where to go is the pond's point, else the farm's, else the sample's. */
export function presentFieldJob(job: FieldJobRow): FieldJob {
  return {
    sampleId: job.sampleId,
    status: job.status,
    assignedAt: job.assignedAt.toISOString(),
    acceptedAt: job.acceptedAt?.toISOString() ?? null,
    farmer: { name: job.farmerName, phone: job.farmerPhone },
    address: job.address,
    location: job.pond?.location ?? job.farm?.location ?? job.sampleLocation,
    farm: job.farm,
    pond: job.pond,
    lotCode: job.lotCode,
    purpose: job.purpose,
    category: job.category,
    tests: job.tests,
    markets: job.markets,
    notes: job.notes,
    collectedAt: job.collectedAt?.toISOString() ?? null,
    handedOver: job.handedOver && { to: job.handedOver.to, at: job.handedOver.at.toISOString() },
  };
}

export function presentFieldJobs(list: FieldJobList): FieldJobs {
  return {
    jobs: list.jobs.map(presentFieldJob),
    radiusM: list.radiusM,
    serverTime: list.serverTime.toISOString(),
  };
}
