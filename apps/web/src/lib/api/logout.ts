import { getSession, logout } from "@/lib/auth";
import { endServerSession } from "@/lib/end-server-session";

/**
 * Logout: signs out here at once, then ends the session on the server with the token just dropped,
 * or by the refresh cookie when that token had expired (else the cookie could restore the session).
 */
export function signOut(): Promise<void> {
  const token = getSession()?.token ?? null;
  logout("user");
  return endServerSession(token ? { token: token.token, tokenType: token.tokenType } : null, "customer");
}
