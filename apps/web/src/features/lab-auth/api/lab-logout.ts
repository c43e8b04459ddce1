import { endServerSession } from "@/lib/end-server-session";
import { endLabSession, getLabSession } from "@/lib/lab-session";

/** Sign Out: ends the console session here at once, then on the server with the token just dropped. */
export function labSignOut(): Promise<void> {
  const session = getLabSession();
  endLabSession("user");
  if (!session) return Promise.resolve();
  return endServerSession({ token: session.token, tokenType: session.tokenType });
}
