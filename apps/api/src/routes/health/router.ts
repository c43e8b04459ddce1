import { Router } from "express";

import { readiness, type ReadinessSource } from "../../infra/readiness";
import { presentHealth, presentReadiness } from "../../presenters/health";

export function healthRouter(database: ReadinessSource): Router {
  const router = Router();
  router.get("/health", (_req, res) => {
    res.json(presentHealth());
  });
  router.get("/ready", async (_req, res) => {
    const ready = await readiness(database);
    res.status(ready.migrated ? 200 : 503).json(presentReadiness(ready));
  });
  return router;
}
