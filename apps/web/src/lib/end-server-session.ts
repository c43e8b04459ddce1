import { API_BASE, apiRequest } from "./api-client";

/** Signs out by the httpOnly refresh cookie (the access token had expired or was refused). */
async function endByCookie(role: "customer" | "lab"): Promise<void> {
  await fetch(`${API_BASE}/auth/logout`, {
    method: "POST",
    // The server refuses a cookie-only call without this header (CSRF).
    headers: { Accept: "application/json", "Content-Type": "application/json", "X-Requested-With": "fetch" },
    body: JSON.stringify({ role }),
    credentials: "same-origin",
  });
}

/**
 * Asks the server to end a session (POST /auth/logout takes a customer or a staff token) after this
 * device has already dropped it. With `byCookie`, a missing or refused token falls back to the refresh
 * cookie of that kind of account, so the session cannot be refreshed back to life. Best effort:
 * whatever the answer, the device is signed out.
 */
export function endServerSession(
  bearer: { token: string; tokenType: string } | null,
  byCookie?: "customer" | "lab",
): Promise<void> {
  const ended = bearer
    ? apiRequest("/auth/logout", { method: "POST", auth: false, bearer }).then(
        () => true,
        () => false,
      )
    : Promise.resolve(false);
  return ended
    .then((done) => (done || byCookie === undefined ? undefined : endByCookie(byCookie)))
    .catch(() => undefined);
}
