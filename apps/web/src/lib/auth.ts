// Session rules (docs/product-rules.md, Sessions): token storage, the expiry timer and logout; and the
// refresh session (docs/security.md): the server's httpOnly refresh cookie buys a new access token
// before the old one expires.
// The customer's instance of the one session store (lib/session-store.ts).
import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  type Customer,
  type MemberRole,
  type MemberScope,
} from "@lab/contracts";

import {
  createSessionStore,
  type LogoutReason as StoreLogoutReason,
  type StoredSession,
  type TokenData,
} from "./session-store";

export { REFRESH_PATH, REFRESH_RETRY_MS, isDue, type TokenData } from "./session-store";

export const AUTH_TOKEN_KEY = "authToken";
export const TOKEN_DATA_KEY = "tokenData";
export const CURRENT_USER_KEY = "currentUser";
/** sessionStorage: the address of a session that ended by itself, for the sign-in form. */
export const KEPT_EMAIL_KEY = "signInEmail";

export type Session = StoredSession<Customer>;

export type LogoutReason = Exclude<StoreLogoutReason, "everywhere">;

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

// Written out rather than imported: contracts' organisations module builds zod schemas, which the
// /login bundle must not carry. The Record types keep the lists complete.
const ROLES: Record<MemberRole, true> = { admin: true, full: true, results: true, billing: true };
const SCOPES: Record<MemberScope, true> = { own: true, all: true };
const isRole = (value: unknown): value is MemberRole => typeof value === "string" && value in ROLES;
const isScope = (value: unknown): value is MemberScope => typeof value === "string" && value in SCOPES;

/**
 * The organisation a stored record names; a record stored before organisations had none (each such
 * customer became the admin of their own, named after their company, until the server's answer says).
 */
function organisationOf(value: unknown, company: string | null): Customer["organisation"] {
  const record = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  return {
    id: typeof record.id === "number" && Number.isInteger(record.id) ? record.id : 0,
    name: text(record.name) ?? company ?? "",
  };
}

/**
 * A customer record from storage or a server answer, checked by hand: the session code stays on the
 * /login path, which must not carry zod (docs/architecture.md). Needs at least an id and a way to sign
 * in: an e-mail address or a mobile number (a member who signed up with a number may have no address).
 */
export function parseCustomer(value: unknown): Customer | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const email = text(record.email);
  const phoneNumber = text(record.phoneNumber);
  if (typeof record.id !== "number" || !Number.isInteger(record.id) || !(email ?? phoneNumber)) return null;
  const now = new Date().toISOString();
  return {
    id: record.id,
    email,
    fullName: text(record.fullName) ?? email ?? phoneNumber ?? "",
    company: text(record.company),
    phoneNumber,
    phoneVerified: record.phoneVerified === true,
    address: text(record.address),
    emailVerified: record.emailVerified !== false,
    defaultMarkets: Array.isArray(record.defaultMarkets)
      ? record.defaultMarkets.filter((code): code is string => typeof code === "string")
      : [],
    // A record stored before accounts had a language has none: English, the portal's default.
    language: isLanguageCode(record.language) ? record.language : DEFAULT_LANGUAGE,
    createdAt: text(record.createdAt) ?? now,
    updatedAt: text(record.updatedAt) ?? now,
    organisation: organisationOf(record.organisation, text(record.company)),
    role: isRole(record.role) ? record.role : "admin",
    scope: isScope(record.scope) ? record.scope : "all",
  };
}

export const customerSession = createSessionStore<Customer>({
  keys: { token: TOKEN_DATA_KEY, user: CURRENT_USER_KEY, rawToken: AUTH_TOKEN_KEY },
  parseUser: parseCustomer,
  refreshRole: "customer",
  refreshUserField: "customer",
  lockName: "portal-refresh",
  restoreExpired: true,
  userPath: (user) => `/api/customers/${user.id}`,
  keptEmailKey: KEPT_EMAIL_KEY,
});

/**
 * Trades the refresh cookie for a new access token and the current user (lib/session-refresh.ts).
 * Answers the new session, or null when there is none (signed out with `reason`) or no answer came
 * (offline; nothing changes).
 */
export const refreshSession = (reason: LogoutReason = "expired"): Promise<Session | null> =>
  customerSession.refreshSession(reason);

/** The session as stored (another tab may have written a newer one). */
export const readStoredSession = (): Session | null => customerSession.readStoredSession();

/** Takes over a session another tab stored (after its refresh). */
export const adoptSession = (next: Session): Session => customerSession.adoptSession(next);

/** The current token, refreshed first when it is due; null when signed out or offline. */
export const freshToken = (): Promise<TokenData | null> => customerSession.freshToken();

/**
 * Reads the stored session on start-up. A stored user and a valid token mean signed in (and the user
 * is reloaded from the server); a stored user without a valid token asks the server for a refresh
 * first (`isRestoring()` meanwhile), and signs out ("expired") if it has none; anything else is
 * signed out.
 */
export const loadSession = (): Session | null => customerSession.loadSession();

/** The person signed out by choice: sign-in starts afresh at the dashboard, not the page left. */
export const signedOutByChoice = (): boolean => customerSession.lastLogoutReason() === "user";

export const isRestoring = (): boolean => customerSession.isRestoring();

export const useRestoring = (): boolean => customerSession.useRestoring();

/** The address of the session that last ended by itself (expiry, ended elsewhere), for the sign-in form. */
export const keptSignInEmail = (): string => customerSession.keptSignInEmail();

/** After a successful login: store token and user, start the expiry timer. */
export const startSession = (input: {
  user: Customer;
  token: string;
  expiresIn?: number | undefined;
  tokenType?: string | undefined;
}): Session => customerSession.startSession(input);

/** Replaces the stored current user (after a profile load or update). */
export const updateCurrentUser = (user: Customer): void => customerSession.updateUser(user);

/** Clears user, stored user and token, cancels the expiry timer. */
export const logout = (reason: LogoutReason = "user"): void => customerSession.logout(reason);

export const getSession = (): Session | null => customerSession.getSession();

/**
 * The current token, or null when signed out or when it has expired (the session stays until a
 * refresh fails: see `freshToken`).
 */
export const getToken = (): TokenData | null => customerSession.getToken();

export const subscribe = (listener: () => void): (() => void) => customerSession.subscribe(listener);

/** The customer store has no "everywhere" (sign out everywhere ends with "user" here). */
export const onLogout = (listener: (reason: LogoutReason) => void): (() => void) =>
  customerSession.onLogout((reason) => listener(reason === "everywhere" ? "user" : reason));

export const useSession = (): Session | null => customerSession.useSession();

export function useUser(): Customer | null {
  return useSession()?.user ?? null;
}
