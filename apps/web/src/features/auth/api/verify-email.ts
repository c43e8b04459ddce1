import { type VerifyEmailResponse } from "@lab/contracts";

import { ApiError, apiRequest } from "@/lib/api-client";
import { useAction } from "@/lib/use-action";

/** POST /auth/verify-email; reads success, verified, message. */
export async function verifyEmail(input: { email: string; code: string }): Promise<VerifyEmailResponse> {
  const raw = await apiRequest<unknown>("/auth/verify-email", {
    method: "POST",
    body: { email: input.email, code: input.code.trim().toUpperCase() },
    auth: false,
  });
  const record = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  if (record.verified !== true && record.success !== true) {
    throw new ApiError(200, "verifyFailedUi", "not_verified", raw);
  }
  return {
    success: true,
    verified: true,
    message: typeof record.message === "string" ? record.message : "verifiedOk",
  };
}

export function useVerifyEmail() {
  return useAction(verifyEmail);
}
