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

/**
 * The first alert, in the spec's order: provider name, phone, test types, a location value, its
 * coordinates (missing or zero), then the category. Null when the form may be sent.
 */
export function firstAlert(values: SampleFormValues): string | null {
  if (values.samplerName.trim() === "") return messages.sampleProviderNameRequired;
  if (values.phoneNumber.trim() === "") return messages.samplePhoneRequired;
  if (values.testTypes.length === 0) return messages.sampleTestTypesRequired;
  if (!values.location) return messages.sampleLocationInvalid;
  const lat = values.location.coordinates?.lat;
  const lng = values.location.coordinates?.lng;
  if (!lat || !lng) return messages.sampleCoordinatesRequired;
  if (values.shrimpCategory === "") return messages.sampleCategoryRequired;
  return null;
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
