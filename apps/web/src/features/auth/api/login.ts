import type { LoginRequest } from "@lab/contracts";

import { apiRequest, localError } from "@/lib/api-client";
import { beginSession, normalizeLoginResponse, type LoginResult } from "@/lib/login-response";
import { useAction } from "@/lib/use-action";

export { normalizeLoginResponse, type LoginResult };

export async function login(credentials: LoginRequest): Promise<LoginResult> {
  const raw = await apiRequest<unknown>("/customers/login", {
    method: "POST",
    body: {
      email: credentials.email.trim(),
      password: credentials.password,
      // 'Keep me signed in': the server's refresh cookie lasts 30 days instead of this browser session.
      remember: credentials.remember === true,
    },
    auth: false,
  });
  const result = normalizeLoginResponse(raw);
  if (!result) throw localError(200, "loginFailedDefault", "invalid_response", raw);
  return result;
}

/**
 * Signs in: stores user and token and starts the expiry timer on success. The account's language
 * follows the person to this device.
 */
export function useLogin() {
  return useAction(login, { onSuccess: beginSession });
}
