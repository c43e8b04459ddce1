import type { ActivityKind } from "@lab/contracts";
import { customers, organisationActivity, type Executor, type OrganisationActivityRow } from "@lab/db";
import { and, desc, eq, lt } from "drizzle-orm";

/** Who acted: a member (named from their row unless given), or the lab's staff. */
export type ActivityActor = { id: number; name?: string | undefined } | { staff: string };

export interface ActivityInput {
  organisationId: number;
  kind: ActivityKind;
  actor: ActivityActor;
  subject?: { id: number | null; label: string } | undefined;
  sampleId?: number | undefined;
  details?: Record<string, string | number | boolean | null> | undefined;
  at: Date;
}

/** Adds a line to the organisation's trail, in the caller's transaction: it stands or falls with the act. */
export async function recordActivity(tx: Executor, input: ActivityInput): Promise<void> {
  let actorId: number | null = null;
  let actorName: string;
  if ("staff" in input.actor) {
    actorName = input.actor.staff;
  } else {
    actorId = input.actor.id;
    actorName = input.actor.name ?? (await memberName(tx, input.actor.id));
  }
  await tx.insert(organisationActivity).values({
    organisationId: input.organisationId,
    at: input.at,
    kind: input.kind,
    actorId,
    actorName,
    subjectId: input.subject?.id ?? null,
    subjectLabel: input.subject?.label ?? null,
    sampleId: input.sampleId ?? null,
    details: input.details ?? {},
  });
}

async function memberName(tx: Executor, id: number): Promise<string> {
  const [row] = await tx.select({ fullName: customers.fullName }).from(customers).where(eq(customers.id, id));
  return row?.fullName ?? "";
}

/** One page of the trail, newest first; `before` is the last id of the previous page. */
export async function activityPage(
  db: Executor,
  organisationId: number,
  page: { before?: number | undefined; limit: number },
): Promise<{ items: OrganisationActivityRow[]; nextCursor: number | null }> {
  const rows = await db
    .select()
    .from(organisationActivity)
    .where(
      and(
        eq(organisationActivity.organisationId, organisationId),
        page.before === undefined ? undefined : lt(organisationActivity.id, page.before),
      ),
    )
    .orderBy(desc(organisationActivity.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > page.limit && last ? last.id : null };
}
