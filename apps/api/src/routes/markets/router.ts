import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { choosableMarkets } from "../../domain/results";
import { memberOf } from "../../http/authenticate";
import { presentMarketChoice } from "../../presenters/market-choice";

/** /markets, behind customer authentication: the destination markets a member's organisation can choose. */
export function marketsRouter(ctx: DomainContext): Router {
  const router = Router();
  router.get("/", async (req, res) => {
    res.json((await choosableMarkets(ctx.db, memberOf(req).organisationId)).map(presentMarketChoice));
  });
  return router;
}
