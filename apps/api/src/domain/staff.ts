import { messages, type LabLoginResponse } from "@lab/contracts";
import { agents, staff, type AgentRow, type StaffRow } from "@lab/db";
import bcrypt from "bcrypt";
import { asc, eq, sql } from "drizzle-orm";

import { AppError } from "../http/app-error";
import { toE164 } from "../lib/phone";
import type { DomainContext } from "./context";

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
  const passwordHash = await bcrypt.hash(input.password, ctx.bcryptCost);
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
  await addStaff(ctx, { email, name: "Lab Administrator", password });
  return "created";
}

export async function loginStaff(
  ctx: DomainContext,
  email: string,
  password: string,
): Promise<LabLoginResponse> {
  const member = await findStaff(ctx, email);
  const matches = member ? await bcrypt.compare(password, member.passwordHash) : false;
  if (!member || !matches) throw new AppError(401, "invalid_credentials", messages.invalidCredentials);
  const { token, expiresIn } = await ctx.sessions.start(ctx.db, "lab", member.id, ctx.now());
  return {
    staff: { id: member.id, email: member.email, name: member.name },
    accessToken: token,
    expiresIn,
    tokenType: "Bearer",
  };
}

export interface AgentValues {
  name: string;
  phone: string;
  active: boolean;
  coordinates?: { lat: number; lng: number } | null | undefined;
}

const agentColumns = (input: AgentValues) => ({
  name: input.name,
  phone: toE164(input.phone, messages.phoneInvalid),
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
