import type { FarmActivityKind } from "@lab/contracts";
import { customers, organisationActivity, type Executor } from "@lab/db";
import { eq } from "drizzle-orm";

import type { Member } from "../organisations/access";

/** A line of the organisation's trail, in the caller's transaction: it stands or falls with the change. */
export async function recordFarmActivity(
  tx: Executor,
  member: Member,
  kind: FarmActivityKind,
  subject: { id: number; label: string },
  at: Date,
  details: Record<string, string | number | boolean | null> = {},
): Promise<void> {
  const [actor] = await tx
    .select({ fullName: customers.fullName })
    .from(customers)
    .where(eq(customers.id, member.id));
  await tx.insert(organisationActivity).values({
    organisationId: member.organisationId,
    at,
    kind,
    actorId: member.id,
    actorName: actor?.fullName ?? "",
    subjectId: subject.id,
    subjectLabel: subject.label,
    details,
  });
}
