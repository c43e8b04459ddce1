import { type AccountActionResponse, type ResetPasswordRequest } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { parseAccountAction } from "@/utils/parse-account-action";

/**
 * POST /auth/reset-password: 200 ends every session of the account; 400 code_invalid or
 * validation_failed, 404 code_not_found, 429 too_many_attempts.
 */
export async function resetPassword(input: ResetPasswordRequest): Promise<AccountActionResponse> {
  const raw = await apiRequest<unknown>("/auth/reset-password", {
    method: "POST",
    body: { email: input.email.trim(), code: input.code.trim().toUpperCase(), password: input.password },
    auth: false,
  });
  return parseAccountAction(raw, "passwordResetOk");
}
