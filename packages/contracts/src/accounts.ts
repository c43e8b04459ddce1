import { z } from "zod";

import { VERIFICATION_CODE_LENGTH } from "./constants";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from "./languages";
import {
  ADDRESS_MAX,
  COMPANY_MAX,
  EMAIL_CHECK_MAX,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PHONE_MAX,
  tooLong,
} from "./limits";
import { messages } from "./messages";
import { MEMBER_ROLES, MEMBER_SCOPES } from "./organisations";
import { marketListSchema } from "./results";
import { isPasswordValid } from "./password";
import { text } from "./text";

const email = text(messages.invalidEmailAddress)
  .trim()
  .max(EMAIL_MAX, messages.invalidEmailFormat)
  .pipe(z.email({ error: messages.invalidEmailFormat }))
  .transform((value) => value.toLowerCase());

/** One of the portal's language codes (languages.ts); anything else is a 400 that says so. */
export const languageSchema = z.enum(LANGUAGE_CODES, { error: messages.languageInvalid });

const optionalText = (label: string, max: number) =>
  text().trim().max(max, tooLong(label, max)).nullable().optional();

/** A mailed code (verification, password reset): 6 characters, any case. */
const code = text(messages.emptyCode)
  .trim()
  .toUpperCase()
  .min(1, messages.emptyCode)
  .max(VERIFICATION_CODE_LENGTH, messages.invalidCode);

/** A new password: the spec's rule (section 5), checked on the server too. */
const newPassword = text(messages.passwordWeak)
  .max(PASSWORD_MAX, messages.passwordWeak)
  .refine(isPasswordValid, messages.passwordWeak);

export const registerRequestSchema = z.object({
  fullName: text(messages.nameRequired)
    .trim()
    .min(1, messages.nameRequired)
    .max(NAME_MAX, tooLong("Name", NAME_MAX)),
  email,
  password: newPassword,
  /** The account's portal language (screens, notifications, e-mails); English when absent. */
  language: languageSchema.default(DEFAULT_LANGUAGE),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: text(messages.invalidCredentials).trim().toLowerCase().max(EMAIL_MAX, messages.invalidCredentials),
  password: text(messages.invalidCredentials).max(PASSWORD_MAX, messages.invalidCredentials),
  /** 'Keep me signed in': the refresh cookie lasts 30 days on this device, else until the browser closes. */
  remember: z.boolean({ error: messages.invalidCredentials }).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * POST /auth/refresh and a cookie-only POST /auth/logout: whose refresh cookie to use (customers and
 * staff keep theirs apart); customer when absent.
 */
export const refreshRequestSchema = z
  .object({ role: z.enum(["customer", "lab"], { error: messages.sessionEnded }).optional() })
  .strip();
export type RefreshRequest = z.input<typeof refreshRequestSchema>;

export const customerSchema = z.object({
  id: z.number().int(),
  /** null for a member who signed up with a mobile number and gave no address. */
  email: z.string().nullable(),
  fullName: z.string(),
  company: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  /** The number was proven by a code sent to it: the member can sign in with it. */
  phoneVerified: z.boolean(),
  address: z.string().nullable(),
  emailVerified: z.boolean(),
  /** Destination markets a new submission starts with; may be empty (the lab's default limits). */
  defaultMarkets: z.array(z.string()),
  /** The account's portal language: screens, notifications, e-mails, certificates. */
  language: z.enum(LANGUAGE_CODES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The organisation this person is a member of; `company` is its name. */
  organisation: z.object({ id: z.number().int(), name: z.string() }),
  role: z.enum(MEMBER_ROLES),
  scope: z.enum(MEMBER_SCOPES),
});
export type Customer = z.infer<typeof customerSchema>;

export const loginResponseSchema = z.object({
  customer: customerSchema,
  accessToken: z.string(),
  expiresIn: z.number().int(),
  tokenType: z.literal("Bearer"),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** PUT /customers/{id}/profile: every field optional, only the changed ones are sent. */
export const updateProfileRequestSchema = z
  .object({
    fullName: text().trim().min(1, messages.nameRequired).max(NAME_MAX, tooLong("Name", NAME_MAX)).optional(),
    email: email.optional(),
    company: optionalText("Company", COMPANY_MAX),
    phoneNumber: optionalText("Phone number", PHONE_MAX),
    address: optionalText("Address", ADDRESS_MAX),
    defaultMarkets: marketListSchema.optional(),
    /** The account's portal language; absent keeps the stored one. */
    language: languageSchema.optional(),
    /** Required when `email` changes it: a stolen token alone cannot move the account. */
    currentPassword: text(messages.currentPasswordRequired)
      .max(PASSWORD_MAX, messages.currentPasswordWrong)
      .optional(),
  })
  .strip();
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const emailOnlyRequestSchema = z.object({ email });
export type EmailOnlyRequest = z.input<typeof emailOnlyRequestSchema>;

export const verifyEmailRequestSchema = z.object({
  email,
  code,
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

/** POST /auth/reset-password */
export const resetPasswordRequestSchema = z.object({
  email,
  code,
  password: newPassword,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** PUT /customers/{id}/password and PUT /lab/password */
export const changePasswordRequestSchema = z.object({
  currentPassword: text(messages.currentPasswordRequired)
    .min(1, messages.currentPasswordRequired)
    .max(PASSWORD_MAX, messages.currentPasswordWrong),
  newPassword,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** Answers of the account calls that only say what happened. */
export const accountActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Sessions (devices) ended by the call, where it ends any. */
  sessionsEnded: z.number().int().optional(),
});
export type AccountActionResponse = z.infer<typeof accountActionResponseSchema>;

export const verificationSentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Seconds until this code expires and until a new one may be requested. */
  expiresIn: z.number().int(),
  resendAfter: z.number().int(),
});
export type VerificationSentResponse = z.infer<typeof verificationSentResponseSchema>;

/** POST /auth/forgot-password: always 202 with this body, whether or not the account exists. */
export const forgotPasswordResponseSchema = verificationSentResponseSchema;
export type ForgotPasswordResponse = VerificationSentResponse;

export const verifyEmailResponseSchema = z.object({
  success: z.boolean(),
  verified: z.boolean(),
  message: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** The e-mail check result, with the fields clients read (docs/product-rules.md, Data formats). */
export const emailCheckResultSchema = z.object({
  email: z.string(),
  did_you_mean: z.string(),
  user: z.string(),
  domain: z.string(),
  format_valid: z.boolean(),
  mx_found: z.boolean().nullable(),
  smtp_check: z.boolean(),
  catch_all: z.boolean().nullable(),
  role: z.boolean(),
  disposable: z.boolean(),
  free: z.boolean(),
  score: z.number(),
});
export type EmailCheckResult = z.infer<typeof emailCheckResultSchema>;

export const emailCheckRequestSchema = z.object({
  email: text().trim().max(EMAIL_CHECK_MAX, messages.invalidEmailFormat),
});

export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  /** The message's own code (`invalid_credentials`): its key, in snake_case. */
  messageCode: z.string().optional(),
  /** The values of the message's placeholders, to show it in another language. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The request field the error is about, as a dotted path (`farmers.2.phoneNumber`). */
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
