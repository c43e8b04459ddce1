import { type ActivityKind, type MemberRole, type MemberScope, type LanguageCode } from "@lab/contracts";
import { customers, organisations, type CustomerRow, type Executor, type OrganisationRow } from "@lab/db";
import { and, asc, eq, ilike, isNotNull, isNull, ne, or, sql } from "drizzle-orm";

import { conflict, forbidden, notFound } from "../../lib/app-error";
import type { DomainContext } from "../context";
import { checkedMarkets } from "../results/catalogue";
import type { Member } from "./access";
import { recordActivity, type ActivityActor } from "./activity";

const organisationNotFound = () => notFound("organisationNotFound");
const memberNotFound = () => notFound("memberNotFound");
const lastAdmin = () => conflict("lastOrganisationAdmin");

/** The caller's own organisation by its id; another organisation's id is "not found". */
export function requireOwnOrganisation(member: Member, organisationId: number): void {
  if (member.organisationId !== organisationId) throw organisationNotFound();
}

export function requireAdmin(member: Member): void {
  if (member.role !== "admin") throw forbidden("organisationAdminRequired");
}

/**
 * The organisation of the active, verified member with this address (compared lower-cased), or
 * undefined: how another organisation is named by someone who knows one of its members.
 */
export async function organisationOfMemberEmail(
  executor: Executor,
  email: string,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await executor
    .select({ id: organisations.id, name: organisations.name })
    .from(customers)
    .innerJoin(organisations, eq(organisations.id, customers.organisationId))
    .where(
      and(
        sql`lower(${customers.email}) = ${email.toLowerCase()}`,
        isNull(customers.removedAt),
        isNotNull(customers.emailVerifiedAt),
      ),
    );
  return row;
}

export async function getOrganisation(executor: Executor, organisationId: number): Promise<OrganisationRow> {
  const [row] = await executor.select().from(organisations).where(eq(organisations.id, organisationId));
  if (!row) throw organisationNotFound();
  return row;
}

export interface OrganisationChanges {
  name?: string | undefined;
  address?: string | null | undefined;
  gstin?: string | null | undefined;
  state?: string | null | undefined;
  language?: LanguageCode | undefined;
  defaultMarkets?: string[] | undefined;
}

/** PUT /organisations/{id} (admin): only the fields sent change; the change goes on the trail. */
export async function updateOrganisation(
  ctx: DomainContext,
  member: Member,
  input: OrganisationChanges,
): Promise<OrganisationRow> {
  requireAdmin(member);
  const changes: Partial<typeof organisations.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.address !== undefined) changes.address = input.address === "" ? null : input.address;
  if (input.gstin !== undefined) changes.gstin = input.gstin;
  if (input.state !== undefined) changes.state = input.state;
  if (input.language !== undefined) changes.language = input.language;
  if (input.defaultMarkets !== undefined) {
    changes.defaultMarkets = await checkedMarkets(
      ctx.db,
      member.organisationId,
      input.defaultMarkets,
      "defaultMarkets",
    );
  }
  return ctx.unitOfWork(async (tx) => {
    const current = await getOrganisation(tx, member.organisationId);
    // A GSTIN names its state: one sent alone must agree with the state already kept, and the reverse.
    const gstin = changes.gstin === undefined ? current.gstin : changes.gstin;
    const state = changes.state === undefined ? current.state : changes.state;
    if (gstin !== null && state !== null && !gstin.startsWith(state)) {
      throw conflict("gstinStateMismatch", { field: "gstin" });
    }
    if (Object.keys(changes).length === 0) return current;
    const now = ctx.now();
    const [row] = await tx
      .update(organisations)
      .set({ ...changes, updatedAt: now })
      .where(eq(organisations.id, member.organisationId))
      .returning();
    if (!row) throw organisationNotFound();
    await recordActivity(tx, {
      organisationId: row.id,
      kind: "organisation-updated",
      actor: { id: member.id },
      details: { fields: Object.keys(changes).sort().join(",") },
      at: now,
    });
    return row;
  });
}

/** The organisation's members; removed ones only when `withRemoved` (the lab's view). */
export async function listMembers(
  executor: Executor,
  organisationId: number,
  withRemoved = false,
): Promise<CustomerRow[]> {
  return executor
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, organisationId),
        withRemoved ? undefined : isNull(customers.removedAt),
      ),
    )
    .orderBy(asc(customers.fullName), asc(customers.id));
}

/** Locks the organisation's row: membership changes of one organisation happen one at a time. */
async function lockOrganisation(tx: Executor, organisationId: number): Promise<void> {
  const [row] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for("update");
  if (!row) throw organisationNotFound();
}

async function activeMember(tx: Executor, organisationId: number, memberId: number): Promise<CustomerRow> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.id, memberId),
        eq(customers.organisationId, organisationId),
        isNull(customers.removedAt),
      ),
    );
  if (!row) throw memberNotFound();
  return row;
}

/** Whether an admin other than `memberId` remains. */
async function anotherAdmin(tx: Executor, organisationId: number, memberId: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(customers)
    .where(
      and(
        eq(customers.organisationId, organisationId),
        eq(customers.memberRole, "admin"),
        isNull(customers.removedAt),
        ne(customers.id, memberId),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/**
 * PATCH /organisations/{id}/members/{memberId} (admin): a new role or scope. The member's sessions end
 * at once (HTTP and real time): their tokens spoke for the old role. The last admin keeps the role.
 */
export async function updateMember(
  ctx: DomainContext,
  admin: Member,
  memberId: number,
  input: { role?: MemberRole | undefined; scope?: MemberScope | undefined },
): Promise<CustomerRow> {
  requireAdmin(admin);
  return ctx.unitOfWork(async (tx, effects) => {
    await lockOrganisation(tx, admin.organisationId);
    const target = await activeMember(tx, admin.organisationId, memberId);
    const role = input.role ?? target.memberRole;
    const scope = input.scope ?? target.memberScope;
    if (role === target.memberRole && scope === target.memberScope) return target;
    if (
      target.memberRole === "admin" &&
      role !== "admin" &&
      !(await anotherAdmin(tx, admin.organisationId, memberId))
    ) {
      throw lastAdmin();
    }
    const now = ctx.now();
    const [row] = await tx
      .update(customers)
      .set({ memberRole: role, memberScope: scope, updatedAt: now })
      .where(eq(customers.id, memberId))
      .returning();
    if (!row) throw memberNotFound();
    effects.add("sessionsRevoked", await ctx.sessions.revokeAll(tx, "customer", memberId, now));
    await recordActivity(tx, {
      organisationId: admin.organisationId,
      kind: "member-changed",
      actor: { id: admin.id },
      subject: { id: row.id, label: row.fullName },
      details: { role, scope, fromRole: target.memberRole, fromScope: target.memberScope },
      at: now,
    });
    return row;
  });
}

/**
 * Ends a membership: an admin removing a member, a member leaving (removing themselves), or the lab
 * deactivating one. The row stays (their samples keep their submitter and stay with the organisation),
 * the address is free again, and every session ends at once. The last admin cannot go.
 */
export async function removeMember(
  ctx: DomainContext,
  by: { member: Member } | { staff: string },
  organisationId: number,
  memberId: number,
): Promise<CustomerRow> {
  let kind: ActivityKind = "member-deactivated";
  let actor: ActivityActor;
  if ("member" in by) {
    const self = by.member.id === memberId;
    if (!self) requireAdmin(by.member);
    kind = self ? "member-left" : "member-removed";
    actor = { id: by.member.id };
  } else {
    actor = { staff: by.staff };
  }
  return ctx.unitOfWork(async (tx, effects) => {
    await lockOrganisation(tx, organisationId);
    const target = await activeMember(tx, organisationId, memberId);
    if (target.memberRole === "admin" && !(await anotherAdmin(tx, organisationId, memberId))) {
      throw lastAdmin();
    }
    const now = ctx.now();
    const [row] = await tx
      .update(customers)
      .set({ removedAt: now, updatedAt: now })
      .where(eq(customers.id, memberId))
      .returning();
    if (!row) throw memberNotFound();
    effects.add("sessionsRevoked", await ctx.sessions.revokeAll(tx, "customer", memberId, now));
    await recordActivity(tx, {
      organisationId,
      kind,
      actor,
      subject: { id: row.id, label: row.fullName },
      details: { email: row.email },
      at: now,
    });
    return row;
  });
}

/** The lab's customers, found by organisation name or by a member's name or address; 50 at most. */
export async function searchOrganisations(
  executor: Executor,
  q: string,
): Promise<(OrganisationRow & { members: number })[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const members = sql<number>`(select count(*)::int from ${customers} m where m.organisation_id = ${organisations.id} and m.removed_at is null)`;
  const matching =
    q === ""
      ? undefined
      : or(
          ilike(organisations.name, pattern),
          sql`exists (select 1 from ${customers} m where m.organisation_id = ${organisations.id} and (m.full_name ilike ${pattern} or m.email ilike ${pattern}))`,
        );
  const rows = await executor
    .select({ organisation: organisations, members })
    .from(organisations)
    .where(matching)
    .orderBy(asc(organisations.name), asc(organisations.id))
    .limit(50);
  return rows.map((row) => ({ ...row.organisation, members: row.members }));
}
