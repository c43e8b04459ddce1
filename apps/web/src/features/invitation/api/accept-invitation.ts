import type { AcceptInvitationRequest } from "@lab/contracts";

import { apiRequest, localError } from "@/lib/api-client";
import { beginSession, normalizeLoginResponse, type LoginResult } from "@/lib/login-response";
import { useAction } from "@/lib/use-action";

/**
 * POST /invitations/accept (public): creates the invitee's account and answers what sign-in answers
 * (the refresh cookie set); 409 invitationEmailTaken.
 */
export async function acceptInvitation(input: AcceptInvitationRequest): Promise<LoginResult> {
  const raw = await apiRequest<unknown>("/invitations/accept", { method: "POST", body: input, auth: false });
  const result = normalizeLoginResponse(raw);
  if (!result) throw localError(200, "loginFailedDefault", "invalid_response", raw);
  return result;
}

/** Accepts and signs in on this device, exactly as the sign-in form does. */
export function useAcceptInvitation() {
  return useAction(acceptInvitation, { onSuccess: beginSession });
}
