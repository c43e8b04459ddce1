import { labSettingsUpdateSchema } from "@lab/contracts";
import { Router } from "express";

import type { DomainContext } from "../../domain/context";
import { getLabSettings, setOnePersonRevocation } from "../../domain/reports/revocations";
import { claimsOf } from "../../http/authenticate";
import { parse } from "../../http/parse";
import { presentLabSettings } from "../../presenters/revocation";

/**
 * /lab/settings: the lab's rules with their history. Every staff member reads them (the console says
 * which revocation rule applies); only an admin changes them, and each change is kept with its author.
 */
export function labSettingsRouter(ctx: DomainContext): Router {
  const router = Router();

  router.get("/", async (_req, res) => {
    res.json(presentLabSettings(await getLabSettings(ctx)));
  });

  router.put("/", async (req, res) => {
    const { onePersonRevocation } = parse(labSettingsUpdateSchema, req.body, "labSettingsInvalid");
    res.json(
      presentLabSettings(await setOnePersonRevocation(ctx, onePersonRevocation, claimsOf(req).subject)),
    );
  });

  return router;
}
