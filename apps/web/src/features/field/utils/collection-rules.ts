import { distanceMetres, LABEL_CODE_PATTERN, type FieldJob } from "@lab/contracts";

import { jobTarget, type DistanceFrom } from "./job-links";

export interface Fix {
  lat: number;
  lng: number;
  accuracyM: number;
}

export interface DistanceCheck {
  /** Whole metres from the target; null without a fix or a target. */
  distanceM: number | null;
  from: DistanceFrom | null;
  /** Beyond the lab's radius: the agent must say why. Exactly at the radius is still within. */
  needsReason: boolean;
}

export function checkDistance(job: FieldJob, fix: Fix | null, radiusM: number): DistanceCheck {
  const target = jobTarget(job);
  if (!fix || !target) return { distanceM: null, from: target?.from ?? null, needsReason: false };
  const distanceM = Math.round(distanceMetres(fix, target.point));
  return { distanceM, from: target.from, needsReason: distanceM > radiusM };
}

/**
 * The label code a scanned QR code or a typed text names: the 12 characters themselves, or the last
 * part of a link that ends with them. Crockford's base32 reads O as 0 and I, L as 1.
 */
export function labelCodeOf(text: string): string | null {
  const trimmed = text.trim();
  const last =
    trimmed
      .split(/[/?#=]/)
      .filter(Boolean)
      .pop() ?? "";
  const code = last.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return LABEL_CODE_PATTERN.test(code) ? code : null;
}
