import { messages } from "@lab/contracts";
import { agents, staff, type AgentRow, type StaffRow } from "@lab/db";
import { asc, eq, sql } from "drizzle-orm";

import { AppError } from "../lib/app-error";
import { isUniqueViolation } from "../lib/db-errors";
import { hashPassword, passwordMatches } from "../lib/passwords";
import { toE164 } from "../lib/phone";
import type { TokenClaims } from "../lib/tokens";
import type { SignIn } from "./accounts";
import type { DomainContext } from "./context";
import type { SignedIn } from "./sessions";

const findStaff = async (ctx: DomainContext, email: string): Promise<StaffRow | undefined> => {
  const [row] = await ctx.db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email.toLowerCase()}`);
  return row;
};

/** Creates a staff account; used by the seed, the CLI and tests. */
export async function addStaff(
  ctx: DomainContext,
  input: { email: string; name: string; password: string },
): Promise<StaffRow> {
  const passwordHash = await hashPassword(input.password, ctx.bcryptCost);
  const [row] = await ctx.db
    .insert(staff)
    .values({ email: input.email.toLowerCase(), name: input.name, passwordHash })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** The first staff account, from LAB_ADMIN_EMAIL / LAB_ADMIN_PASSWORD, created once. */
export async function ensureAdmin(
  ctx: DomainContext,
  email: string,
  password: string,
): Promise<"created" | "exists"> {
  if (await findStaff(ctx, email)) return "exists";
  try {
    await addStaff(ctx, { email, name: "Lab Administrator", password });
  } catch (error) {
    // Two instances starting together both find no account; the slower insert meets the other's row.
    if (isUniqueViolation(error) && (await findStaff(ctx, email))) return "exists";
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
  if (!member || !matches) throw new AppError(401, "invalid_credentials", messages.invalidCredentials);
  const { token, expiresIn, ...refresh } = await ctx.sessions.start(ctx.db, "lab", member.id, ctx.now(), {
    persistent: remember,
  });
  return { response: { role: "lab", staff: member, accessToken: token, expiresIn }, refresh };
}

/** PUT /lab/password: needs the current password; every other device of the staff member is signed out. */
export async function changeStaffPassword(
  ctx: DomainContext,
  claims: TokenClaims,
  input: { currentPassword: string; newPassword: string },
): Promise<number> {
  const [member] = await ctx.db.select().from(staff).where(eq(staff.id, claims.subject));
  if (!member) throw new AppError(401, "unauthenticated", messages.authRequired);
  if (!(await passwordMatches(input.currentPassword, member.passwordHash, ctx.bcryptCost))) {
    throw new AppError(403, "current_password_invalid", messages.currentPasswordWrong);
  }
  if (input.newPassword === input.currentPassword) {
    throw new AppError(400, "validation_failed", messages.newPasswordSameAsOld);
  }
  const passwordHash = await hashPassword(input.newPassword, ctx.bcryptCost);
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, member.id));
    return ctx.sessions.revokeAll(tx, "lab", member.id, ctx.now(), claims.sessionId);
  });
  ctx.sessionsRevoked(revoked);
  return revoked.sessionIds.length;
}

/** `pnpm lab set-password`: sets a staff member's password from a shell and ends all their sessions. */
export async function setStaffPassword(ctx: DomainContext, email: string, password: string): Promise<number> {
  const member = await findStaff(ctx, email);
  if (!member) throw new AppError(404, "not_found", messages.staffNotFound);
  const passwordHash = await hashPassword(password, ctx.bcryptCost);
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, member.id));
    return ctx.sessions.revokeAll(tx, "lab", member.id, ctx.now());
  });
  ctx.sessionsRevoked(revoked);
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
  phone: toE164(input.phone, messages.phoneInvalid, "phone"),
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

export async function updateAgent(ctx: DomainContext, id: number, input: AgentValues): Promise<AgentRow> {
  const [row] = await ctx.db
    .update(agents)
    .set({ ...agentColumns(input), updatedAt: ctx.now() })
    .where(eq(agents.id, id))
    .returning();
  if (!row) throw new AppError(404, "not_found", messages.agentNotFound);
  return row;
}
