// Session rules of spec section 4: token storage, the expiry timer and logout.
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

/** Fires 60 s before expiry, immediately when under a minute remains. */
function scheduleExpiry(token: TokenData): void {
  cancelExpiryTimer();
  const delay = Math.max(0, token.expiresAt - Date.now() - LOGOUT_BEFORE_EXPIRY_S * 1000);
  expiryTimer = setTimeout(() => logout("expired"), delay);
}

function isExpired(token: TokenData, now = Date.now()): boolean {
  return token.expiresAt <= now;
}

/**
 * Reads the stored session on start-up. A stored user and a valid token mean signed in; an expired
 * token logs out (and clears storage); anything else is signed out.
 */
export function loadSession(): Session | null {
  const token = parseTokenData(readJson(TOKEN_DATA_KEY));
  const user = parseCustomer(readJson(CURRENT_USER_KEY));
  if (token && isExpired(token)) {
    logout("expired");
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
  return session;
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
  clearStorage();
  const wasSignedIn = session !== null;
  session = null;
  emit();
  if (wasSignedIn || reason === "expired") {
    for (const listener of logoutListeners) listener(reason);
  }
}

export function getSession(): Session | null {
  return session;
}

/** The current token; reading an expired token logs out and answers null. */
export function getToken(): TokenData | null {
  if (!session) return null;
  if (isExpired(session.token)) {
    logout("expired");
    return null;
  }
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
