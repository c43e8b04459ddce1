import { endServerSession } from "@/lib/end-server-session";
import { getLabSession } from "@/lib/lab-session";

import { signOutLab } from "../utils/sign-out-lab";

/** Sign Out: ends the console session here at once, then on the server with the token just dropped. */
export function labSignOut(): Promise<void> {
  const session = getLabSession();
  signOutLab("user");
  if (!session) return Promise.resolve();
  return endServerSession({ token: session.token, tokenType: session.tokenType });
}
