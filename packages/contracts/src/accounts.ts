import { z } from "zod";

import { VERIFICATION_CODE_LENGTH } from "./constants";
import { messages } from "./messages";
import { isPasswordValid } from "./password";

const email = z
  .string({ error: messages.invalidEmailAddress })
  .trim()
  .max(254, messages.invalidEmailFormat)
  .pipe(z.email({ error: messages.invalidEmailFormat }))
  .transform((value) => value.toLowerCase());

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const registerRequestSchema = z.object({
  fullName: z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(120),
  email,
  password: z
    .string({ error: messages.passwordWeak })
    .max(128, messages.passwordWeak)
    .refine(isPasswordValid, messages.passwordWeak),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: z.string({ error: messages.invalidCredentials }).trim().toLowerCase().max(254),
  password: z.string({ error: messages.invalidCredentials }).max(128),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const customerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  company: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
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
    fullName: z.string().trim().min(1, messages.nameRequired).max(120).optional(),
    email: email.optional(),
    company: optionalText(160),
    phoneNumber: optionalText(32),
    address: optionalText(500),
  })
  .strip();
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const emailOnlyRequestSchema = z.object({ email });
export type EmailOnlyRequest = z.input<typeof emailOnlyRequestSchema>;

export const verifyEmailRequestSchema = z.object({
  email,
  code: z
    .string({ error: messages.emptyCode })
    .trim()
    .toUpperCase()
    .min(1, messages.emptyCode)
    .max(VERIFICATION_CODE_LENGTH, messages.invalidCode),
});
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

export const verificationSentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Seconds until this code expires and until a new one may be requested. */
  expiresIn: z.number().int(),
  resendAfter: z.number().int(),
});
export type VerificationSentResponse = z.infer<typeof verificationSentResponseSchema>;

export const verifyEmailResponseSchema = z.object({
  success: z.boolean(),
  verified: z.boolean(),
  message: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** Spec section 3, "Email check result". */
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

export const emailCheckRequestSchema = z.object({ email: z.string().trim().max(320) });

export const errorBodySchema = z.object({ error: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
