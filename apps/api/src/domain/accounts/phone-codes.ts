import { createHash, randomInt, timingSafeEqual } from "node:crypto";

import {
  PHONE_CODE_ATTEMPTS,
  PHONE_CODE_LENGTH,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_SECONDS,
} from "@lab/contracts";
import { phoneCodes, type Executor } from "@lab/db";
import { and, eq, lt, lte } from "drizzle-orm";

import { invalidField, rateLimited, type AppError } from "../../lib/app-error";

/** What a code sent by SMS proves: a new account's number, a sign-in, a reset, a profile's new number. */
export type PhoneCodePurpose = "register" | "sign-in" | "reset" | "verify-phone";

// Expired rows are of no use (a missing code reads as expired); those an hour past expiry go as new
// codes are asked for.
const PRUNE_AFTER_MS = 3_600_000;

const hashCode = (code: string): string => createHash("sha256").update(code).digest("hex");

/** Six digits from the crypto generator, leading zeros kept. */
export function generatePhoneCode(): string {
  return String(randomInt(10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
}

function sameCode(code: string, hash: string): boolean {
  const a = Buffer.from(hashCode(code), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Stores a new code for the number and purpose, replacing the old one, and answers it. Refused with
 * 429 (and Retry-After) while the previous one is younger than the resend delay; the claim is one
 * statement, so two requests at once cannot both send. `customerId` binds a "verify-phone" code to
 * the member who asked.
 */
export async function claimPhoneCode(
  tx: Executor,
  now: Date,
  phone: string,
  purpose: PhoneCodePurpose,
  customerId: number | null = null,
): Promise<string> {
  await tx.delete(phoneCodes).where(lt(phoneCodes.expiresAt, new Date(now.getTime() - PRUNE_AFTER_MS)));
  const code = generatePhoneCode();
  const values = {
    codeHash: hashCode(code),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_SECONDS * 1000),
    customerId,
  };
  const earliest = new Date(now.getTime() - PHONE_CODE_RESEND_SECONDS * 1000);
  const claimed = await tx
    .insert(phoneCodes)
    .values({ phone, purpose, ...values })
    .onConflictDoUpdate({
      target: [phoneCodes.phone, phoneCodes.purpose],
      set: values,
      setWhere: lte(phoneCodes.sentAt, earliest),
    })
    .returning({ phone: phoneCodes.phone });
  if (claimed.length > 0) return code;
  const [previous] = await tx
    .select({ sentAt: phoneCodes.sentAt })
    .from(phoneCodes)
    .where(and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose)));
  const waitMs =
    (previous?.sentAt.getTime() ?? now.getTime()) + PHONE_CODE_RESEND_SECONDS * 1000 - now.getTime();
  throw rateLimited(waitMs / 1000, "sendTooSoon", "resend_too_soon");
}

/** "This code has expired. Ask for a new one.": none was sent, it expired, or three wrong tries used it up. */
export const phoneCodeExpired = (): AppError => invalidField("phoneCodeExpired", "code", "code_not_found");

const phoneCodeWrong = (attemptsLeft: number): AppError =>
  invalidField({ key: "phoneCodeWrong", params: { attemptsLeft } }, "code", "code_invalid");

export type PhoneCodeCheck = { ok: true } | { error: AppError };

/**
 * Checks a code in the caller's transaction: single use, 300 s, three wrong tries. `accepts` says
 * whether a right code may be used at all (a member holds the number, the code was asked by this
 * member); when it may not, the code is judged wrong, so the answer does not tell whether the number
 * has an account. A wrong try is counted in the transaction: the caller commits before it throws.
 */
export async function checkPhoneCode(
  tx: Executor,
  now: Date,
  phone: string,
  purpose: PhoneCodePurpose,
  code: string,
  accepts: (row: { customerId: number | null }) => boolean = () => true,
): Promise<PhoneCodeCheck> {
  const own = and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose));
  const [row] = await tx.select().from(phoneCodes).where(own).for("update");
  if (!row || row.expiresAt.getTime() <= now.getTime() || row.attempts >= PHONE_CODE_ATTEMPTS) {
    return { error: phoneCodeExpired() };
  }
  // Hashed and compared whatever `accepts` says: the same work for every number.
  const right = sameCode(code, row.codeHash);
  if (right && accepts(row)) {
    await tx.delete(phoneCodes).where(own);
    return { ok: true };
  }
  const attempts = row.attempts + 1;
  // A used-up code stays, so later tries hear "expired" until a new one is asked for.
  await tx.update(phoneCodes).set({ attempts }).where(own);
  return { error: phoneCodeWrong(PHONE_CODE_ATTEMPTS - attempts) };
}
