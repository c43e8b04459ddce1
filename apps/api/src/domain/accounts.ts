import { messages, type LoginResponse } from "@lab/contracts";
import { customers, type CustomerRow } from "@lab/db";
import bcrypt from "bcrypt";
import { eq } from "drizzle-orm";

import { AppError } from "../http/app-error";
import { isUniqueViolation } from "../lib/db-errors";
import { toE164 } from "../lib/phone";
import { presentCustomer } from "../presenters/customer";
import type { DomainContext } from "./context";
import { findByEmail, issueVerificationCode } from "./verification-codes";

// Compared against when the e-mail is unknown, so a miss costs as long as a wrong password.
let dummyHash: Promise<string> | undefined;

async function requireDeliverable(ctx: DomainContext, email: string): Promise<void> {
  const check = await ctx.checkEmail(email);
  if (!check.smtp_check) throw new AppError(400, "email_invalid", messages.emailValidationFailed);
}

const emailTaken = () => new AppError(409, "email_taken", messages.emailAlreadyExists);

/** Creates an unverified account and queues its first verification code, in one transaction. */
export async function registerCustomer(
  ctx: DomainContext,
  input: { fullName: string; email: string; password: string },
): Promise<CustomerRow> {
  await requireDeliverable(ctx, input.email);
  const passwordHash = await bcrypt.hash(input.password, ctx.bcryptCost);
  const now = ctx.now();
  try {
    const customer = await ctx.db.transaction(async (tx) => {
      if (await findByEmail(tx, input.email)) throw emailTaken();
      const [row] = await tx
        .insert(customers)
        .values({
          email: input.email,
          fullName: input.fullName,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await issueVerificationCode(tx, now, row, { ignoreResendDelay: true });
      return row;
    });
    ctx.mailQueued();
    return customer;
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function loginCustomer(
  ctx: DomainContext,
  input: { email: string; password: string },
): Promise<LoginResponse> {
  const customer = await findByEmail(ctx.db, input.email);
  dummyHash ??= bcrypt.hash("not-a-real-password", ctx.bcryptCost);
  const matches = await bcrypt.compare(input.password, customer?.passwordHash ?? (await dummyHash));
  if (!customer || !matches) throw new AppError(401, "invalid_credentials", messages.invalidCredentials);
  if (!customer.emailVerifiedAt) throw new AppError(403, "email_not_verified", messages.emailNotVerified);
  const { token, expiresIn } = await ctx.sessions.start(ctx.db, "customer", customer.id, ctx.now());
  return { customer: presentCustomer(customer), accessToken: token, expiresIn, tokenType: "Bearer" };
}

export async function getCustomer(ctx: DomainContext, id: number): Promise<CustomerRow> {
  const [row] = await ctx.db.select().from(customers).where(eq(customers.id, id));
  if (!row) throw new AppError(404, "customer_not_found", messages.customerNotFound);
  return row;
}

const blankToNull = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value.trim() === "" ? null : value.trim();

/**
 * Updates only the fields sent. A new e-mail address must be unique; it is unverified until its code
 * is entered (sent now), so an account cannot be moved to an address its owner does not hold.
 */
export async function updateProfile(
  ctx: DomainContext,
  id: number,
  input: {
    fullName?: string | undefined;
    email?: string | undefined;
    company?: string | null | undefined;
    phoneNumber?: string | null | undefined;
    address?: string | null | undefined;
  },
): Promise<CustomerRow> {
  const phone = blankToNull(input.phoneNumber);
  const changes: Partial<typeof customers.$inferInsert> = {};
  if (input.fullName !== undefined) changes.fullName = input.fullName;
  if (input.company !== undefined) changes.company = blankToNull(input.company) ?? null;
  if (input.address !== undefined) changes.address = blankToNull(input.address) ?? null;
  if (phone !== undefined) changes.phoneNumber = phone === null ? null : toE164(phone, messages.phoneInvalid);
  if (input.email !== undefined) await requireDeliverable(ctx, input.email);

  try {
    const { row, mailQueued } = await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
      if (!current) throw new AppError(404, "customer_not_found", messages.customerNotFound);
      const newEmail = input.email !== undefined && input.email !== current.email ? input.email : undefined;
      if (newEmail !== undefined) {
        const owner = await findByEmail(tx, newEmail);
        if (owner && owner.id !== id) throw emailTaken();
        changes.email = newEmail;
        changes.emailVerifiedAt = null;
      }
      if (Object.keys(changes).length === 0) return { row: current, mailQueued: false };
      const now = ctx.now();
      const [updated] = await tx
        .update(customers)
        .set({ ...changes, updatedAt: now })
        .where(eq(customers.id, id))
        .returning();
      if (!updated) throw new AppError(404, "customer_not_found", messages.customerNotFound);
      if (newEmail !== undefined) await issueVerificationCode(tx, now, updated, { ignoreResendDelay: true });
      return { row: updated, mailQueued: newEmail !== undefined };
    });
    if (mailQueued) ctx.mailQueued();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
