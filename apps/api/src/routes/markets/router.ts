import { Router } from "express";

import type { DomainContext } from "../../domain/context";

/** /markets, behind customer authentication: the destination markets a customer can choose (issue 16). */
export function marketsRouter(ctx: DomainContext): Router {
  const router = Router();
  void ctx;
  return router;
}
