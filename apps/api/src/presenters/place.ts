import type { NearestPlace, PlaceSuggestion } from "@lab/contracts";

/** A gazetteer place as the location input lists it: what it is, and its district and state. */
export function presentPlace(place: PlaceSuggestion): PlaceSuggestion {
  return {
    placeId: place.placeId,
    address: place.address,
    coordinates: place.coordinates,
    kind: place.kind,
    district: place.district ?? null,
    state: place.state ?? null,
  };
}

/** GET /places/nearest: the place closest to a device's position, and how far it is. */
export function presentNearestPlace(place: NearestPlace): NearestPlace {
  return { ...presentPlace(place), distanceKm: place.distanceKm };
}
