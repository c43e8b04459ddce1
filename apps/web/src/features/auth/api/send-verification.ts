import type { VerificationSentResponse } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";

import { parseVerificationSent } from "../utils/parse-verification-sent";

/** Sends a verification code to the address (used when an unverified account signs in). */
export async function sendVerification(email: string): Promise<VerificationSentResponse> {
  const raw = await apiRequest<unknown>("/auth/send-verification", {
    method: "POST",
    body: { email },
    auth: false,
  });
  return parseVerificationSent(raw);
}
