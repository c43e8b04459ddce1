import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { authenticate } from "../../http/authenticate";

/** /lab/staff: admins add, list and deactivate staff (issue 16). */
export function labStaffRouter(ctx: DomainContext): Router {
  const router = Router();
  router.use(authenticate(ctx, "lab"));
  return router;
}
