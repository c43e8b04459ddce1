import { createHash, randomInt, timingSafeEqual } from "node:crypto";

import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_AFTER_S,
  messages,
} from "@lab/contracts";
import { customers, verificationCodes, type CustomerRow, type Executor } from "@lab/db";
import { and, eq, sql } from "drizzle-orm";

import { AppError } from "../http/app-error";
import { enqueueMail } from "../mail/outbox";
import { verificationCodeMail } from "../mail/templates";
import type { DomainContext } from "./context";

// No 0/O or 1/I: codes are read off a phone screen and typed by hand.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function generateCode(): string {
  let code = "";
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

const hashCode = (code: string): string => createHash("sha256").update(code).digest("hex");

function sameCode(code: string, hash: string): boolean {
  const a = Buffer.from(hashCode(code), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a code proves: the address (registration, e-mail change) or the right to a new password. */
export type CodePurpose = "verify" | "reset";

const codeOf = (customerId: number, purpose: CodePurpose) =>
  and(eq(verificationCodes.customerId, customerId), eq(verificationCodes.purpose, purpose));

/**
 * Replaces the customer's code of this purpose with a new one and answers it, in the caller's
 * transaction. Refused with 429 while the previous code is younger than the resend delay.
 */
export async function issueCode(
  tx: Executor,
  now: Date,
  customerId: number,
  purpose: CodePurpose,
  options: { ignoreResendDelay?: boolean } = {},
): Promise<string> {
  const [existing] = await tx
    .select()
    .from(verificationCodes)
    .where(codeOf(customerId, purpose))
    .for("update");
  if (existing && !options.ignoreResendDelay) {
    const waitMs = existing.sentAt.getTime() + VERIFICATION_RESEND_AFTER_S * 1000 - now.getTime();
    if (waitMs > 0) {
      throw new AppError(429, "resend_too_soon", messages.sendTooSoon, {
        "Retry-After": String(Math.ceil(waitMs / 1000)),
      });
    }
  }
  const code = generateCode();
  const values = {
    codeHash: hashCode(code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_S * 1000),
  };
  await tx
    .insert(verificationCodes)
    .values({ customerId, purpose, ...values })
    .onConflictDoUpdate({ target: [verificationCodes.customerId, verificationCodes.purpose], set: values });
  return code;
}

/** A new e-mail verification code, mailed to the customer's (new) address. */
export async function issueVerificationCode(
  tx: Executor,
  now: Date,
  customer: CustomerRow,
  options: { ignoreResendDelay?: boolean } = {},
): Promise<void> {
  const code = await issueCode(tx, now, customer.id, "verify", options);
  await enqueueMail(tx, verificationCodeMail(customer.email, customer.fullName, code));
}

type CheckResult = { ok: true } | { error: AppError };

/**
 * Checks a code in the caller's transaction: single use, expiry, at most three wrong attempts. A wrong
 * attempt is counted in the transaction, so the caller must commit before throwing the error.
 */
export async function checkCode(
  tx: Executor,
  now: Date,
  customerId: number,
  purpose: CodePurpose,
  code: string,
): Promise<CheckResult> {
  const [row] = await tx.select().from(verificationCodes).where(codeOf(customerId, purpose)).for("update");
  if (!row) return { error: new AppError(404, "code_not_found", messages.codeNotFound) };
  if (row.expiresAt.getTime() <= now.getTime()) {
    await tx.delete(verificationCodes).where(eq(verificationCodes.id, row.id));
    return { error: new AppError(404, "code_not_found", messages.codeNotFound) };
  }
  if (row.attempts >= VERIFICATION_MAX_ATTEMPTS) {
    return { error: new AppError(429, "too_many_attempts", messages.tooManyAttempts) };
  }
  if (!sameCode(code, row.codeHash)) {
    const attempts = row.attempts + 1;
    // The spent code stays, so later tries keep hearing "too many attempts" until a resend.
    await tx.update(verificationCodes).set({ attempts }).where(eq(verificationCodes.id, row.id));
    return attempts >= VERIFICATION_MAX_ATTEMPTS
      ? { error: new AppError(429, "too_many_attempts", messages.tooManyAttempts) }
      : { error: new AppError(400, "code_invalid", messages.invalidCode) };
  }
  await tx.delete(verificationCodes).where(eq(verificationCodes.id, row.id));
  return { ok: true };
}

export const findByEmail = async (tx: Executor, email: string): Promise<CustomerRow | undefined> => {
  const [row] = await tx
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  return row;
};

export type SendOutcome = "sent" | "already-verified" | "unknown";

/** POST /auth/send-verification and /auth/resend-verification. */
export async function sendVerification(ctx: DomainContext, email: string): Promise<SendOutcome> {
  const outcome = await ctx.db.transaction(async (tx): Promise<SendOutcome> => {
    const customer = await findByEmail(tx, email);
    if (!customer) return "unknown";
    if (customer.emailVerifiedAt) return "already-verified";
    await issueVerificationCode(tx, ctx.now(), customer);
    return "sent";
  });
  if (outcome === "sent") ctx.mailQueued();
  return outcome;
}

export type VerifyOutcome = "verified" | "already-verified";

/** POST /auth/verify-email: single use, 300 s, 3 wrong attempts end the code. */
type VerifyResult = { outcome: VerifyOutcome } | { error: AppError };

export async function verifyEmail(ctx: DomainContext, email: string, code: string): Promise<VerifyOutcome> {
  const result = await ctx.db.transaction(async (tx): Promise<VerifyResult> => {
    const customer = await findByEmail(tx, email);
    if (!customer) return { error: new AppError(404, "code_not_found", messages.codeNotFound) };
    const now = ctx.now();
    const checked = await checkCode(tx, now, customer.id, "verify", code);
    if ("error" in checked) {
      if (checked.error.code === "code_not_found" && customer.emailVerifiedAt) {
        return { outcome: "already-verified" };
      }
      return checked;
    }
    await tx
      .update(customers)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(eq(customers.id, customer.id));
    return { outcome: "verified" };
  });
  // Wrong attempts must be counted, so the transaction commits before the error is thrown.
  if ("error" in result) throw result.error;
  return result.outcome;
}
