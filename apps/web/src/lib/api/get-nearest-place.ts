import { nearestPlaceSchema, type Coordinates, type NearestPlace } from "@lab/contracts";

import { apiRequest, isApiError } from "@/lib/api-client";

/**
 * GET /places/nearest?lat=&lon=: the known place closest to coordinates in India; null when no place
 * lies near (the sea, a border). Other refusals (outside India, a bad value) throw.
 */
export async function getNearestPlace(
  { lat, lng }: Coordinates,
  signal?: AbortSignal,
): Promise<NearestPlace | null> {
  try {
    return await apiRequest(`/places/nearest?lat=${lat}&lon=${lng}`, { schema: nearestPlaceSchema, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
