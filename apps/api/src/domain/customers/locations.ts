import { coordinatesSchema, locationValueSchema, type Coordinates, type LocationValue } from "@lab/contracts";

import { invalidField } from "../../lib/app-error";

export interface ResolvedLocation {
  /** As the client sent it. */
  location: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  placeId: string | null;
}

const LAT_LNG = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

function checkedCoordinates(value: unknown): Coordinates {
  const parsed = coordinatesSchema.safeParse(value);
  if (!parsed.success) throw invalidField("coordinatesInvalid");
  return parsed.data;
}

function parseJsonLocation(text: string): LocationValue {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidField("locationInvalid");
  }
  const parsed = locationValueSchema.safeParse(json);
  if (!parsed.success) {
    const coordinateIssue = parsed.error.issues.some((issue) => issue.path[0] === "coordinates");
    throw invalidField(coordinateIssue ? "coordinatesInvalid" : "locationInvalid");
  }
  return parsed.data;
}

/**
 * A location as the spec allows it: plain text, typed "lat, lng", the JSON string of a location value
 * (or that object). Explicit coordinates beside it win over those inside it.
 */
export function resolveLocation(
  location: string | LocationValue | null | undefined,
  coordinates: Coordinates | null | undefined,
): ResolvedLocation {
  let value: LocationValue | undefined;
  let raw: string | null = null;
  if (typeof location === "string" && location.trim() !== "") {
    raw = location.trim();
    if (raw.startsWith("{")) value = parseJsonLocation(raw);
    else {
      const typed = LAT_LNG.exec(raw);
      value = typed
        ? { address: raw, coordinates: checkedCoordinates({ lat: Number(typed[1]), lng: Number(typed[2]) }) }
        : { address: raw };
    }
  } else if (location && typeof location === "object") {
    value = location;
    raw = JSON.stringify(location);
  }
  const point = coordinates ?? value?.coordinates ?? null;
  return {
    location: raw,
    address: value?.address ? value.address : null,
    lat: point ? point.lat : null,
    lng: point ? point.lng : null,
    placeId: value?.placeId ?? null,
  };
}
