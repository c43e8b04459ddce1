import type { NearestPlace, PlaceSuggestion } from "@lab/contracts";

/** A gazetteer place as the location input lists it. */
export function presentPlace(place: PlaceSuggestion): PlaceSuggestion {
  return { placeId: place.placeId, address: place.address, coordinates: place.coordinates };
}

/** GET /places/nearest: the place closest to a device's position, and how far it is. */
export function presentNearestPlace(place: NearestPlace): NearestPlace {
  return { ...presentPlace(place), distanceKm: place.distanceKm };
}
