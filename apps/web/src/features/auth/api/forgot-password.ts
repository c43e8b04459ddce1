import { type ForgotPasswordResponse } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { parseVerificationSent } from "../utils/parse-verification-sent";

/**
 * POST /auth/forgot-password: 202 with the same answer whether or not the account exists; a code is
 * mailed when it does. 429 within 60 s of the last code for the address.
 */
export async function forgotPassword(email: string): Promise<ForgotPasswordResponse> {
  const raw = await apiRequest<unknown>("/auth/forgot-password", {
    method: "POST",
    body: { email: email.trim() },
    auth: false,
  });
  return parseVerificationSent(raw, "forgotPasswordSent");
}
