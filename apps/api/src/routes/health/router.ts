import type { Database } from "@lab/db";
import { Router } from "express";

export function healthRouter(database: Database): Router {
  const router = Router();
  router.get("/health", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/ready", async (_req, res) => {
    const migrated = await database.isMigrated().catch(() => false);
    res.status(migrated ? 200 : 503).json({ status: migrated ? "ready" : "not ready", database: migrated });
  });
  return router;
}
