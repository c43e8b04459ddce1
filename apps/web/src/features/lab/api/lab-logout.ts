import { apiRequest } from "@/lib/api-client";

import { signOutLab } from "../utils/lab-query-client";
import { getLabSession } from "../utils/lab-session";

/**
 * Sign Out: ends the console session here at once, then asks the server to end it too (POST
 * /auth/logout takes a staff token). Best effort: whatever the answer, this device is signed out.
 */
export function labSignOut(): Promise<void> {
  const session = getLabSession();
  signOutLab("user");
  if (!session) return Promise.resolve();
  return apiRequest("/auth/logout", {
    method: "POST",
    auth: false,
    bearer: { token: session.token, tokenType: session.tokenType },
  }).then(
    () => undefined,
    () => undefined,
  );
}
