import { getToken, logout } from "@/lib/auth";
import { endServerSession } from "@/lib/end-server-session";

/** Logout: signs out here at once, then ends the session on the server with the token just dropped. */
export function signOut(): Promise<void> {
  const token = getToken();
  logout("user");
  if (!token) return Promise.resolve();
  return endServerSession({ token: token.token, tokenType: token.tokenType });
}
