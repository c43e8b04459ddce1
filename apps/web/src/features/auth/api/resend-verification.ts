import type { VerificationSentResponse } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { useAction } from "@/lib/use-action";

import { parseVerificationSent } from "../utils/parse-verification-sent";

/** Replaces the current code with a new one (allowed 60 s after the last one). */
export async function resendVerification(email: string): Promise<VerificationSentResponse> {
  const raw = await apiRequest<unknown>("/auth/resend-verification", {
    method: "POST",
    body: { email },
    auth: false,
  });
  return parseVerificationSent(raw);
}

export function useResendVerification() {
  return useAction(resendVerification);
}
