// "Send a new sample": Submit Sample filled in from an earlier sample (one the lab rejected), so the
// customer only checks it and submits.
import { ID_MAX, orderableTestTypesOf, type Sample } from "@lab/contracts";

import type { SampleFormValues } from "./sample-form";
import { BLANK_LINK, type SampleLink } from "./sample-link";

/** The sample `?copy={id}` names; null when the address names none or a malformed one. */
export function copyIdOf(search: URLSearchParams): number | null {
  const value = search.get("copy") ?? "";
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= ID_MAX ? id : null;
}

export interface SampleCopy {
  values: SampleFormValues;
  link: SampleLink;
  /** The saved provider to choose again once the list is in (a deleted one is simply not found). */
  providerId: number | null;
}

/** Where on the farm the sample was taken, as the farm's pages know it (a lot's or a pond's). */
export interface CopyPlace {
  farmId: number;
  pondId: number;
  cropId: number | null;
}

/**
 * The form as the sample was sent: provider and phone, location, category, the tests that may still be
 * ordered for it, e-mail, markets, the notes for the collector, and the farm, pond, crop, lot and purpose. Without `place` (no pond,
 * or one deleted since) only the purpose is kept: a pond cannot be shown without its farm.
 */
export function copyOfSample(sample: Sample, place: CopyPlace | null): SampleCopy {
  const orderable = orderableTestTypesOf(sample.shrimpCategory);
  const values: SampleFormValues = {
    samplerName: sample.samplerName,
    phoneNumber: sample.phoneNumber,
    location:
      sample.samplerLocation === "" && sample.coordinates === null
        ? null
        : { address: sample.samplerLocation, coordinates: sample.coordinates },
    shrimpCategory: sample.shrimpCategory,
    testTypes: sample.testTypes.filter((type) => orderable.includes(type)),
    emailAddress: sample.emailAddress ?? "",
    markets: [...sample.markets],
    collectorNotes: sample.collectorNotes ?? "",
  };
  const purpose = sample.purpose ?? null;
  const link: SampleLink =
    place === null ? { ...BLANK_LINK, purpose } : { ...place, lotId: sample.lot?.id ?? null, purpose };
  return { values, link, providerId: sample.providerId };
}
