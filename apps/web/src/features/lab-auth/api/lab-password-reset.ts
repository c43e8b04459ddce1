import {
  accountActionResponseSchema,
  forgotPasswordResponseSchema,
  type AccountActionResponse,
  type ForgotPasswordResponse,
  type ResetPasswordRequest,
} from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

/**
 * POST /lab/forgot-password: 202 with the same answer for any address; an active staff member is
 * mailed a code. 429 within 60 s of the last code for the address.
 */
export function labForgotPassword(email: string): Promise<ForgotPasswordResponse> {
  return apiRequest("/lab/forgot-password", {
    method: "POST",
    body: { email: email.trim() },
    auth: false,
    schema: forgotPasswordResponseSchema,
  });
}

/**
 * POST /lab/reset-password: 200 ends every session of the staff member; 400 code_invalid or
 * validation_failed, 404 code_not_found, 429 too_many_attempts.
 */
export function labResetPassword(input: ResetPasswordRequest): Promise<AccountActionResponse> {
  return apiRequest("/lab/reset-password", {
    method: "POST",
    body: { email: input.email.trim(), code: input.code.trim().toUpperCase(), password: input.password },
    auth: false,
    schema: accountActionResponseSchema,
  });
}
