import { text } from "@lab/contracts";
import { Router } from "express";
import { z } from "zod";

import { gazetteer } from "../../domain/places";
import { parse } from "../../http/parse";

const querySchema = z.object({ q: text().max(100, "Search text is too long").default("") });

/** GET /places/autocomplete?q=: India-only suggestions from the offline gazetteer. */
export function placesRouter(): Router {
  const router = Router();
  router.get("/autocomplete", (req, res) => {
    const { q } = parse(querySchema, req.query, "Invalid search text");
    res.set("Cache-Control", "private, max-age=3600").json(gazetteer().search(q));
  });
  return router;
}
