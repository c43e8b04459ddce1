import { DEFAULT_LANGUAGE, type LanguageCode } from "@lab/contracts";
import { customers, organisations, staff, type StaffRow } from "@lab/db";
import { eq } from "drizzle-orm";

import type { AppError } from "../../lib/app-error";
import { conflict, forbidden, invalidField, notFound, unauthorized } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { hashPassword, passwordMatches } from "../../lib/passwords";
import { toE164 } from "../../lib/phone";
import type { Role, TokenClaims } from "../../lib/tokens";
import { emailChangedMail, passwordChangedMail, passwordResetCodeMail } from "../../mail/account-mails";
import { enqueueMail, markCodeMail } from "../../mail/outbox";
import type { DomainContext } from "../context";
import { checkedMarkets } from "../results/catalogue";
import type { RefreshGrant, RevokedSessions, SignedIn } from "../../infra/sessions";
import type { Member } from "../organisations/access";
import { recordActivity } from "../organisations/activity";
import {
  checkCode,
  claimCodeRequest,
  findAccount,
  findByEmail,
  hasEmail,
  type Account,
  issueCode,
  issueVerificationCode,
} from "./verification-codes";

export async function requireDeliverable(ctx: DomainContext, email: string): Promise<void> {
  const check = await ctx.checkEmail(email);
  if (!check.smtp_check) {
    throw invalidField("emailValidationFailed", "email", "email_invalid");
  }
}

// Registration answers 400 for an address that is taken, with the server's text (the sign-up form
// shows it as it is; docs/product-rules.md, Errors).
export const emailTaken = () => invalidField("emailAlreadyExists", "email", "email_taken");

/**
 * Creates an unverified account and queues its first verification code, in one transaction. A person
 * who registers starts a new organisation (named after them until they name their company) and is its
 * first admin.
 */
export async function registerCustomer(
  ctx: DomainContext,
  input: { fullName: string; email: string; password: string; language?: LanguageCode | undefined },
): Promise<Account> {
  await requireDeliverable(ctx, input.email);
  const passwordHash = await hashPassword(input.password, ctx.bcryptCost);
  const now = ctx.now();
  const language = input.language ?? DEFAULT_LANGUAGE;
  try {
    return await ctx.unitOfWork(async (tx, effects) => {
      if (await findByEmail(tx, input.email)) throw emailTaken();
      const [organisation] = await tx
        .insert(organisations)
        .values({ name: input.fullName, language, createdAt: now, updatedAt: now })
        .returning({ id: organisations.id, name: organisations.name });
      if (!organisation) throw new Error("insert returned no row");
      const [row] = await tx
        .insert(customers)
        .values({
          organisationId: organisation.id,
          memberRole: "admin",
          memberScope: "all",
          email: input.email,
          fullName: input.fullName,
          passwordHash,
          language,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await issueVerificationCode(tx, now, { ...row, email: input.email });
      effects.add("mailQueued");
      return { ...row, organisation };
    });
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Who signed in and their access token: the answer of a sign-in or a refresh, before presenting. */
export type SignIn = { accessToken: string; expiresIn: number } & (
  { role: "customer"; customer: Account } | { role: "lab"; staff: StaffRow }
);

/** `remember`: 'Keep me signed in' (the refresh session lasts 30 days on this device). */
export async function loginCustomer(
  ctx: DomainContext,
  input: { email: string; password: string; remember?: boolean | undefined },
): Promise<SignedIn<SignIn>> {
  const customer = await findByEmail(ctx.db, input.email);
  const matches = await passwordMatches(input.password, customer?.passwordHash, ctx.bcryptCost);
  if (!customer || !matches) throw unauthorized("invalidCredentials", "invalid_credentials");
  // A member who proved their number (signed up by phone) is known without a proven address.
  if (!customer.emailVerifiedAt && !customer.phoneVerifiedAt)
    throw forbidden("emailNotVerified", "email_not_verified");
  const now = ctx.now();
  const { token, expiresIn, ...refresh } = await ctx.unitOfWork(async (tx) => {
    // The organisation's admins see when each member last signed in.
    await tx.update(customers).set({ lastSignInAt: now }).where(eq(customers.id, customer.id));
    return ctx.sessions.start(tx, "customer", customer.id, now, { persistent: input.remember });
  });
  return {
    response: { role: "customer", customer, accessToken: token, expiresIn },
    refresh,
  };
}

const sessionEnded = () => unauthorized("sessionEnded");

/**
 * POST /auth/refresh: a new access token for the session the refresh token belongs to, answered like
 * the sign-in of its role. A rotated token presented again ends the session (it was copied).
 */
export async function refreshSignIn(
  ctx: DomainContext,
  refreshToken: string,
  role: Role,
): Promise<SignedIn<SignIn>> {
  const outcome = await ctx.unitOfWork(async (tx, effects) => {
    const outcome = await ctx.sessions.refresh(tx, refreshToken, role, ctx.now());
    if (outcome.kind === "reused") effects.add("sessionsRevoked", outcome.revoked);
    return outcome;
  });
  if (outcome.kind !== "refreshed") throw sessionEnded();
  const { subjectId, token: accessToken, expiresIn } = outcome;
  const refresh: RefreshGrant = {
    role,
    refreshToken: outcome.refreshToken,
    persistent: outcome.persistent,
    lifetimeSeconds: outcome.lifetimeSeconds,
  };
  if (role === "customer") {
    const customer = await findAccount(ctx.db, subjectId);
    if (!customer || customer.removedAt !== null) throw sessionEnded();
    return { response: { role: "customer", customer, accessToken, expiresIn }, refresh };
  }
  const [member] = await ctx.db.select().from(staff).where(eq(staff.id, subjectId));
  if (!member) throw sessionEnded();
  return { response: { role: "lab", staff: member, accessToken, expiresIn }, refresh };
}

export async function getCustomer(ctx: DomainContext, id: number): Promise<Account> {
  const row = await findAccount(ctx.db, id);
  if (!row || row.removedAt !== null) throw notFound("customerNotFound", "customer_not_found");
  return row;
}

const blankToNull = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value.trim() === "" ? null : value.trim();

/**
 * Updates only the fields sent. A new e-mail address needs the current password and must be unique;
 * it is unverified until its code is entered (sent now), so an account cannot be moved to an address
 * its owner does not hold. The old address is told, and every session of the account ends.
 */
export async function updateProfile(
  ctx: DomainContext,
  member: Member,
  input: {
    fullName?: string | undefined;
    email?: string | undefined;
    company?: string | null | undefined;
    phoneNumber?: string | null | undefined;
    address?: string | null | undefined;
    currentPassword?: string | undefined;
    defaultMarkets?: string[] | undefined;
    language?: LanguageCode | undefined;
  },
): Promise<Account> {
  const id = member.id;
  const phone = blankToNull(input.phoneNumber);
  const changes: Partial<typeof customers.$inferInsert> = {};
  if (input.fullName !== undefined) changes.fullName = input.fullName;
  if (input.address !== undefined) changes.address = blankToNull(input.address) ?? null;
  if (input.language !== undefined) changes.language = input.language;
  if (input.defaultMarkets !== undefined)
    changes.defaultMarkets = await checkedMarkets(
      ctx.db,
      member.organisationId,
      input.defaultMarkets,
      "defaultMarkets",
    );
  if (phone !== undefined) {
    changes.phoneNumber = phone === null ? null : toE164(phone, "phoneInvalid", "phoneNumber");
  }
  if (input.email !== undefined) {
    const current = await getCustomer(ctx, id);
    if (input.email !== current.email?.toLowerCase()) {
      await requireCurrentPassword(ctx, current.passwordHash, input.currentPassword);
      await requireDeliverable(ctx, input.email);
    }
  }

  try {
    return await ctx.unitOfWork(async (tx, effects) => {
      const [current] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
      if (!current) throw notFound("customerNotFound", "customer_not_found");
      // A proven number signs the member in: it changes only through a code sent to the new one.
      if (
        changes.phoneNumber !== undefined &&
        changes.phoneNumber !== current.phoneNumber &&
        current.phoneVerifiedAt !== null
      ) {
        throw conflict("phoneChangeNeedsCode", { field: "phoneNumber" });
      }
      const newEmail =
        input.email !== undefined && input.email !== current.email?.toLowerCase() ? input.email : undefined;
      if (newEmail !== undefined) {
        const owner = await findByEmail(tx, newEmail);
        if (owner && owner.id !== id) throw emailTaken();
        changes.email = newEmail;
        changes.emailVerifiedAt = null;
      }
      const now = ctx.now();
      const organisation = await renameOrganisation(tx, member, blankToNull(input.company), now);
      if (Object.keys(changes).length === 0) return { ...current, organisation };
      const [row] = await tx
        .update(customers)
        .set({ ...changes, updatedAt: now })
        .where(eq(customers.id, id))
        .returning();
      if (!row) throw notFound("customerNotFound", "customer_not_found");
      const updated = { ...row, organisation };
      if (newEmail === undefined) return updated;
      await issueVerificationCode(tx, now, { ...updated, email: newEmail });
      effects.add("mailQueued");
      // A first address, added by a member who signed up by phone: there is no old one to warn, and
      // the account stays with the number that proved it.
      if (current.email === null) return updated;
      // To the old address as it was (proven), in the language and name the account has now.
      const old = { ...updated, email: current.email, emailVerifiedAt: current.emailVerifiedAt };
      await enqueueMail(tx, emailChangedMail(old, newEmail));
      // Tokens were given to the old address's holder: none of them may outlive the move.
      effects.add("sessionsRevoked", await ctx.sessions.revokeAll(tx, "customer", id, now));
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * The profile's company is the organisation's name: an admin renames the organisation with it; for
 * anyone else it is the name as it stands, and another value is refused.
 */
async function renameOrganisation(
  tx: DomainContext["db"],
  member: Member,
  company: string | null | undefined,
  now: Date,
): Promise<{ id: number; name: string }> {
  const [organisation] = await tx
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, member.organisationId));
  if (!organisation) throw notFound("organisationNotFound");
  // Clearing the company keeps the name: an organisation always has one.
  if (company === undefined || company === null || company === organisation.name) return organisation;
  if (member.role !== "admin") throw forbidden("organisationAdminRequired");
  await tx
    .update(organisations)
    .set({ name: company, updatedAt: now })
    .where(eq(organisations.id, organisation.id));
  await recordActivity(tx, {
    organisationId: organisation.id,
    kind: "organisation-updated",
    actor: { id: member.id },
    details: { name: company },
    at: now,
  });
  return { ...organisation, name: company };
}

async function requireCurrentPassword(
  ctx: DomainContext,
  hash: string,
  currentPassword: string | undefined,
): Promise<void> {
  if (currentPassword === undefined || currentPassword === "") {
    throw invalidField("currentPasswordRequired", undefined, "current_password_required");
  }
  if (!(await passwordMatches(currentPassword, hash, ctx.bcryptCost))) {
    throw forbidden("currentPasswordWrong", "current_password_invalid");
  }
}

/**
 * POST /auth/forgot-password: mails a reset code when the address has an account. Every address gets
 * the same answer and the same 60 s resend rule.
 */
export async function requestPasswordReset(ctx: DomainContext, email: string): Promise<void> {
  await ctx.unitOfWork(async (tx, effects) => {
    const now = ctx.now();
    await claimCodeRequest(tx, now, email, "reset");
    const customer = await findByEmail(tx, email);
    if (!customer || !hasEmail(customer)) return;
    const code = await issueCode(tx, now, customer.id, "reset");
    await enqueueMail(
      tx,
      markCodeMail(passwordResetCodeMail(customer.email, code, customer.language), {
        customerId: customer.id,
        purpose: "reset",
        code,
      }),
    );
    effects.add("mailQueued");
  });
}

type ResetResult = { revoked: RevokedSessions } | { error: AppError };

/**
 * POST /auth/reset-password: the code's rules are the verification code's (single use, 300 s, three
 * attempts). A good code sets the password, proves the address, and ends every session.
 */
export async function resetPassword(
  ctx: DomainContext,
  input: { email: string; code: string; password: string },
): Promise<number> {
  // Hashed first, for a known address or not: the answer's timing tells nothing.
  const passwordHash = await hashPassword(input.password, ctx.bcryptCost);
  const result = await ctx.unitOfWork(async (tx, effects): Promise<ResetResult> => {
    const customer = await findByEmail(tx, input.email);
    if (!customer) return { error: notFound("codeNotFound", "code_not_found") };
    const now = ctx.now();
    const checked = await checkCode(tx, now, customer.id, "reset", input.code);
    if ("error" in checked) return checked;
    await tx
      .update(customers)
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: customer.emailVerifiedAt ?? now })
      .where(eq(customers.id, customer.id));
    // The code just proved the address.
    await enqueueMail(
      tx,
      passwordChangedMail({ ...customer, emailVerifiedAt: customer.emailVerifiedAt ?? now }),
    );
    const revoked = await ctx.sessions.revokeAll(tx, "customer", customer.id, now);
    effects.add("sessionsRevoked", revoked);
    effects.add("mailQueued");
    return { revoked };
  });
  // Wrong attempts must be counted, so the transaction commits before the error is thrown.
  if ("error" in result) throw result.error;
  return result.revoked.sessionIds.length;
}

/** PUT /customers/{id}/password: needs the current password; every other device is signed out. */
export async function changePassword(
  ctx: DomainContext,
  claims: TokenClaims,
  input: { currentPassword: string; newPassword: string },
): Promise<number> {
  const customer = await getCustomer(ctx, claims.subject);
  await requireCurrentPassword(ctx, customer.passwordHash, input.currentPassword);
  if (input.newPassword === input.currentPassword) {
    throw invalidField("newPasswordSameAsOld");
  }
  const passwordHash = await hashPassword(input.newPassword, ctx.bcryptCost);
  const revoked = await ctx.unitOfWork(async (tx, effects) => {
    const now = ctx.now();
    await tx.update(customers).set({ passwordHash, updatedAt: now }).where(eq(customers.id, customer.id));
    await enqueueMail(tx, passwordChangedMail(customer));
    effects.add("mailQueued");
    const revoked = await ctx.sessions.revokeAll(tx, "customer", customer.id, now, claims.sessionId);
    effects.add("sessionsRevoked", revoked);
    return revoked;
  });
  return revoked.sessionIds.length;
}

/** 'Sign out of all devices' (this one included), for customers and staff alike. */
export async function signOutEverywhere(ctx: DomainContext, claims: TokenClaims): Promise<number> {
  const revoked = await ctx.unitOfWork(async (tx, effects) => {
    const revoked = await ctx.sessions.revokeAll(tx, claims.role, claims.subject, ctx.now());
    effects.add("sessionsRevoked", revoked);
    return revoked;
  });
  return revoked.sessionIds.length;
}

/** Signs out the device holding this refresh cookie (its access token may have expired already). */
export async function signOutByRefresh(ctx: DomainContext, refreshToken: string, role: Role): Promise<void> {
  await ctx.unitOfWork(async (tx, effects) => {
    effects.add("sessionsRevoked", await ctx.sessions.revokeByRefresh(tx, refreshToken, role, ctx.now()));
  });
}

/** Signs this device out: its token stops working at once. */
export async function signOut(ctx: DomainContext, claims: TokenClaims): Promise<void> {
  await ctx.unitOfWork(async (tx, effects) => {
    effects.add("sessionsRevoked", await ctx.sessions.revoke(tx, claims, ctx.now()));
  });
}
