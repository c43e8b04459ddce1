import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { authenticate } from "../../http/authenticate";

/** /lab/parameters, /lab/panels, /lab/markets: the catalogue staff edit (issue 16). */
export function labCatalogueRouter(ctx: DomainContext): Router {
  const router = Router();
  router.use(authenticate(ctx, "lab"));
  return router;
}
