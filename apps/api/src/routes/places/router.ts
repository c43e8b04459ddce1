import { nearestPlaceQuerySchema, placeSearchQuerySchema } from "@lab/contracts";
import { Router } from "express";

import type { Gazetteer } from "../../infra/places";
import { notFound } from "../../lib/app-error";
import { parse } from "../../http/parse";
import { presentNearestPlace, presentPlace } from "../../presenters/place";

/**
 * GET /places/autocomplete?q= and /places/nearest: India-only places from the offline gazetteer,
 * asked for at each request (the process builds it once, on first use).
 */
export function placesRouter(gazetteer: () => Gazetteer): Router {
  const router = Router();
  router.get("/autocomplete", (req, res) => {
    const { q } = parse(placeSearchQuerySchema, req.query, "searchTextInvalid");
    res.set("Cache-Control", "private, max-age=3600").json(gazetteer().search(q).map(presentPlace));
  });
  /** GET /places/nearest?lat=&lon=: the known place closest to a device's position in India. */
  router.get("/nearest", (req, res) => {
    const { lat, lon } = parse(nearestPlaceQuerySchema, req.query, "coordinatesInvalid");
    const place = gazetteer().nearest(lat, lon);
    if (!place) throw notFound("nearestPlaceNone");
    res.set("Cache-Control", "private, max-age=3600").json(presentNearestPlace(place));
  });
  return router;
}
