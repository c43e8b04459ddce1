// Where a job is, for the job list: no runtime import from contracts (its schemas would bring zod
// into the /field shell).
import type { FieldJob } from "@lab/contracts";

export type DistanceFrom = "pond" | "farm" | "site";

/** Where the sample should be taken: the pond's point, else the farm's, else the job's location. */
export function jobTarget(job: FieldJob): { point: { lat: number; lng: number }; from: DistanceFrom } | null {
  if (job.pond?.location) return { point: job.pond.location, from: "pond" };
  if (job.farm?.location) return { point: job.farm.location, from: "farm" };
  if (job.location) return { point: job.location, from: "site" };
  return null;
}

/** A map search for a point (opens the phone's maps app). */
export const mapLink = (point: { lat: number; lng: number }): string =>
  `https://www.google.com/maps/search/?api=1&query=${point.lat},${point.lng}`;
