// Spec sections 2 and 5: the submit form's values, its alerts in order, and the payload.
import { messages, type LocationValue, type SampleSubmission } from "@lab/contracts";

export interface SampleFormValues {
  samplerName: string;
  phoneNumber: string;
  location: LocationValue | null;
  shrimpCategory: string;
  testTypes: string[];
  emailAddress: string;
}

export const emptySampleForm = (): SampleFormValues => ({
  samplerName: "",
  phoneNumber: "",
  location: null,
  shrimpCategory: "",
  testTypes: [],
  emailAddress: "",
});

/** The form's fields an error can be shown at. */
export type SampleField =
  "samplerName" | "phoneNumber" | "testTypes" | "location" | "shrimpCategory" | "emailAddress";

export interface SampleProblem {
  field: SampleField;
  message: string;
}

/**
 * The first problem, in the spec's order: provider name, phone, test types, a location value, its
 * coordinates (missing or zero), then the category. Null when the form may be sent.
 */
export function firstProblem(values: SampleFormValues): SampleProblem | null {
  const problem = (field: SampleField, message: string) => ({ field, message });
  if (values.samplerName.trim() === "") return problem("samplerName", messages.sampleProviderNameRequired);
  if (values.phoneNumber.trim() === "") return problem("phoneNumber", messages.samplePhoneRequired);
  if (values.testTypes.length === 0) return problem("testTypes", messages.sampleTestTypesRequired);
  if (!values.location) return problem("location", messages.sampleLocationInvalid);
  const lat = values.location.coordinates?.lat;
  const lng = values.location.coordinates?.lng;
  if (!lat || !lng) return problem("location", messages.sampleCoordinatesRequired);
  if (values.shrimpCategory === "") return problem("shrimpCategory", messages.sampleCategoryRequired);
  return null;
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
      return head;
    case "samplerLocation":
    case "coordinate":
    case "coordinates":
    case "location":
      return "location";
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
    status: "PENDING",
    assigned: "",
  };
}
