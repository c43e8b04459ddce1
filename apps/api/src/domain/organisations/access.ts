import type { MemberRole, MemberScope } from "@lab/contracts";
import { reports, samples } from "@lab/db";
import { eq, type SQL } from "drizzle-orm";

/** A signed-in member as the domain sees them: who, in which organisation, with what role and scope. */
export interface Member {
  id: number;
  organisationId: number;
  role: MemberRole;
  scope: MemberScope;
}

/**
 * Whose samples a member sees, as one owner column and id: every list, count, search, export and
 * check of the customer side goes through it, so `own` and `all` cannot drift apart between queries.
 */
export interface SampleScope {
  by: "organisation" | "submitter";
  id: number;
}

export const sampleScopeOf = (member: Member): SampleScope =>
  member.scope === "all"
    ? { by: "organisation", id: member.organisationId }
    : { by: "submitter", id: member.id };

/** The samples a member may see. */
export const visibleSamples = (member: Member): SQL => {
  const scope = sampleScopeOf(member);
  return scope.by === "organisation"
    ? eq(samples.organisationId, scope.id)
    : eq(samples.customerId, scope.id);
};

/** The reports a member may see: those of the samples they may see. */
export const visibleReports = (member: Member): SQL => {
  const scope = sampleScopeOf(member);
  return scope.by === "organisation"
    ? eq(reports.organisationId, scope.id)
    : eq(reports.customerId, scope.id);
};

/** Whether a member may see a sample of this organisation submitted by this member. */
export const canSeeSample = (
  member: Member,
  sample: { organisationId: number; customerId: number },
): boolean =>
  sample.organisationId === member.organisationId &&
  member.role !== "billing" &&
  (member.scope === "all" || sample.customerId === member.id);
