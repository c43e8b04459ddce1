import type { Database } from "@lab/db";

import { outboxBacklog, type OutboxBacklog } from "../mail/outbox";

/** What /api/ready reads: the migrations, and the mail backlog. */
export type ReadinessSource = Pick<Database, "db" | "isMigrated">;

export interface Readiness {
  migrated: boolean;
  /** Informational: a mail backlog (SMTP down) does not make this instance unready to serve. */
  mail: OutboxBacklog | null;
}

/** Never throws: an unreachable database is "not migrated", an unreadable backlog is null. */
export async function readiness(database: ReadinessSource): Promise<Readiness> {
  const migrated = await database.isMigrated().catch(() => false);
  const mail = migrated ? await outboxBacklog(database.db).catch(() => null) : null;
  return { migrated, mail };
}
