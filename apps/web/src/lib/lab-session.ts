// The staff console's session: the lab instance of the one session store (lib/session-store.ts). Its
// token lives under `labToken` (with the staff member under `labStaff`), apart from the customer
// session of lib/auth, which it never reads or clears. It lives in lib because the API client
// (lib/api-client.ts) sends its token for `auth: "staff"` calls.
import { DEFAULT_LANGUAGE, STAFF_ROLES, isLanguageCode, type Staff, type StaffRole } from "@lab/contracts";

import { createSessionStore, type LogoutReason, type StoredSession } from "./session-store";

/**
 * The first part of every lab console query key: the shared query client (lib/query-client.ts)
 * drops these with the staff session and keeps them through the customer's sign-out.
 */
export const LAB_QUERY_ROOT = "lab";

export const LAB_TOKEN_KEY = "labToken";
export const LAB_STAFF_KEY = "labStaff";

export interface LabSession {
  staff: Staff;
  token: string;
  tokenType: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** "everywhere": the staff member ended every session of the account (sign out everywhere). */
export type LabSignOutReason = LogoutReason;

/** A staff record from storage or a refresh answer, checked by hand (as contracts' staffSchema). */
export function parseStaff(value: unknown): Staff | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, email, name, roles, language } = value as Record<string, unknown>;
  if (typeof id !== "number" || !Number.isInteger(id)) return null;
  if (typeof email !== "string" || typeof name !== "string") return null;
  // A session stored before staff had roles has none: the console then offers everything and the
  // server decides.
  const known = Array.isArray(roles)
    ? roles.filter((role): role is StaffRole => STAFF_ROLES.includes(role as StaffRole))
    : [];
  // A session stored before staff had a language has none: English, until the member picks one.
  return { id, email, name, roles: known, language: isLanguageCode(language) ? language : DEFAULT_LANGUAGE };
}

export const labSessionStore = createSessionStore<Staff>({
  keys: { token: LAB_TOKEN_KEY, user: LAB_STAFF_KEY },
  parseUser: parseStaff,
  refreshRole: "lab",
  refreshUserField: "staff",
  lockName: "portal-refresh-lab",
  // An expired staff token ends the console session (the sign-in page says so).
  restoreExpired: false,
});

// The console reads `{ staff, token, tokenType, expiresAt }`; one view per stored session keeps the
// snapshot stable for useSyncExternalStore.
const views = new WeakMap<StoredSession<Staff>, LabSession>();
function view(stored: StoredSession<Staff> | null): LabSession | null {
  if (!stored) return null;
  let known = views.get(stored);
  if (!known) {
    known = { staff: stored.user, ...stored.token };
    views.set(stored, known);
  }
  return known;
}

/** The stored session, read once; an expired or malformed one is cleared. */
export function getLabSession(): LabSession | null {
  return view(labSessionStore.getSession());
}

export function startLabSession(input: {
  staff: Staff;
  accessToken: string;
  expiresIn: number;
  tokenType: string;
}): LabSession {
  const started = labSessionStore.startSession({
    user: input.staff,
    token: input.accessToken,
    expiresIn: input.expiresIn,
    tokenType: input.tokenType,
  });
  return view(started) ?? { staff: input.staff, ...started.token };
}

/** Clears only the lab session (sign-out, expiry, or a token the server refused). */
export function endLabSession(reason: LabSignOutReason = "user"): void {
  labSessionStore.logout(reason);
}

/** Why the last session ended (for the sign-in page's notice); forgotten at the next sign-in. */
export function labSignOutReason(): LabSignOutReason | null {
  return labSessionStore.lastLogoutReason();
}

export function useLabSession(): LabSession | null {
  return view(labSessionStore.useSession());
}

/** Tests: forget the cached session so the next read comes from storage. */
export function resetLabSessionCache(): void {
  labSessionStore.forget();
}
