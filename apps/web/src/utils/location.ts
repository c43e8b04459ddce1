// The spec's location value (section 3): {address, coordinates {lat,lng}, placeId}, sent as a JSON
// string, and the typed "lat, lng" form the location input also accepts (section 5).
import { coordinatesSchema, locationValueSchema, type Coordinates, type LocationValue } from "@lab/contracts";

const LAT_LNG = /^\s*([-+]?\d+(?:\.\d+)?)\s*,\s*([-+]?\d+(?:\.\d+)?)\s*$/;

export type TypedCoordinates =
  { kind: "none" } | { kind: "invalid" } | { kind: "valid"; coordinates: Coordinates };

/** Reads "lat, lng": none when the text is not of that form, invalid when out of range. */
export function parseTypedCoordinates(text: string): TypedCoordinates {
  const match = LAT_LNG.exec(text);
  if (!match) return { kind: "none" };
  const parsed = coordinatesSchema.safeParse({ lat: Number(match[1]), lng: Number(match[2]) });
  return parsed.success ? { kind: "valid", coordinates: parsed.data } : { kind: "invalid" };
}

/** A location value from typed coordinates: the text as address, no place id. */
export function typedLocation(text: string, coordinates: Coordinates): LocationValue {
  return { address: text.trim(), coordinates, placeId: null };
}

export const hasCoordinates = (
  value: LocationValue | null | undefined,
): value is LocationValue & { coordinates: Coordinates } =>
  value !== null && value !== undefined && value.coordinates !== null && value.coordinates !== undefined;

/**
 * A stored location (as a provider or farmer returns it) back into a form value: the JSON form when
 * the text starts with a brace, else plain text, with the coordinates the server keeps beside it.
 */
export function parseStoredLocation(stored: {
  location: string | null;
  address: string | null;
  coordinates: Coordinates | null;
  placeId: string | null;
}): LocationValue | null {
  const text = stored.location?.trim() ?? "";
  if (text.startsWith("{")) {
    try {
      const parsed = locationValueSchema.safeParse(JSON.parse(text) as unknown);
      if (parsed.success) {
        return {
          address: parsed.data.address,
          coordinates: parsed.data.coordinates ?? stored.coordinates,
          placeId: parsed.data.placeId ?? stored.placeId,
        };
      }
    } catch {
      // Not JSON after all: shown as the stored address below.
    }
  }
  const address = text.startsWith("{") ? (stored.address ?? "") : text || (stored.address ?? "");
  if (!address && !stored.coordinates) return null;
  return { address, coordinates: stored.coordinates, placeId: stored.placeId };
}

/**
 * The `location` field of a payload: the JSON string of the value; a plain-text location without
 * coordinates or place (kept from an older entry) is sent back as the text it was.
 */
export function locationPayload(value: LocationValue | null): string | null {
  if (!value) return null;
  if (!hasCoordinates(value) && !value.placeId) return value.address.trim() || null;
  return JSON.stringify({
    address: value.address,
    coordinates: value.coordinates ?? null,
    placeId: value.placeId ?? null,
  });
}

/** A maps service at the coordinates. */
export const mapsUrl = ({ lat, lng }: Coordinates): string =>
  `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`;

export const formatCoordinates = ({ lat, lng }: Coordinates): string =>
  `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
