import { z } from "zod";

import { languageSchema } from "./accounts";
import { isPasswordValid } from "./password";
import { COMPANY_MAX, EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PHONE_MAX, tooLong } from "./limits";
import { messages } from "./messages";
import { text } from "./text";

/** A one-time code sent by SMS lasts 5 minutes, takes 3 wrong tries, and a new one can follow after 60 s. */
export const PHONE_CODE_TTL_SECONDS = 300;
export const PHONE_CODE_ATTEMPTS = 3;
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PHONE_CODE_LENGTH = 6;

/** What a code is asked for: an account, a sign-in without a password, a new password. */
export const PHONE_CODE_PURPOSES = ["register", "sign-in", "reset"] as const;
export type PhoneCodePurpose = (typeof PHONE_CODE_PURPOSES)[number];

/**
 * A mobile number as typed (`94400 12345`, `+91 94400-12345`, `09440012345`): the server reads it as
 * Indian unless it starts with +, and keeps it in E.164.
 */
export const phoneSchema = text(messages.mobileNumberRequired)
  .trim()
  .min(1, messages.mobileNumberRequired)
  .max(PHONE_MAX, messages.mobileNumberInvalid);

/** The 6 digits of an SMS code; spaces a person types between them are dropped. */
export const phoneCodeSchema = text(messages.phoneCodeRequired)
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .max(PHONE_CODE_LENGTH, messages.phoneCodeRequired)
      .regex(/^\d{6}$/, messages.phoneCodeRequired),
  );

const fullName = text(messages.nameRequired)
  .trim()
  .min(1, messages.nameRequired)
  .max(NAME_MAX, tooLong("Name", NAME_MAX));

const newPassword = text(messages.passwordWeak)
  .max(PASSWORD_MAX, messages.passwordWeak)
  .refine(isPasswordValid, messages.passwordWeak);

const EMAIL = z.email();

/** An optional e-mail address: empty, null or absent means none. */
const optionalEmail = text(messages.invalidEmailAddress)
  .trim()
  .max(EMAIL_MAX, messages.invalidEmailFormat)
  .refine((value) => value === "" || EMAIL.safeParse(value).success, messages.invalidEmailFormat)
  .transform((value) => (value === "" ? undefined : value.toLowerCase()))
  .nullable()
  .optional()
  .transform((value) => value ?? undefined);

/** POST /auth/phone/code */
export const phoneCodeRequestSchema = z.object({
  phone: phoneSchema,
  purpose: z.enum(PHONE_CODE_PURPOSES, { error: messages.phoneCodePurposeInvalid }),
  /** The SMS's language for a number no member holds yet; a member's own language otherwise. */
  language: languageSchema.optional(),
});
export type PhoneCodeRequest = z.input<typeof phoneCodeRequestSchema>;

/** POST /auth/phone/code and POST /customers/me/phone: 202, the same for every valid number. */
export const phoneCodeSentSchema = z.object({
  sent: z.literal(true),
  expiresInSeconds: z.literal(PHONE_CODE_TTL_SECONDS),
  resendAfterSeconds: z.literal(PHONE_CODE_RESEND_SECONDS),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

/**
 * POST /auth/phone/register: a new organisation and its admin, who proved the number; the answer is the
 * sign-in's (loginResponseSchema and the refresh cookie). An e-mail given here is unverified and gets
 * the usual verification code.
 */
export const phoneRegisterSchema = z.object({
  phone: phoneSchema,
  code: phoneCodeSchema,
  fullName,
  password: newPassword,
  /** The organisation's name; the person's name when absent. */
  company: text().trim().max(COMPANY_MAX, tooLong("Company", COMPANY_MAX)).nullable().optional(),
  /** The account's portal language (screens, notifications, messages); English when absent. */
  language: languageSchema.optional(),
  email: optionalEmail,
});
export type PhoneRegisterRequest = z.input<typeof phoneRegisterSchema>;

/** POST /auth/phone/sign-in: the answer is the password sign-in's, and so is `rememberMe`. */
export const phoneSignInSchema = z.object({
  phone: phoneSchema,
  code: phoneCodeSchema,
  /** 'Keep me signed in': the refresh cookie lasts 30 days on this device, else until the browser closes. */
  rememberMe: z.boolean({ error: messages.rememberMeInvalid }),
});
export type PhoneSignInRequest = z.input<typeof phoneSignInSchema>;

/** POST /auth/phone/reset-password: answers accountActionResponseSchema, other sessions ended. */
export const phoneResetSchema = z.object({
  phone: phoneSchema,
  code: phoneCodeSchema,
  password: newPassword,
});
export type PhoneResetRequest = z.input<typeof phoneResetSchema>;

/** POST /customers/me/phone: send a code to the member's new number (answers phoneCodeSentSchema). */
export const phoneChangeRequestSchema = z.object({ phone: phoneSchema });
export type PhoneChangeRequest = z.input<typeof phoneChangeRequestSchema>;

/** POST /customers/me/phone/verify: prove it; answers the member (customerSchema). */
export const phoneVerifyRequestSchema = z.object({ phone: phoneSchema, code: phoneCodeSchema });
export type PhoneVerifyRequest = z.input<typeof phoneVerifyRequestSchema>;
