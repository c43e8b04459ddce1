// Session rules of spec section 4: token storage, the expiry timer and logout; and the refresh session
// (issue 13): the server's httpOnly refresh cookie buys a new access token before the old one expires.
import { useSyncExternalStore } from "react";

import {
  LOGOUT_BEFORE_EXPIRY_S,
  TOKEN_DEFAULT_LIFETIME_S,
  TOKEN_DEFAULT_TYPE,
  type Customer,
} from "@lab/contracts";

export const AUTH_TOKEN_KEY = "authToken";
export const TOKEN_DATA_KEY = "tokenData";
export const CURRENT_USER_KEY = "currentUser";
/** sessionStorage: the address of a session that ended by itself, for the sign-in form. */
export const KEPT_EMAIL_KEY = "signInEmail";
export const REFRESH_PATH = "/api/auth/refresh";
/** While offline, a due refresh is tried again this often. */
export const REFRESH_RETRY_MS = 30_000;

export interface TokenData {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  tokenType: string;
}

export interface Session {
  user: Customer;
  token: TokenData;
}

export type LogoutReason = "user" | "expired" | "unauthorized";

type Listener = () => void;
type LogoutListener = (reason: LogoutReason) => void;

let session: Session | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
/** Why the last session here ended; null after a sign-in. */
let lastLogoutReason: LogoutReason | null = null;
/** True while start-up asks the server for a session (the route guards wait). */
let restoring = false;
const listeners = new Set<Listener>();
const logoutListeners = new Set<LogoutListener>();

function emit(): void {
  for (const listener of listeners) listener();
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * A customer record from storage or a server answer, checked by hand: the session code stays on the
 * /login path, which must not carry zod (DESIGN.md section 10). Needs at least id and email.
 */
export function parseCustomer(value: unknown): Customer | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const email = text(record.email);
  if (typeof record.id !== "number" || !Number.isInteger(record.id) || !email) return null;
  const now = new Date().toISOString();
  return {
    id: record.id,
    email,
    fullName: text(record.fullName) ?? email,
    company: text(record.company),
    phoneNumber: text(record.phoneNumber),
    address: text(record.address),
    emailVerified: record.emailVerified !== false,
    createdAt: text(record.createdAt) ?? now,
    updatedAt: text(record.updatedAt) ?? now,
  };
}

function parseTokenData(value: unknown): TokenData | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const { token, expiresAt, tokenType } = record;
  if (typeof token !== "string" || token.length === 0) return null;
  const expiry = typeof expiresAt === "number" ? expiresAt : Date.parse(String(expiresAt));
  if (!Number.isFinite(expiry)) return null;
  return {
    token,
    expiresAt: expiry,
    tokenType: typeof tokenType === "string" ? tokenType : TOKEN_DEFAULT_TYPE,
  };
}

function clearStorage(): void {
  const store = storage();
  store?.removeItem(AUTH_TOKEN_KEY);
  store?.removeItem(TOKEN_DATA_KEY);
  store?.removeItem(CURRENT_USER_KEY);
}

function cancelExpiryTimer(): void {
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  expiryTimer = undefined;
}

/** True when the token is gone or has under a minute left: time to refresh. */
export const isDue = (token: TokenData, now = Date.now()): boolean =>
  token.expiresAt - now <= LOGOUT_BEFORE_EXPIRY_S * 1000;

// The refresh code is its own chunk: the /login page (DESIGN.md section 10 budget) never needs it.
const refresher = () => import("./session-refresh");

/**
 * Refreshes 60 s before expiry (at once when under a minute remains); a failed refresh signs out, an
 * unanswered one (offline) is tried again every 30 s.
 */
function scheduleExpiry(token: TokenData): void {
  cancelExpiryTimer();
  const delay = Math.max(0, token.expiresAt - Date.now() - LOGOUT_BEFORE_EXPIRY_S * 1000);
  expiryTimer = setTimeout(() => void refreshDue(), delay);
}

async function refreshDue(): Promise<void> {
  const refreshed = await refreshSession("expired");
  if (!refreshed && session) {
    cancelExpiryTimer();
    expiryTimer = setTimeout(() => void refreshDue(), REFRESH_RETRY_MS);
  }
}

/** A phone waking up or a tab brought back: timers may have slept through the expiry. */
function onVisible(): void {
  if (document.visibilityState === "visible" && session && isDue(session.token)) void refreshDue();
}

let watching = false;
function watchVisibility(): void {
  if (watching || typeof document === "undefined") return;
  watching = true;
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("online", onVisible);
}

/**
 * Trades the refresh cookie for a new access token and the current user (lib/session-refresh.ts).
 * Answers the new session, or null when there is none (signed out with `reason`) or no answer came
 * (offline; nothing changes).
 */
export async function refreshSession(reason: LogoutReason = "expired"): Promise<Session | null> {
  try {
    return await (await refresher()).refreshSession(reason);
  } catch {
    return null; // the chunk could not load: offline
  }
}

/** The session as stored (another tab may have written a newer one). */
export function readStoredSession(): Session | null {
  const token = parseTokenData(readJson(TOKEN_DATA_KEY));
  const user = parseCustomer(readJson(CURRENT_USER_KEY));
  return token && user ? { token, user } : null;
}

/** Takes over a session another tab stored (after its refresh). */
export function adoptSession(next: Session): Session {
  session = next;
  scheduleExpiry(next.token);
  emit();
  return next;
}

/** The current token, refreshed first when it is due; null when signed out or offline. */
export async function freshToken(): Promise<TokenData | null> {
  const current = getToken();
  if (current && !isDue(current)) return current;
  if (!session && !readJson(CURRENT_USER_KEY)) return null;
  return (await refreshSession("expired"))?.token ?? getToken();
}

function isExpired(token: TokenData, now = Date.now()): boolean {
  return token.expiresAt <= now;
}

/**
 * Reads the stored session on start-up. A stored user and a valid token mean signed in (and the user
 * is reloaded from the server); a stored user without a valid token asks the server for a refresh
 * first (`isRestoring()` meanwhile), and signs out ("expired") if it has none; anything else is
 * signed out.
 */
export function loadSession(): Session | null {
  watchVisibility();
  const token = parseTokenData(readJson(TOKEN_DATA_KEY));
  const user = parseCustomer(readJson(CURRENT_USER_KEY));
  if (user && (!token || isExpired(token))) {
    restoring = true;
    emit();
    void refreshSession("expired").finally(() => {
      restoring = false;
      emit();
    });
    return null;
  }
  if (!token || !user) {
    if (session) logout("user");
    else clearStorage();
    return null;
  }
  session = { user, token };
  scheduleExpiry(token);
  emit();
  // The user from the server, so a name changed on another device shows here too.
  const current = session;
  void refresher().then(
    (module) => module.reloadUser(current),
    () => undefined,
  );
  return session;
}

/** The person signed out by choice: sign-in starts afresh at the dashboard, not the page left. */
export function signedOutByChoice(): boolean {
  return lastLogoutReason === "user";
}

export function isRestoring(): boolean {
  return restoring;
}

export function useRestoring(): boolean {
  return useSyncExternalStore(subscribe, isRestoring, isRestoring);
}

function sessionStore(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The address of the session that last ended by itself (expiry, ended elsewhere), for the sign-in form. */
export function keptSignInEmail(): string {
  return sessionStore()?.getItem(KEPT_EMAIL_KEY) ?? "";
}

/** After a successful login: store token and user, start the expiry timer. */
export function startSession(input: {
  user: Customer;
  token: string;
  expiresIn?: number | undefined;
  tokenType?: string | undefined;
}): Session {
  const lifetime = input.expiresIn && input.expiresIn > 0 ? input.expiresIn : TOKEN_DEFAULT_LIFETIME_S;
  const token: TokenData = {
    token: input.token,
    expiresAt: Date.now() + lifetime * 1000,
    tokenType: input.tokenType || TOKEN_DEFAULT_TYPE,
  };
  const store = storage();
  store?.setItem(AUTH_TOKEN_KEY, token.token);
  store?.setItem(TOKEN_DATA_KEY, JSON.stringify(token));
  store?.setItem(CURRENT_USER_KEY, JSON.stringify(input.user));
  sessionStore()?.removeItem(KEPT_EMAIL_KEY);
  lastLogoutReason = null;
  session = { user: input.user, token };
  scheduleExpiry(token);
  emit();
  return session;
}

/** Replaces the stored current user (after a profile load or update). */
export function updateCurrentUser(user: Customer): void {
  if (!session) return;
  session = { ...session, user };
  storage()?.setItem(CURRENT_USER_KEY, JSON.stringify(user));
  emit();
}

/** Clears user, stored user and token, cancels the expiry timer. */
export function logout(reason: LogoutReason = "user"): void {
  cancelExpiryTimer();
  // A session that ended by itself keeps its address for the sign-in form (this tab only).
  const email = session?.user.email ?? parseCustomer(readJson(CURRENT_USER_KEY))?.email;
  if (reason !== "user" && email) sessionStore()?.setItem(KEPT_EMAIL_KEY, email);
  clearStorage();
  const wasSignedIn = session !== null;
  if (wasSignedIn) lastLogoutReason = reason;
  session = null;
  emit();
  if (wasSignedIn || reason === "expired") {
    for (const listener of logoutListeners) listener(reason);
  }
}

export function getSession(): Session | null {
  return session;
}

/**
 * The current token, or null when signed out or when it has expired (the session stays until a
 * refresh fails: see `freshToken`).
 */
export function getToken(): TokenData | null {
  if (!session || isExpired(session.token)) return null;
  return session.token;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function onLogout(listener: LogoutListener): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export function useUser(): Customer | null {
  return useSession()?.user ?? null;
}
