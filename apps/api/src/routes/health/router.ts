import type { Database } from "@lab/db";
import { Router } from "express";

import { outboxBacklog } from "../../mail/outbox";

export function healthRouter(database: Database): Router {
  const router = Router();
  router.get("/health", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/ready", async (_req, res) => {
    const migrated = await database.isMigrated().catch(() => false);
    // Informational: a mail backlog (SMTP down) does not make this instance unready to serve.
    const mail = migrated ? await outboxBacklog(database.db).catch(() => null) : null;
    res
      .status(migrated ? 200 : 503)
      .json({ status: migrated ? "ready" : "not ready", database: migrated, mail });
  });
  return router;
}
