import { labSettingsUpdateSchema } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { getLabSettings, updateLabSettings } from "../../domain/reports/revocations";
import { claimsOf } from "../../http/authenticate";
import { parse } from "../../http/parse";
import { presentLabSettings } from "../../presenters/revocation";

/**
 * /lab/settings: the lab's rules (one-person revocation, how long a pre-harvest screening stays valid)
 * with their history. Every staff member reads them; only an admin changes them, and each change is
 * kept with its author.
 */
export function labSettingsRouter(ctx: DomainContext): Router {
  const router = Router();

  router.get("/", async (_req, res) => {
    res.json(presentLabSettings(await getLabSettings(ctx)));
  });

  router.put("/", async (req, res) => {
    const change = parse(labSettingsUpdateSchema, req.body, "labSettingsEmpty");
    res.json(presentLabSettings(await updateLabSettings(ctx, change, claimsOf(req).subject)));
  });

  return router;
}
