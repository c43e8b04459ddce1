import { DEFAULT_LANGUAGE, PHONE_CODE_TTL_SECONDS, type LanguageCode } from "@lab/contracts";
import { customers, organisations, type Executor } from "@lab/db";
import { and, eq, isNotNull, isNull } from "drizzle-orm";

import { conflict, type AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { hashPassword } from "../../lib/passwords";
import type { SignedIn } from "../../infra/sessions";
import { passwordChangedMail } from "../../mail/account-mails";
import { enqueueMail } from "../../mail/outbox";
import { queueMessages } from "../../messaging/queue";
import type { DomainContext } from "../context";
import type { Member } from "../organisations/access";
import type { Effects } from "../unit-of-work";
import { emailTaken, requireDeliverable, type SignIn } from "./accounts";
import { checkPhoneCode, claimPhoneCode, type PhoneCodePurpose } from "./phone-codes";
import { mobileNumber } from "./phone-numbers";
import { findAccount, findByEmail, issueVerificationCode, type Account } from "./verification-codes";

/**
 * Takes the number's share of the code-request limits (its number range's, its own): called once the
 * resend rule has passed, before anything is sent. Throws 429 when over.
 */
export type AdmitCodeRequest = (phone: string) => Promise<void>;

const phoneTaken = () => conflict("phoneTaken", { field: "phone" });

/** The live member who proved this number (E.164), with their organisation. */
export async function findByVerifiedPhone(tx: Executor, phone: string): Promise<Account | undefined> {
  const [row] = await tx
    .select({ customer: customers, organisation: { id: organisations.id, name: organisations.name } })
    .from(customers)
    .innerJoin(organisations, eq(organisations.id, customers.organisationId))
    .where(
      and(
        eq(customers.phoneNumber, phone),
        isNotNull(customers.phoneVerifiedAt),
        isNull(customers.removedAt),
      ),
    );
  return row && { ...row.customer, organisation: row.organisation };
}

async function sendCode(
  tx: Executor,
  effects: Effects,
  message: { phone: string; code: string; language: string; customerId: number | null },
): Promise<void> {
  await queueMessages(tx, effects, [
    {
      channel: "sms",
      to: message.phone,
      template: "code",
      variables: { code: message.code, minutes: String(Math.round(PHONE_CODE_TTL_SECONDS / 60)) },
      language: message.language,
      kind: "code",
      customerId: message.customerId,
    },
  ]);
}

/**
 * POST /auth/phone/code. Every valid number gets the same answer after the same steps: the resend
 * rule, the limits, a code stored, the holder looked up. The SMS goes out for a registration (to
 * whoever holds the number: a number already proven by a member gets a code too, and only its holder
 * learns, by entering it, that it is taken), and for a sign-in or a reset only when a live member
 * proved the number; no one else is sent anything.
 */
export async function requestPhoneCode(
  ctx: DomainContext,
  input: {
    phone: string;
    purpose: Exclude<PhoneCodePurpose, "verify-phone">;
    language?: LanguageCode | undefined;
  },
  admit: AdmitCodeRequest,
): Promise<void> {
  const phone = await mobileNumber(ctx.db, input.phone);
  await ctx.unitOfWork(async (tx, effects) => {
    const now = ctx.now();
    const code = await claimPhoneCode(tx, now, phone, input.purpose);
    await admit(phone);
    const holder = await findByVerifiedPhone(tx, phone);
    if (input.purpose !== "register" && !holder) return;
    await sendCode(tx, effects, {
      phone,
      code,
      language: holder?.language ?? input.language ?? DEFAULT_LANGUAGE,
      customerId: holder?.id ?? null,
    });
  });
}

/** POST /customers/me/phone: a code to the member's new number, which only they can then prove. */
export async function requestPhoneVerification(
  ctx: DomainContext,
  member: Member,
  typed: string,
  admit: AdmitCodeRequest,
): Promise<void> {
  const phone = await mobileNumber(ctx.db, typed);
  await ctx.unitOfWork(async (tx, effects) => {
    const now = ctx.now();
    const code = await claimPhoneCode(tx, now, phone, "verify-phone", member.id);
    await admit(phone);
    const account = await findAccount(tx, member.id);
    await sendCode(tx, effects, {
      phone,
      code,
      language: account?.language ?? DEFAULT_LANGUAGE,
      customerId: member.id,
    });
  });
}

type Outcome<T> = { value: T } | { error: AppError };

/** The value, or the error thrown once the unit (and its counted wrong tries) has committed. */
function settled<T>(outcome: Outcome<T>): T {
  if ("error" in outcome) throw outcome.error;
  return outcome.value;
}

/**
 * POST /auth/phone/register: a new organisation and its first admin, whose number the code proved, and
 * a session (as a sign-in). An e-mail address given is unverified and is sent the usual code.
 */
export async function registerByPhone(
  ctx: DomainContext,
  input: {
    phone: string;
    code: string;
    fullName: string;
    password: string;
    company?: string | null | undefined;
    language?: LanguageCode | undefined;
    email?: string | undefined;
  },
): Promise<SignedIn<SignIn>> {
  const phone = await mobileNumber(ctx.db, input.phone);
  const email = input.email;
  if (email !== undefined) await requireDeliverable(ctx, email);
  const passwordHash = await hashPassword(input.password, ctx.bcryptCost);
  const language = input.language ?? DEFAULT_LANGUAGE;
  const organisationName = input.company?.trim() || input.fullName;
  try {
    return settled(
      await ctx.unitOfWork(async (tx, effects): Promise<Outcome<SignedIn<SignIn>>> => {
        const now = ctx.now();
        const checked = await checkPhoneCode(tx, now, phone, "register", input.code);
        if ("error" in checked) return checked;
        // Only the number's holder reads the code, so only they learn here that it is taken.
        if (await findByVerifiedPhone(tx, phone)) throw phoneTaken();
        if (email !== undefined && (await findByEmail(tx, email))) throw emailTaken();
        const [organisation] = await tx
          .insert(organisations)
          .values({ name: organisationName, language, createdAt: now, updatedAt: now })
          .returning({ id: organisations.id, name: organisations.name });
        if (!organisation) throw new Error("insert returned no row");
        const [row] = await tx
          .insert(customers)
          .values({
            organisationId: organisation.id,
            memberRole: "admin",
            memberScope: "all",
            email: email ?? null,
            fullName: input.fullName,
            passwordHash,
            phoneNumber: phone,
            phoneVerifiedAt: now,
            language,
            lastSignInAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!row) throw new Error("insert returned no row");
        if (email !== undefined) {
          await issueVerificationCode(tx, now, { ...row, email });
          effects.add("mailQueued");
        }
        const { token, expiresIn, ...refresh } = await ctx.sessions.start(tx, "customer", row.id, now);
        const customer = { ...row, organisation };
        return {
          value: { response: { role: "customer", customer, accessToken: token, expiresIn }, refresh },
        };
      }),
    );
  } catch (error) {
    // Two registrations racing for one number or one address: the unique indexes decide.
    if (!isUniqueViolation(error)) throw error;
    if (email !== undefined && (await findByEmail(ctx.db, email))) throw emailTaken();
    throw phoneTaken();
  }
}

/**
 * POST /auth/phone/sign-in: a session for the live member who proved the number. A number nobody
 * holds is answered as a wrong code, so the call does not tell which numbers have accounts.
 */
export async function signInByPhone(
  ctx: DomainContext,
  input: { phone: string; code: string; rememberMe: boolean },
): Promise<SignedIn<SignIn>> {
  const phone = await mobileNumber(ctx.db, input.phone);
  return settled(
    await ctx.unitOfWork(async (tx): Promise<Outcome<SignedIn<SignIn>>> => {
      const now = ctx.now();
      const holder = await findByVerifiedPhone(tx, phone);
      const checked = await checkPhoneCode(tx, now, phone, "sign-in", input.code, () => holder !== undefined);
      if ("error" in checked) return checked;
      if (!holder) throw new Error("a sign-in code was accepted without a holder");
      // The organisation's admins see when each member last signed in.
      await tx.update(customers).set({ lastSignInAt: now }).where(eq(customers.id, holder.id));
      const { token, expiresIn, ...refresh } = await ctx.sessions.start(tx, "customer", holder.id, now, {
        persistent: input.rememberMe,
      });
      return {
        value: { response: { role: "customer", customer: holder, accessToken: token, expiresIn }, refresh },
      };
    }),
  );
}

/**
 * POST /auth/phone/reset-password: a new password for the live member who proved the number; every
 * session of theirs ends, as with a reset by e-mail. Answers how many ended.
 */
export async function resetPasswordByPhone(
  ctx: DomainContext,
  input: { phone: string; code: string; password: string },
): Promise<number> {
  const phone = await mobileNumber(ctx.db, input.phone);
  // Hashed first, for a known number or not: the answer's timing tells nothing.
  const passwordHash = await hashPassword(input.password, ctx.bcryptCost);
  return settled(
    await ctx.unitOfWork(async (tx, effects): Promise<Outcome<number>> => {
      const now = ctx.now();
      const holder = await findByVerifiedPhone(tx, phone);
      const checked = await checkPhoneCode(tx, now, phone, "reset", input.code, () => holder !== undefined);
      if ("error" in checked) return checked;
      if (!holder) throw new Error("a reset code was accepted without a holder");
      await tx.update(customers).set({ passwordHash, updatedAt: now }).where(eq(customers.id, holder.id));
      // Mailed only to an address the member has; none is queued otherwise.
      await enqueueMail(tx, passwordChangedMail(holder));
      if (holder.email !== null) effects.add("mailQueued");
      const revoked = await ctx.sessions.revokeAll(tx, "customer", holder.id, now);
      effects.add("sessionsRevoked", revoked);
      return { value: revoked.sessionIds.length };
    }),
  );
}

/**
 * POST /customers/me/phone/verify: the code the member asked for proves the number, which becomes
 * theirs (their sign-in by code, their SMS). 409 when another live member proved it first.
 */
export async function verifyMemberPhone(
  ctx: DomainContext,
  member: Member,
  input: { phone: string; code: string },
): Promise<Account> {
  const phone = await mobileNumber(ctx.db, input.phone);
  try {
    return settled(
      await ctx.unitOfWork(async (tx): Promise<Outcome<Account>> => {
        const now = ctx.now();
        const checked = await checkPhoneCode(
          tx,
          now,
          phone,
          "verify-phone",
          input.code,
          (row) => row.customerId === member.id,
        );
        if ("error" in checked) return checked;
        const holder = await findByVerifiedPhone(tx, phone);
        if (holder && holder.id !== member.id) throw phoneTaken();
        await tx
          .update(customers)
          .set({ phoneNumber: phone, phoneVerifiedAt: now, updatedAt: now })
          .where(eq(customers.id, member.id));
        const account = await findAccount(tx, member.id);
        if (!account) throw new Error("the signed-in member has no row");
        return { value: account };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneTaken();
    throw error;
  }
}
