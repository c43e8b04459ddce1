import { createHash, randomBytes } from "node:crypto";

import {
  INVITATION_TTL_DAYS,
  message,
  type LanguageCode,
  type MemberRole,
  type MemberScope,
} from "@lab/contracts";
import {
  customers,
  organisationInvitations,
  organisations,
  type Executor,
  type OrganisationInvitationRow,
} from "@lab/db";
import { and, asc, eq, gt, isNull } from "drizzle-orm";

import { conflict, invalidField, notFound } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { hashPassword } from "../../lib/passwords";
import { invitationMail } from "../../mail/invitation-mail";
import { enqueueMail } from "../../mail/outbox";
import type { SignIn } from "../accounts/accounts";
import { findByEmail } from "../accounts/verification-codes";
import type { DomainContext } from "../context";
import type { SignedIn } from "../../infra/sessions";
import type { Member } from "./access";
import { recordActivity } from "./activity";
import { requireAdmin } from "./members";

const DAY_MS = 24 * 3600 * 1000;
const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");
const invitationInvalid = () => invalidField("invitationInvalid", "token", "code_invalid");
const invitationNotFound = () => notFound("invitationNotFound");
const emailTaken = (email: string) =>
  conflict(message("invitationEmailTaken", { email }), { field: "email" });

/** The invitation link: the token rides in the fragment, which no server or proxy log records. */
const invitationLink = (ctx: DomainContext, token: string) =>
  `${ctx.publicUrl.replace(/\/$/, "")}/invitation#token=${token}`;

async function organisationLanguage(tx: Executor, organisationId: number): Promise<string> {
  const [row] = await tx
    .select({ language: organisations.language })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.language ?? "en";
}

/** A new token for the invitation and the lab's mail carrying it (a new link voids the last one). */
async function sendInvitation(
  ctx: DomainContext,
  tx: Executor,
  invitation: { organisationId: number; email: string },
  now: Date,
): Promise<{ tokenHash: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS);
  const language = await organisationLanguage(tx, invitation.organisationId);
  await enqueueMail(tx, invitationMail(invitation.email, invitationLink(ctx, token), language));
  return { tokenHash: hashToken(token), expiresAt };
}

/**
 * POST /organisations/{id}/invitations (admin). The address must not be a member already, nor hold an
 * account elsewhere (one person belongs to one organisation); one open invitation per address.
 */
export async function createInvitation(
  ctx: DomainContext,
  admin: Member,
  input: { email: string; role: MemberRole; scope: MemberScope },
): Promise<OrganisationInvitationRow> {
  requireAdmin(admin);
  try {
    return await ctx.unitOfWork(async (tx, effects) => {
      const holder = await findByEmail(tx, input.email);
      if (holder) {
        throw holder.organisationId === admin.organisationId
          ? conflict(message("alreadyMember", { email: input.email }), { field: "email" })
          : emailTaken(input.email);
      }
      const now = ctx.now();
      const sent = await sendInvitation(
        ctx,
        tx,
        { organisationId: admin.organisationId, email: input.email },
        now,
      );
      const [row] = await tx
        .insert(organisationInvitations)
        .values({
          organisationId: admin.organisationId,
          email: input.email,
          role: input.role,
          scope: input.scope,
          invitedBy: admin.id,
          createdAt: now,
          lastSentAt: now,
          ...sent,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await recordActivity(tx, {
        organisationId: admin.organisationId,
        kind: "member-invited",
        actor: { id: admin.id },
        subject: { id: null, label: input.email },
        details: { role: input.role, scope: input.scope },
        at: now,
      });
      effects.add("mailQueued");
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(message("invitationPending", { email: input.email }), { field: "email" });
    }
    throw error;
  }
}

const open = (organisationId: number) =>
  and(
    eq(organisationInvitations.organisationId, organisationId),
    isNull(organisationInvitations.acceptedAt),
    isNull(organisationInvitations.revokedAt),
  );

/** The organisation's invitations still waiting (expired ones too, until re-sent or revoked). */
export async function listInvitations(
  executor: Executor,
  admin: Member,
): Promise<(OrganisationInvitationRow & { invitedByName: string | null })[]> {
  requireAdmin(admin);
  const rows = await executor
    .select({ invitation: organisationInvitations, invitedByName: customers.fullName })
    .from(organisationInvitations)
    .leftJoin(customers, eq(customers.id, organisationInvitations.invitedBy))
    .where(open(admin.organisationId))
    .orderBy(asc(organisationInvitations.createdAt), asc(organisationInvitations.id));
  return rows.map((row) => ({ ...row.invitation, invitedByName: row.invitedByName }));
}

async function openInvitation(tx: Executor, admin: Member, invitationId: number) {
  const [row] = await tx
    .select()
    .from(organisationInvitations)
    .where(and(eq(organisationInvitations.id, invitationId), open(admin.organisationId)))
    .for("update");
  if (!row) throw invitationNotFound();
  return row;
}

/** Re-sends with a new link and a new 7 days; the old link stops working. */
export async function resendInvitation(
  ctx: DomainContext,
  admin: Member,
  invitationId: number,
): Promise<OrganisationInvitationRow> {
  requireAdmin(admin);
  return ctx.unitOfWork(async (tx, effects) => {
    const current = await openInvitation(tx, admin, invitationId);
    const now = ctx.now();
    const sent = await sendInvitation(ctx, tx, current, now);
    const [row] = await tx
      .update(organisationInvitations)
      .set({ ...sent, lastSentAt: now })
      .where(eq(organisationInvitations.id, current.id))
      .returning();
    if (!row) throw invitationNotFound();
    await recordActivity(tx, {
      organisationId: admin.organisationId,
      kind: "invitation-resent",
      actor: { id: admin.id },
      subject: { id: null, label: row.email },
      at: now,
    });
    effects.add("mailQueued");
    return row;
  });
}

export async function revokeInvitation(
  ctx: DomainContext,
  admin: Member,
  invitationId: number,
): Promise<void> {
  requireAdmin(admin);
  await ctx.unitOfWork(async (tx) => {
    const current = await openInvitation(tx, admin, invitationId);
    const now = ctx.now();
    await tx
      .update(organisationInvitations)
      .set({ revokedAt: now })
      .where(eq(organisationInvitations.id, current.id));
    await recordActivity(tx, {
      organisationId: admin.organisationId,
      kind: "invitation-revoked",
      actor: { id: admin.id },
      subject: { id: null, label: current.email },
      at: now,
    });
  });
}

/** An invitation its link still opens: not used, not revoked, not expired. */
async function usableInvitation(tx: Executor, token: string, now: Date, lock: boolean) {
  const query = tx
    .select({ invitation: organisationInvitations, organisationName: organisations.name })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .where(
      and(
        eq(organisationInvitations.tokenHash, hashToken(token)),
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.revokedAt),
        gt(organisationInvitations.expiresAt, now),
      ),
    );
  const [row] = lock ? await query.for("update", { of: organisationInvitations }) : await query;
  if (!row) throw invitationInvalid();
  return row;
}

/** POST /invitations/preview: what the link's holder is invited to. */
export async function previewInvitation(ctx: DomainContext, token: string) {
  const row = await usableInvitation(ctx.db, token, ctx.now(), false);
  return { ...row.invitation, organisationName: row.organisationName };
}

/**
 * POST /invitations/accept: the link proves the address, so the account is created verified and signed
 * in at once, with the invitation's role and scope. Single use: a second acceptance finds it used.
 */
export async function acceptInvitation(
  ctx: DomainContext,
  input: {
    token: string;
    fullName: string;
    password: string;
    language?: LanguageCode | undefined;
    remember?: boolean | undefined;
  },
): Promise<SignedIn<SignIn>> {
  const passwordHash = await hashPassword(input.password, ctx.bcryptCost);
  let email = "";
  try {
    return await ctx.unitOfWork(async (tx) => {
      const now = ctx.now();
      const { invitation, organisationName } = await usableInvitation(tx, input.token, now, true);
      email = invitation.email;
      if (await findByEmail(tx, invitation.email)) throw emailTaken(invitation.email);
      const language = input.language ?? (await organisationLanguage(tx, invitation.organisationId));
      const [row] = await tx
        .insert(customers)
        .values({
          organisationId: invitation.organisationId,
          memberRole: invitation.role,
          memberScope: invitation.scope,
          email: invitation.email,
          fullName: input.fullName,
          passwordHash,
          language,
          emailVerifiedAt: now,
          lastSignInAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await tx
        .update(organisationInvitations)
        .set({ acceptedAt: now, acceptedBy: row.id })
        .where(eq(organisationInvitations.id, invitation.id));
      await recordActivity(tx, {
        organisationId: invitation.organisationId,
        kind: "member-joined",
        actor: { id: row.id, name: row.fullName },
        subject: { id: row.id, label: row.fullName },
        details: { role: invitation.role, scope: invitation.scope },
        at: now,
      });
      const { token, expiresIn, ...refresh } = await ctx.sessions.start(tx, "customer", row.id, now, {
        persistent: input.remember,
      });
      const customer = { ...row, organisation: { id: invitation.organisationId, name: organisationName } };
      return { response: { role: "customer", customer, accessToken: token, expiresIn }, refresh };
    });
  } catch (error) {
    // The address registered meanwhile: the unique index on live addresses decides.
    if (isUniqueViolation(error)) throw emailTaken(email);
    throw error;
  }
}
