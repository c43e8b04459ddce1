import { type LanguageCode, type StaffRole } from "@lab/contracts";
import { agents, staff, type AgentRow, type Executor, type StaffRow } from "@lab/db";
import { and, asc, eq, sql } from "drizzle-orm";

import { AppError, conflict, forbidden, invalidField, notFound, unauthorized } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { hashPassword, passwordMatches } from "../../lib/passwords";
import { toE164 } from "../../lib/phone";
import type { TokenClaims } from "../../lib/tokens";
import type { SignIn } from "../accounts/accounts";
import type { DomainContext } from "../context";
import type { SignedIn } from "../../infra/sessions";

/** The staff account with this e-mail, in any case, in the caller's transaction or not. */
export const staffByEmail = async (executor: Executor, email: string): Promise<StaffRow | undefined> => {
  const [row] = await executor
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email.toLowerCase()}`);
  return row;
};

const findStaff = (ctx: DomainContext, email: string): Promise<StaffRow | undefined> =>
  staffByEmail(ctx.db, email);

const DEFAULT_ROLES: readonly StaffRole[] = ["analyst", "reviewer"];
const ADMIN_ROLES: readonly StaffRole[] = ["admin", "analyst", "reviewer"];

/**
 * Creates a staff account (POST /lab/staff, `npm run lab -- add-staff`, the seed, tests); roles default to
 * analyst + reviewer. An e-mail already used, in any case, is 409 email_taken.
 */
export async function addStaff(
  ctx: DomainContext,
  input: { email: string; name: string; password: string; roles?: readonly StaffRole[] | undefined },
): Promise<StaffRow> {
  const passwordHash = await hashPassword(input.password, ctx.bcryptCost);
  const roles = [...new Set(input.roles ?? DEFAULT_ROLES)];
  try {
    const [row] = await ctx.db
      .insert(staff)
      .values({ email: input.email.trim().toLowerCase(), name: input.name.trim(), passwordHash, roles })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const taken = conflict("staffEmailTaken", { code: "email_taken" });
    // Kept as the cause: callers racing another instance still see the unique violation.
    taken.cause = error;
    throw taken;
  }
}

/** The first staff account, from LAB_ADMIN_EMAIL / LAB_ADMIN_PASSWORD, created once, as an admin. */
export async function ensureAdmin(
  ctx: DomainContext,
  email: string,
  password: string,
): Promise<"created" | "exists"> {
  if (await findStaff(ctx, email)) return "exists";
  try {
    await addStaff(ctx, { email, name: "Lab Administrator", password, roles: ADMIN_ROLES });
  } catch (error) {
    // Two instances starting together both find no account; the slower insert meets the other's row.
    if (error instanceof AppError && error.code === "email_taken") return "exists";
    throw error;
  }
  return "created";
}

export async function loginStaff(
  ctx: DomainContext,
  email: string,
  password: string,
  remember = false,
): Promise<SignedIn<SignIn>> {
  const member = await findStaff(ctx, email);
  // An unknown e-mail costs one bcrypt comparison too: timing does not tell who is staff.
  const matches = await passwordMatches(password, member?.passwordHash, ctx.bcryptCost);
  // A deactivated account answers as a wrong password would: sign-in does not tell who was staff.
  if (!member || !matches || !member.active) throw unauthorized("invalidCredentials", "invalid_credentials");
  const { token, expiresIn, ...refresh } = await ctx.sessions.start(ctx.db, "lab", member.id, ctx.now(), {
    persistent: remember,
  });
  return { response: { role: "lab", staff: member, accessToken: token, expiresIn }, refresh };
}

/** GET /lab/staff: everyone, active first, then by name. */
export const listStaff = (ctx: DomainContext): Promise<StaffRow[]> =>
  ctx.db
    .select()
    .from(staff)
    .orderBy(sql`${staff.active} desc`, asc(staff.name), asc(staff.id));

/** GET /lab/staff/me: the signed-in member (the console shows the actions their roles allow). */
export async function getStaffMember(ctx: DomainContext, id: number): Promise<StaffRow> {
  const [member] = await ctx.db.select().from(staff).where(eq(staff.id, id));
  if (!member) throw unauthorized("authRequired");
  return member;
}

/** PUT /lab/me: a signed-in (so active) member sets their own console language. */
export async function setStaffLanguage(
  ctx: DomainContext,
  id: number,
  language: LanguageCode,
): Promise<StaffRow> {
  const [member] = await ctx.db.update(staff).set({ language }).where(eq(staff.id, id)).returning();
  if (!member || !member.active) throw unauthorized("authRequired");
  return member;
}

/** PATCH /lab/staff/{id} names a member by id, not by e-mail. */

const isActiveAdmin = (member: Pick<StaffRow, "active" | "roles">): boolean =>
  member.active && member.roles.includes("admin");

/**
 * PATCH /lab/staff/{id} (an admin): changes roles and/or switches the account on or off. Deactivating
 * ends every session of the member at once (HTTP and STOMP). Nobody deactivates themself, and the lab
 * always keeps one active admin: the active admins are locked first, so two admins demoting each other
 * at the same moment cannot both succeed.
 */
export async function updateStaff(
  ctx: DomainContext,
  actorId: number,
  id: number,
  input: { roles?: readonly StaffRole[] | undefined; active?: boolean | undefined },
): Promise<StaffRow> {
  if (id === actorId && input.active === false) {
    throw conflict("cannotDeactivateSelf", { field: "active" });
  }
  return ctx.unitOfWork(async (tx, effects) => {
    const admins = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.active, true), sql`'admin' = any(${staff.roles})`))
      .orderBy(asc(staff.id))
      .for("update");
    const [member] = await tx.select().from(staff).where(eq(staff.id, id)).for("update");
    if (!member) throw notFound("staffMemberNotFound");
    const next = {
      roles: input.roles ? [...new Set(input.roles)] : member.roles,
      active: input.active ?? member.active,
    };
    if (isActiveAdmin(member) && !isActiveAdmin(next) && admins.every((admin) => admin.id === id)) {
      throw conflict("lastAdmin", { field: input.roles ? "roles" : "active" });
    }
    const [updated] = await tx.update(staff).set(next).where(eq(staff.id, id)).returning();
    if (!updated) throw new Error("update returned no row");
    if (member.active && !next.active)
      effects.add("sessionsRevoked", await ctx.sessions.revokeAll(tx, "lab", id, ctx.now()));
    return updated;
  });
}

/** `npm run lab -- deactivate-staff`: switches an account off by e-mail (the last admin guard applies). */
export async function deactivateStaffByEmail(ctx: DomainContext, email: string): Promise<StaffRow> {
  const member = await findStaff(ctx, email);
  if (!member) throw notFound("staffNotFound");
  // The shell acts as nobody in particular: no self to protect, but the last admin still stays.
  return updateStaff(ctx, 0, member.id, { active: false });
}

/** The active staff member with this e-mail (`npm run lab -- … --as EMAIL`). */
export async function activeStaffByEmail(ctx: DomainContext, email: string): Promise<StaffRow> {
  const member = await findStaff(ctx, email);
  if (!member) throw notFound("staffNotFound");
  if (!member.active) throw forbidden("staffDeactivated", "staff_deactivated");
  return member;
}

/** PUT /lab/password: needs the current password; every other device of the staff member is signed out. */
export async function changeStaffPassword(
  ctx: DomainContext,
  claims: TokenClaims,
  input: { currentPassword: string; newPassword: string },
): Promise<number> {
  const [member] = await ctx.db.select().from(staff).where(eq(staff.id, claims.subject));
  if (!member) throw unauthorized("authRequired");
  if (!(await passwordMatches(input.currentPassword, member.passwordHash, ctx.bcryptCost))) {
    throw forbidden("currentPasswordWrong", "current_password_invalid");
  }
  if (input.newPassword === input.currentPassword) {
    throw invalidField("newPasswordSameAsOld");
  }
  const passwordHash = await hashPassword(input.newPassword, ctx.bcryptCost);
  const revoked = await ctx.unitOfWork(async (tx, effects) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, member.id));
    const revoked = await ctx.sessions.revokeAll(tx, "lab", member.id, ctx.now(), claims.sessionId);
    effects.add("sessionsRevoked", revoked);
    return revoked;
  });
  return revoked.sessionIds.length;
}

/** `npm run lab -- set-password`: sets a staff member's password from a shell and ends all their sessions. */
export async function setStaffPassword(ctx: DomainContext, email: string, password: string): Promise<number> {
  const member = await findStaff(ctx, email);
  if (!member) throw notFound("staffNotFound");
  const passwordHash = await hashPassword(password, ctx.bcryptCost);
  const revoked = await ctx.unitOfWork(async (tx, effects) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, member.id));
    const revoked = await ctx.sessions.revokeAll(tx, "lab", member.id, ctx.now());
    effects.add("sessionsRevoked", revoked);
    return revoked;
  });
  return revoked.sessionIds.length;
}

/** Whether the staff account still has this password (the demo admin's is printed only while it does). */
export async function staffPasswordIs(ctx: DomainContext, email: string, password: string): Promise<boolean> {
  const member = await findStaff(ctx, email);
  return member !== undefined && passwordMatches(password, member.passwordHash, ctx.bcryptCost);
}

export interface AgentValues {
  name: string;
  phone: string;
  active: boolean;
  coordinates?: { lat: number; lng: number } | null | undefined;
}

const agentColumns = (input: AgentValues) => ({
  name: input.name,
  phone: toE164(input.phone, "phoneInvalid", "phone"),
  active: input.active,
  lat: input.coordinates ? input.coordinates.lat : null,
  lng: input.coordinates ? input.coordinates.lng : null,
});

export const listAgents = (ctx: DomainContext): Promise<AgentRow[]> =>
  ctx.db.select().from(agents).orderBy(asc(agents.name), asc(agents.id));

export async function addAgent(ctx: DomainContext, input: AgentValues): Promise<AgentRow> {
  const [row] = await ctx.db.insert(agents).values(agentColumns(input)).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/**
 * Updates an agent. Taking one off the roster (inactive) ends their field app sessions; a number
 * another agent already signs in with is refused, as two sign-ins cannot share one number.
 */
export async function updateAgent(ctx: DomainContext, id: number, input: AgentValues): Promise<AgentRow> {
  const columns = agentColumns(input);
  try {
    return await ctx.unitOfWork(async (tx, effects) => {
      const now = ctx.now();
      const [row] = await tx
        .update(agents)
        .set({ ...columns, updatedAt: now })
        .where(eq(agents.id, id))
        .returning();
      if (!row) throw notFound("agentNotFound");
      if (!row.active) effects.add("sessionsRevoked", await ctx.sessions.revokeAll(tx, "agent", row.id, now));
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("agentPhoneTaken", { field: "phone" });
    throw error;
  }
}
