import { createHash, randomInt, timingSafeEqual } from "node:crypto";

import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_S,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_RESEND_AFTER_S,
} from "@lab/contracts";
import {
  codeRequests,
  customers,
  organisations,
  verificationCodes,
  type CustomerRow,
  type Executor,
} from "@lab/db";
import { and, eq, isNull, lte, sql } from "drizzle-orm";

import { AppError, invalidField, notFound, rateLimited } from "../../lib/app-error";
import { inboxKey } from "../../lib/email-address";
import { passwordResetCodeMail } from "../../mail/account-mails";
import { enqueueMail, markCodeMail, type CodeMailNote, type MailToSend } from "../../mail/outbox";
import { verificationCodeMail } from "../../mail/templates";
import type { DomainContext } from "../context";

// No Retry-After: a new code is what the person needs, not a wait.
const tooManyAttempts = () => new AppError(429, "too_many_attempts", "tooManyAttempts");

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
/** What an address may ask a code for, each with its own resend delay: a staff reset as well. */
export type CodeRequestPurpose = CodePurpose | "staff-reset";

/** A code's stored form (only its SHA-256), whichever table keeps it. */
export interface StoredCode {
  codeHash: string;
  attempts: number;
  sentAt: Date;
  expiresAt: Date;
}

/** A fresh code to mail, and what to store of it. */
export function newCode(now: Date): { code: string; stored: StoredCode } {
  const code = generateCode();
  const expiresAt = new Date(now.getTime() + VERIFICATION_CODE_TTL_S * 1000);
  return { code, stored: { codeHash: hashCode(code), attempts: 0, sentAt: now, expiresAt } };
}

const codeOf = (customerId: number, purpose: CodePurpose) =>
  and(eq(verificationCodes.customerId, customerId), eq(verificationCodes.purpose, purpose));

/**
 * Records that a code is being sent to an address, whether or not an account holds it; refused with
 * 429 while the previous request for the same inbox and purpose is younger than the resend delay
 * (`inboxKey`: +tag and Gmail-dot variants of an address are one inbox). Every address is answered
 * alike, so the rule reveals no account.
 */
export async function claimCodeRequest(
  tx: Executor,
  now: Date,
  email: string,
  purpose: CodeRequestPurpose,
): Promise<void> {
  const address = inboxKey(email);
  const earliest = new Date(now.getTime() - VERIFICATION_RESEND_AFTER_S * 1000);
  const claimed = await tx
    .insert(codeRequests)
    .values({ email: address, purpose, requestedAt: now })
    .onConflictDoUpdate({
      target: [codeRequests.email, codeRequests.purpose],
      set: { requestedAt: now },
      setWhere: lte(codeRequests.requestedAt, earliest),
    })
    .returning({ at: codeRequests.requestedAt });
  if (claimed.length > 0) return;
  const [previous] = await tx
    .select({ at: codeRequests.requestedAt })
    .from(codeRequests)
    .where(and(eq(codeRequests.email, address), eq(codeRequests.purpose, purpose)));
  const waitMs =
    (previous?.at.getTime() ?? now.getTime()) + VERIFICATION_RESEND_AFTER_S * 1000 - now.getTime();
  throw rateLimited(waitMs / 1000, "sendTooSoon", "resend_too_soon");
}

/** Replaces the customer's code of this purpose with a new one and answers it, in the caller's transaction. */
export async function issueCode(
  tx: Executor,
  now: Date,
  customerId: number,
  purpose: CodePurpose,
): Promise<string> {
  const { code, stored: values } = newCode(now);
  await tx
    .insert(verificationCodes)
    .values({ customerId, purpose, ...values })
    .onConflictDoUpdate({ target: [verificationCodes.customerId, verificationCodes.purpose], set: values });
  return code;
}

/** A member with an e-mail address (one who signed up by phone may have none). */
export type WithEmail<T extends { email: string | null }> = T & { email: string };
export const hasEmail = <T extends { email: string | null }>(row: T): row is WithEmail<T> =>
  row.email !== null;

async function mailVerificationCode(
  tx: Executor,
  now: Date,
  customer: WithEmail<CustomerRow>,
): Promise<void> {
  const code = await issueCode(tx, now, customer.id, "verify");
  await enqueueMail(
    tx,
    markCodeMail(verificationCodeMail(customer.email, code, customer.language), {
      customerId: customer.id,
      purpose: "verify",
      code,
    }),
  );
}

/** A code mail older than this margin before its code's expiry gets a fresh code: it must still work when read. */
const FRESH_MARGIN_MS = 60_000;

/**
 * Called by the outbox just before it sends a code mail: when the customer has no live code of this
 * purpose left (it expired while the mail waited), or it expires within a minute, issues a fresh one (same customer and purpose) and
 * answers the mail to send instead (addressed as the queued one). Undefined: send the mail as queued.
 */
export async function refreshedCodeMail(
  tx: Executor,
  now: Date,
  to: string[],
  note: CodeMailNote,
): Promise<MailToSend | undefined> {
  const [live] = await tx
    .select()
    .from(verificationCodes)
    .where(codeOf(note.customerId, note.purpose))
    .for("update");
  // Still live for a minute: this mail's code, or a newer one already on its way that a new code would kill.
  if (live && live.expiresAt.getTime() - now.getTime() > FRESH_MARGIN_MS) return undefined;
  const [customer] = await tx.select().from(customers).where(eq(customers.id, note.customerId));
  // Gone, without an address now, or already verified: there is nothing a fresh code could do.
  if (!customer || !hasEmail(customer) || (note.purpose === "verify" && customer.emailVerifiedAt))
    return undefined;
  const code = await issueCode(tx, now, customer.id, note.purpose);
  const mail =
    note.purpose === "verify"
      ? verificationCodeMail(customer.email, code, customer.language)
      : passwordResetCodeMail(customer.email, code, customer.language);
  return markCodeMail({ ...mail, to }, { customerId: customer.id, purpose: note.purpose, code });
}

/**
 * A new e-mail verification code, mailed to the customer's (new) address, at registration or an
 * e-mail change; the resend delay starts now.
 */
export async function issueVerificationCode(
  tx: Executor,
  now: Date,
  customer: WithEmail<CustomerRow>,
): Promise<void> {
  await tx
    .insert(codeRequests)
    .values({ email: inboxKey(customer.email), purpose: "verify", requestedAt: now })
    .onConflictDoUpdate({ target: [codeRequests.email, codeRequests.purpose], set: { requestedAt: now } });
  await mailVerificationCode(tx, now, customer);
}

export type CheckResult = { ok: true } | { error: AppError };

/**
 * Judges a code against its stored row (locked by the caller): single use, expiry, at most three wrong
 * attempts. `spend` removes the row, `countWrong` stores the attempts; both in the caller's transaction.
 */
export async function judgeCode(
  row: StoredCode | undefined,
  now: Date,
  code: string,
  store: { spend(): Promise<unknown>; countWrong(attempts: number): Promise<unknown> },
): Promise<CheckResult> {
  if (!row) return { error: notFound("codeNotFound", "code_not_found") };
  if (row.expiresAt.getTime() <= now.getTime()) {
    await store.spend();
    return { error: notFound("codeNotFound", "code_not_found") };
  }
  if (row.attempts >= VERIFICATION_MAX_ATTEMPTS) {
    return { error: tooManyAttempts() };
  }
  if (!sameCode(code, row.codeHash)) {
    const attempts = row.attempts + 1;
    // The spent code stays, so later tries keep hearing "too many attempts" until a resend.
    await store.countWrong(attempts);
    return attempts >= VERIFICATION_MAX_ATTEMPTS
      ? { error: tooManyAttempts() }
      : { error: invalidField("invalidCode", undefined, "code_invalid") };
  }
  await store.spend();
  return { ok: true };
}

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
  const own = eq(verificationCodes.id, row?.id ?? 0);
  return judgeCode(row, now, code, {
    spend: () => tx.delete(verificationCodes).where(own),
    countWrong: (attempts) => tx.update(verificationCodes).set({ attempts }).where(own),
  });
}

/** A person with the organisation they are a member of (whose name is the spec's `company`). */
export type Account = CustomerRow & { organisation: { id: number; name: string } };

const accountColumns = {
  customer: customers,
  organisation: { id: organisations.id, name: organisations.name },
};

/** The member holding this address; a removed member's address belongs to nobody. */
export const findByEmail = async (tx: Executor, email: string): Promise<Account | undefined> => {
  const [row] = await tx
    .select(accountColumns)
    .from(customers)
    .innerJoin(organisations, eq(organisations.id, customers.organisationId))
    .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, isNull(customers.removedAt)));
  return row && { ...row.customer, organisation: row.organisation };
};

/** A member by id, removed or not, with their organisation. */
export const findAccount = async (tx: Executor, id: number): Promise<Account | undefined> => {
  const [row] = await tx
    .select(accountColumns)
    .from(customers)
    .innerJoin(organisations, eq(organisations.id, customers.organisationId))
    .where(eq(customers.id, id));
  return row && { ...row.customer, organisation: row.organisation };
};

/**
 * POST /auth/send-verification and /auth/resend-verification. An unknown address, a verified account
 * and an unverified one get the same answer and the same 60 s rule; only the last is mailed a code.
 */
export async function sendVerification(ctx: DomainContext, email: string): Promise<void> {
  await ctx.unitOfWork(async (tx, effects) => {
    const now = ctx.now();
    await claimCodeRequest(tx, now, email, "verify");
    const customer = await findByEmail(tx, email);
    if (!customer || !hasEmail(customer) || customer.emailVerifiedAt) return;
    // The request was recorded by the claim above.
    await mailVerificationCode(tx, now, customer);
    effects.add("mailQueued");
  });
}

export type VerifyOutcome = "verified" | "already-verified";

/** POST /auth/verify-email: single use, 300 s, 3 wrong attempts end the code. */
type VerifyResult = { outcome: VerifyOutcome } | { error: AppError };

export async function verifyEmail(ctx: DomainContext, email: string, code: string): Promise<VerifyOutcome> {
  const result = await ctx.unitOfWork(async (tx): Promise<VerifyResult> => {
    const customer = await findByEmail(tx, email);
    if (!customer) return { error: notFound("codeNotFound", "code_not_found") };
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
