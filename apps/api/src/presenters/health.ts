import type { Readiness } from "../infra/readiness";

/** GET /api/ready: ready once every migration is applied, with the mail backlog for operators. */
export function presentReadiness(readiness: Readiness) {
  return {
    status: readiness.migrated ? "ready" : "not ready",
    database: readiness.migrated,
    mail: readiness.mail,
  };
}

/** GET /api/health: the process answers. */
export const presentHealth = () => ({ status: "ok" });
