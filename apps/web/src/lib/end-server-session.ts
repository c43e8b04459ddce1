import { apiRequest } from "./api-client";

/**
 * Asks the server to end a session (POST /auth/logout takes a customer or a staff token) after this
 * device has already dropped it. Best effort: whatever the answer, the device is signed out.
 */
export function endServerSession(bearer: { token: string; tokenType: string }): Promise<void> {
  return apiRequest("/auth/logout", { method: "POST", auth: false, bearer }).then(
    () => undefined,
    () => undefined,
  );
}
