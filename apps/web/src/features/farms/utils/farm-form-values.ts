import type { CreateFarmRequest, Farm, LocationValue } from "@lab/contracts";

/** The farm form as typed: texts, a picked or typed location, and the boundary as "lat, lng" lines. */
export interface FarmFormValues {
  name: string;
  providerId: string;
  mpedaEnrolment: string;
  caaRegistration: string;
  caaExpiresOn: string;
  stateLicence: string;
  surveyNumbers: string;
  areaHa: string;
  village: string;
  mandal: string;
  district: string;
  state: string;
  location: LocationValue | null;
  boundary: string;
}

export const FARM_TEXT_FIELDS = [
  "mpedaEnrolment",
  "caaRegistration",
  "stateLicence",
  "surveyNumbers",
  "village",
  "mandal",
  "district",
  "state",
] as const;

export const blankFarm = (): FarmFormValues => ({
  name: "",
  providerId: "",
  mpedaEnrolment: "",
  caaRegistration: "",
  caaExpiresOn: "",
  stateLicence: "",
  surveyNumbers: "",
  areaHa: "",
  village: "",
  mandal: "",
  district: "",
  state: "",
  location: null,
  boundary: "",
});

const placeOf = (farm: Farm): string =>
  [farm.village, farm.mandal, farm.district, farm.state].filter(Boolean).join(", ");

export function farmFormValues(farm: Farm): FarmFormValues {
  return {
    name: farm.name,
    providerId: farm.providerId === null ? "" : String(farm.providerId),
    mpedaEnrolment: farm.mpedaEnrolment ?? "",
    caaRegistration: farm.caaRegistration ?? "",
    caaExpiresOn: farm.caaExpiresOn ?? "",
    stateLicence: farm.stateLicence ?? "",
    surveyNumbers: farm.surveyNumbers ?? "",
    areaHa: farm.areaHa === null ? "" : String(farm.areaHa),
    village: farm.village ?? "",
    mandal: farm.mandal ?? "",
    district: farm.district ?? "",
    state: farm.state ?? "",
    location:
      farm.lat !== null && farm.lng !== null
        ? {
            address: placeOf(farm) || `${farm.lat}, ${farm.lng}`,
            coordinates: { lat: farm.lat, lng: farm.lng },
            placeId: null,
          }
        : null,
    // People read and type latitude first; the API keeps GeoJSON's [lng, lat].
    boundary: (farm.boundary ?? []).map(([lng, lat]) => `${lat}, ${lng}`).join("\n"),
  };
}

/** A typed number: empty is null; anything unreadable is NaN, which the schema refuses with its message. */
export const numberOrNull = (text: string): number | null => {
  const trimmed = text.trim().replace(/,/g, "");
  return trimmed === "" ? null : Number(trimmed);
};

/** "lat, lng" per line (or separated by ";") into [lng, lat] pairs; NaN where a line is not two numbers. */
export function parseBoundary(text: string): [number, number][] | null {
  const lines = text
    .split(/[\n;]/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  return lines.map((line) => {
    const parts = line.split(/[\s,]+/).filter(Boolean);
    if (parts.length !== 2) return [Number.NaN, Number.NaN];
    return [Number(parts[1]), Number(parts[0])];
  });
}

/** The request of the form: every field, nulls for empty ones (so an edit clears what was emptied). */
export function farmPayload(values: FarmFormValues): CreateFarmRequest {
  const texts = Object.fromEntries(FARM_TEXT_FIELDS.map((field) => [field, values[field].trim() || null]));
  const coordinates = values.location?.coordinates ?? null;
  return {
    name: values.name,
    providerId: values.providerId === "" ? null : Number(values.providerId),
    ...texts,
    caaExpiresOn: values.caaExpiresOn.trim() || null,
    areaHa: numberOrNull(values.areaHa),
    lat: coordinates?.lat ?? null,
    lng: coordinates?.lng ?? null,
    boundary: parseBoundary(values.boundary),
  };
}
