import { endServerSession } from "@/lib/end-server-session";

import { signOutLab } from "../utils/lab-query-client";
import { getLabSession } from "../utils/lab-session";

/** Sign Out: ends the console session here at once, then on the server with the token just dropped. */
export function labSignOut(): Promise<void> {
  const session = getLabSession();
  signOutLab("user");
  if (!session) return Promise.resolve();
  return endServerSession({ token: session.token, tokenType: session.tokenType });
}
