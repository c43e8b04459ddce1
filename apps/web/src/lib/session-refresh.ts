// The refresh session (issue 13): the server's httpOnly cookie buys a new access token. Loaded on
// demand by lib/auth.ts, so the sign-in page does not carry it.
import {
  REFRESH_PATH,
  adoptSession,
  getSession,
  isDue,
  logout,
  parseCustomer,
  readStoredSession,
  refreshSession as refreshViaAuth,
  startSession,
  updateCurrentUser,
  type LogoutReason,
  type Session,
} from "./auth";

let refreshing: Promise<Session | null> | null = null;

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;

async function askServer(reason: LogoutReason): Promise<Session | null> {
  // Another tab may have refreshed while this one waited for the lock: take its token.
  const stored = readStoredSession();
  if (stored && stored.token.token !== getSession()?.token.token && !isDue(stored.token)) {
    return adoptSession(stored);
  }
  const before = getSession();
  let response: Response;
  try {
    response = await fetch(REFRESH_PATH, {
      method: "POST",
      // The server refuses a refresh without this header (CSRF): a cross-site form cannot add it.
      headers: { Accept: "application/json", "X-Requested-With": "fetch" },
      credentials: "same-origin",
    });
  } catch {
    return null; // offline: the session stays; the caller decides
  }
  const body = response.ok ? asRecord(await response.json().catch(() => null)) : null;
  // Signed out here while the answer was on its way: it must not sign the person back in.
  if (before !== null && getSession() === null) return null;
  const user = parseCustomer(body?.customer);
  const token = body && typeof body.accessToken === "string" ? body.accessToken : "";
  if (!body || !user || !token) {
    // Refused: the session is over. Anything else (a 5xx, 429) keeps it, like being offline.
    if (response.status === 401 || response.status === 403) logout(reason);
    return null;
  }
  return startSession({
    user,
    token,
    expiresIn: typeof body.expiresIn === "number" ? body.expiresIn : undefined,
    tokenType: typeof body.tokenType === "string" ? body.tokenType : undefined,
  });
}

/**
 * One request at a time in this tab, and one across tabs where the browser has Web Locks: the
 * rotated cookie is single-use, and a second tab presenting the old one would look like theft.
 */
export function refreshSession(reason: LogoutReason): Promise<Session | null> {
  if (refreshing) return refreshing;
  const run = () => askServer(reason);
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  const flight = (async () => {
    try {
      return locks ? await locks.request("portal-refresh", run) : await run();
    } finally {
      refreshing = null;
    }
  })();
  refreshing = flight;
  return flight;
}

/** Start-up: the user from the server, so a name changed on another device shows here too. */
export async function reloadUser(current: Session): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/customers/${current.user.id}`, {
      headers: {
        Accept: "application/json",
        Authorization: `${current.token.tokenType} ${current.token.token}`,
      },
    });
  } catch {
    return;
  }
  if (response.status === 401) {
    await refreshViaAuth("unauthorized");
    return;
  }
  const user = response.ok ? parseCustomer(await response.json().catch(() => null)) : null;
  if (user && getSession()?.user.id === user.id) updateCurrentUser(user);
}
