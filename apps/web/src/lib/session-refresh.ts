// The refresh session (docs/security.md): the server's httpOnly cookie buys a new access token.
// Loaded on demand by lib/session-store.ts, so the sign-in page does not carry it. One module for both
// sessions: the store says which cookie (role), where the user is in the answer, and which lock.
import { isOffline } from "./network";
import {
  REFRESH_PATH,
  isDue,
  type LogoutReason,
  type SessionStore,
  type SessionUser,
  type StoredSession,
} from "./session-store";

/** One request at a time per store (the customer's and the lab's refresh cookies are apart). */
const inFlight = new WeakMap<object, Promise<unknown>>();

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;

async function askServer<U extends SessionUser>(
  store: SessionStore<U>,
  reason: LogoutReason,
): Promise<StoredSession<U> | null> {
  // Another tab may have refreshed while this one waited for the lock: take its token.
  const stored = store.readStoredSession();
  if (stored && stored.token.token !== store.getSession()?.token.token && !isDue(stored.token)) {
    return store.adoptSession(stored);
  }
  const before = store.getSession();
  if (isOffline()) return null; // no answer can come: the store tries again on `online`
  let response: Response;
  try {
    response = await fetch(REFRESH_PATH, {
      method: "POST",
      // The server refuses a refresh without this header (CSRF): a cross-site form cannot add it.
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        "X-Requested-With": "fetch",
      },
      body: JSON.stringify({ role: store.options.refreshRole }),
      credentials: "same-origin",
    });
  } catch {
    return null; // offline: the session stays; the caller decides
  }
  const body = response.ok ? asRecord(await response.json().catch(() => null)) : null;
  // Signed out here while the answer was on its way: it must not sign the person back in.
  if (before !== null && store.getSession() === null) return null;
  const user = store.options.parseUser(body?.[store.options.refreshUserField]);
  const token = body && typeof body.accessToken === "string" ? body.accessToken : "";
  if (!body || !user || !token) {
    // Refused: the session is over. Anything else (a 5xx, 429) keeps it, like being offline.
    if (response.status === 401 || response.status === 403) store.logout(reason);
    return null;
  }
  return store.startSession({
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
export function refreshSession<U extends SessionUser>(
  store: SessionStore<U>,
  reason: LogoutReason,
): Promise<StoredSession<U> | null> {
  const pending = inFlight.get(store) as Promise<StoredSession<U> | null> | undefined;
  if (pending) return pending;
  const run = () => askServer(store, reason);
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  const flight = (async () => {
    try {
      return locks ? await locks.request(store.options.lockName, run) : await run();
    } finally {
      inFlight.delete(store);
    }
  })();
  inFlight.set(store, flight);
  return flight;
}

/** Start-up: the user from the server, so a name changed on another device shows here too. */
export async function reloadUser<U extends SessionUser>(
  store: SessionStore<U>,
  current: StoredSession<U>,
  path: string,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: {
        Accept: "application/json",
        Authorization: `${current.token.tokenType} ${current.token.token}`,
      },
    });
  } catch {
    return;
  }
  if (response.status === 401) {
    await store.refreshSession("unauthorized");
    return;
  }
  const user = response.ok ? store.options.parseUser(await response.json().catch(() => null)) : null;
  if (user && store.getSession()?.user.id === user.id) store.updateUser(user);
}
