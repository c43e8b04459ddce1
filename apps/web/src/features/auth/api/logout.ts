import { apiRequest } from "@/lib/api-client";
import { getToken, logout } from "@/lib/auth";

/**
 * Logout: signs out here at once, then asks the server to end the session (POST /auth/logout) with
 * the token just dropped. Best effort: whatever the answer, this device is signed out.
 */
export function signOut(): Promise<void> {
  const token = getToken();
  logout("user");
  if (!token) return Promise.resolve();
  return apiRequest("/auth/logout", {
    method: "POST",
    auth: false,
    bearer: { token: token.token, tokenType: token.tokenType },
  }).then(
    () => undefined,
    () => undefined,
  );
}
