import type { PhoneSignInRequest } from "@lab/contracts";

import { apiRequest, localError } from "@/lib/api-client";
import { beginSession, normalizeLoginResponse, type LoginResult } from "@/lib/login-response";
import { useAction } from "@/lib/use-action";

/** POST /auth/phone/sign-in: the number and its SMS code instead of a password; answers as the password sign-in. */
export async function phoneSignIn(input: PhoneSignInRequest): Promise<LoginResult> {
  const raw = await apiRequest<unknown>("/auth/phone/sign-in", {
    method: "POST",
    body: { phone: input.phone.trim(), code: input.code.trim(), rememberMe: input.rememberMe },
    auth: false,
  });
  const result = normalizeLoginResponse(raw);
  if (!result) throw localError(200, "loginFailedDefault", "invalid_response", raw);
  return result;
}

/** Signs in with a code: the session starts exactly as after the password sign-in. */
export function usePhoneSignIn() {
  return useAction(phoneSignIn, { onSuccess: beginSession });
}
