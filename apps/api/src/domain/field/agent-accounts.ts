import { createHash, randomBytes } from "node:crypto";

import { AGENT_INVITATION_DAYS, isPasswordValid } from "@lab/contracts";
import { agents, type AgentRow } from "@lab/db";
import { and, eq, gt, isNotNull } from "drizzle-orm";

import type { RefreshGrant, SignedIn } from "../../infra/sessions";
import { AppError, conflict, forbidden, invalidField, notFound, unauthorized } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { hashPassword, passwordMatches } from "../../lib/passwords";
import { toE164 } from "../../lib/phone";
import type { DomainContext } from "../context";

/** An agent's sign-in (or refresh) before presenting: who, and their access token. */
export interface AgentSignIn {
  agent: AgentRow;
  accessToken: string;
  expiresIn: number;
}

const signInFailed = () => unauthorized("agentSignInFailed", "invalid_credentials");
const sessionEnded = () => unauthorized("sessionEnded");
const invitationInvalid = () => invalidField("agentInvitationInvalid", "token");
const phoneTaken = () => conflict("agentPhoneTaken", { field: "phone" });

/** The number as stored (E.164), or undefined when it is no phone number at all. */
function e164OrUndefined(phone: string): string | undefined {
  try {
    return toE164(phone, "agentSignInFailed");
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/** Only the agent who can sign in holds a number for sign-in (a unique index keeps it one). */
async function findSignInAgent(ctx: DomainContext, phone: string): Promise<AgentRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(agents)
    .where(and(eq(agents.phone, phone), isNotNull(agents.passwordHash)))
    .limit(1);
  return row;
}

/**
 * POST /field/auth/sign-in. An unknown number, a number that is none, and a wrong password answer
 * alike and take as long (a dummy hash is compared), so the call tells nobody which numbers sign in.
 * An inactive agent learns so only with the right password.
 */
export async function signInAgent(
  ctx: DomainContext,
  input: { phone: string; password: string; keepSignedIn?: boolean | undefined },
): Promise<SignedIn<AgentSignIn>> {
  const phone = e164OrUndefined(input.phone);
  const agent = phone === undefined ? undefined : await findSignInAgent(ctx, phone);
  const matches = await passwordMatches(input.password, agent?.passwordHash ?? undefined, ctx.bcryptCost);
  if (!agent || !matches) throw signInFailed();
  if (!agent.active) throw forbidden("agentInactive");
  const now = ctx.now();
  const { token, expiresIn, ...refresh } = await ctx.unitOfWork((tx) =>
    ctx.sessions.start(tx, "agent", agent.id, now, { persistent: input.keepSignedIn }),
  );
  return { response: { agent, accessToken: token, expiresIn }, refresh };
}

/** POST /field/auth/refresh: like the customers', for an agent who still may sign in. */
export async function refreshAgentSignIn(
  ctx: DomainContext,
  refreshToken: string,
): Promise<SignedIn<AgentSignIn>> {
  const outcome = await ctx.unitOfWork(async (tx, effects) => {
    const outcome = await ctx.sessions.refresh(tx, refreshToken, "agent", ctx.now());
    if (outcome.kind === "reused") effects.add("sessionsRevoked", outcome.revoked);
    return outcome;
  });
  if (outcome.kind !== "refreshed") throw sessionEnded();
  const [agent] = await ctx.db.select().from(agents).where(eq(agents.id, outcome.subjectId));
  if (!agent || !agent.active || agent.passwordHash === null) throw sessionEnded();
  const refresh: RefreshGrant = {
    role: "agent",
    refreshToken: outcome.refreshToken,
    persistent: outcome.persistent,
    lifetimeSeconds: outcome.lifetimeSeconds,
  };
  return { response: { agent, accessToken: outcome.token, expiresIn: outcome.expiresIn }, refresh };
}

/** The signed-in agent (GET /field/me); one no longer on the roster is told their session ended. */
export async function getSignedInAgent(ctx: DomainContext, agentId: number): Promise<AgentRow> {
  const [agent] = await ctx.db.select().from(agents).where(eq(agents.id, agentId));
  if (!agent || !agent.active) throw sessionEnded();
  return agent;
}

const hashInvitation = (token: string): string => createHash("sha256").update(token).digest("hex");
const INVITATION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /lab/agents/{id}/invitation: a link for the agent to set their password, valid
 * AGENT_INVITATION_DAYS; only the token's hash is kept, and a new link replaces the last one.
 */
export async function inviteAgent(
  ctx: DomainContext,
  agentId: number,
): Promise<{ url: string; expiresAt: Date; agent: AgentRow }> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + AGENT_INVITATION_DAYS * 24 * 3600 * 1000);
  const agent = await ctx.unitOfWork(async (tx) => {
    const [row] = await tx
      .update(agents)
      .set({ invitationHash: hashInvitation(token), invitationExpiresAt: expiresAt, updatedAt: now })
      .where(eq(agents.id, agentId))
      .returning();
    if (!row) throw notFound("agentNotFound");
    if (!row.active) throw conflict("agentInactive");
    return row;
  });
  const base = ctx.publicUrl.replace(/\/+$/, "");
  return { url: `${base}/field/join?token=${encodeURIComponent(token)}`, expiresAt, agent };
}

/**
 * POST /field/auth/join: the invitation's token and a new password. Sets the password, closes the
 * invitation, ends the agent's other sessions and signs this device in.
 */
export async function joinAsAgent(
  ctx: DomainContext,
  input: { token: string; password: string },
): Promise<SignedIn<AgentSignIn>> {
  if (!INVITATION_TOKEN.test(input.token)) throw invitationInvalid();
  if (!isPasswordValid(input.password)) throw invalidField("passwordWeak", "password", "weak_password");
  const passwordHash = await hashPassword(input.password, ctx.bcryptCost);
  const hash = hashInvitation(input.token);
  const now = ctx.now();
  try {
    const { agent, session } = await ctx.unitOfWork(async (tx, effects) => {
      // Claimed in one statement: of two uses of one link, one sets the password.
      const [row] = await tx
        .update(agents)
        .set({
          passwordHash,
          passwordChangedAt: now,
          invitationHash: null,
          invitationExpiresAt: null,
          updatedAt: now,
        })
        .where(
          and(eq(agents.invitationHash, hash), gt(agents.invitationExpiresAt, now), eq(agents.active, true)),
        )
        .returning();
      if (!row) throw invitationInvalid();
      effects.add("sessionsRevoked", await ctx.sessions.revokeAll(tx, "agent", row.id, now));
      return {
        agent: row,
        session: await ctx.sessions.start(tx, "agent", row.id, now, { persistent: false }),
      };
    });
    const { token, expiresIn, ...refresh } = session;
    return { response: { agent, accessToken: token, expiresIn }, refresh };
  } catch (error) {
    // Another agent already signs in with this number: the unique index on sign-in numbers says so.
    if (isUniqueViolation(error)) throw phoneTaken();
    throw error;
  }
}
