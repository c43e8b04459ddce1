// The submit form's values, its alerts in order (docs/product-rules.md, Validation), and the payload.
import { firstSubmissionProblem, type LocationValue, type SampleSubmission } from "@lab/contracts";

import type { LinkField } from "./sample-link";

export interface SampleFormValues {
  samplerName: string;
  phoneNumber: string;
  location: LocationValue | null;
  shrimpCategory: string;
  testTypes: string[];
  emailAddress: string;
  /** Destination markets, preselected from the profile's default markets. */
  markets: string[];
  /** For the agent who collects the sample ("Call before coming"). */
  collectorNotes: string;
}

export const emptySampleForm = (markets: readonly string[] = []): SampleFormValues => ({
  samplerName: "",
  phoneNumber: "",
  location: null,
  shrimpCategory: "",
  testTypes: [],
  emailAddress: "",
  markets: [...markets],
  collectorNotes: "",
});

/** The form's fields an error can be shown at. */
export type SampleField =
  | "samplerName"
  | "phoneNumber"
  | "testTypes"
  | "location"
  | "shrimpCategory"
  | "emailAddress"
  | "markets"
  | "collectorNotes"
  | LinkField;

export interface SampleProblem {
  field: SampleField;
  message: string;
}

/** The first problem by the spec's submission rule (the server checks the same). Null when the form may be sent. */
export function firstProblem(values: SampleFormValues): SampleProblem | null {
  return firstSubmissionProblem({
    samplerName: values.samplerName,
    phoneNumber: values.phoneNumber,
    testTypes: values.testTypes,
    coordinates: values.location ? (values.location.coordinates ?? {}) : null,
    shrimpCategory: values.shrimpCategory,
  });
}

/** The spec's alert text of the first problem, or null. */
export const firstAlert = (values: SampleFormValues): string | null => firstProblem(values)?.message ?? null;

/**
 * The form field a server error names (`samplerName`, `testTypes.2`, `coordinate.lat`, and the
 * provider's own names when saving the provider first); null for one the form does not show.
 */
export function sampleFieldOf(path: string): SampleField | null {
  const head = path.split(".")[0];
  switch (head) {
    case "samplerName":
    case "phoneNumber":
    case "testTypes":
    case "shrimpCategory":
    case "emailAddress":
    case "markets":
    case "collectorNotes":
      return head;
    case "samplerLocation":
    case "coordinate":
    case "coordinates":
    case "location":
      return "location";
    // The pond names its crop: a crop that is not the pond's is shown at the pond.
    case "pondId":
    case "cropId":
      return "pondId";
    case "lotId":
    case "purpose":
      return head;
    default:
      return null;
  }
}

/** A temporary sampler id made from the time, for a provider that is not saved. */
export const temporarySamplerId = (now: number = Date.now()): string => `temp_${now}`;

export function submissionPayload(
  values: SampleFormValues,
  consumerId: number,
  samplerId: number | string,
): SampleSubmission {
  const email = values.emailAddress.trim();
  const notes = values.collectorNotes.trim();
  return {
    consumerId,
    samplerId,
    samplerName: values.samplerName.trim(),
    samplerLocation: values.location?.address.trim() ?? "",
    coordinate: {
      lat: values.location?.coordinates?.lat ?? null,
      lng: values.location?.coordinates?.lng ?? null,
    },
    shrimpCategory: values.shrimpCategory,
    testTypes: values.testTypes,
    phoneNumber: values.phoneNumber.trim(),
    ...(email ? { emailAddress: email } : {}),
    ...(notes ? { collectorNotes: notes } : {}),
    // Sent even when empty: none chosen means the lab's default limits, not the profile's markets.
    markets: values.markets,
    status: "PENDING",
    assigned: "",
  };
}
