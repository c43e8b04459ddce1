// The staff console's own session: its token lives under `labToken` (with the staff member under
// `labStaff`), apart from the customer session of lib/auth, which it never reads or clears.
import { useSyncExternalStore } from "react";

import {
  LOGOUT_BEFORE_EXPIRY_S,
  TOKEN_DEFAULT_LIFETIME_S,
  TOKEN_DEFAULT_TYPE,
  labLoginResponseSchema,
  staffSchema,
  type Staff,
} from "@lab/contracts";

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
export type LabSignOutReason = "user" | "expired" | "unauthorized" | "everywhere";

let session: LabSession | null | undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
let lastReason: LabSignOutReason | null = null;
const listeners = new Set<() => void>();

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

function parseToken(value: unknown): Omit<LabSession, "staff"> | null {
  if (typeof value !== "object" || value === null) return null;
  const { token, tokenType, expiresAt } = value as Record<string, unknown>;
  if (typeof token !== "string" || token === "" || typeof expiresAt !== "number") return null;
  return { token, expiresAt, tokenType: typeof tokenType === "string" ? tokenType : TOKEN_DEFAULT_TYPE };
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** A minute before the token expires, the staff refresh cookie buys a new one (issue 13). */
function schedule(expiresAt: number): void {
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  const delay = Math.max(0, expiresAt - Date.now() - LOGOUT_BEFORE_EXPIRY_S * 1000);
  expiryTimer = setTimeout(() => void refreshLabSession(expiresAt), delay);
}

/**
 * POST /auth/refresh for the staff cookie. A refusal ends the console session; no answer (offline, a
 * server error) lets the current token run to its end.
 */
export async function refreshLabSession(expiresAt: number): Promise<void> {
  try {
    const response = await fetch("/api/auth/refresh", {
      method: "POST",
      // The server refuses a refresh without this header (CSRF).
      headers: {
        Accept: "application/json",
        "Content-Type": "application/json",
        "X-Requested-With": "fetch",
      },
      body: JSON.stringify({ role: "lab" }),
      credentials: "same-origin",
    });
    const answer = response.ok ? labLoginResponseSchema.safeParse(await response.json()) : null;
    // Signed out (or in again) while the answer was on its way: leave that alone.
    if (session?.expiresAt !== expiresAt) return;
    if (answer?.success) {
      startLabSession(answer.data);
      return;
    }
    if (response.status === 401 || response.status === 403) {
      endLabSession("expired");
      return;
    }
  } catch {
    // offline: fall through
  }
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  expiryTimer = setTimeout(() => endLabSession("expired"), Math.max(0, expiresAt - Date.now()));
}

/** The stored session, read once; an expired or malformed one is cleared. */
export function getLabSession(): LabSession | null {
  if (session === undefined) {
    const token = parseToken(readJson(LAB_TOKEN_KEY));
    const staff = staffSchema.safeParse(readJson(LAB_STAFF_KEY));
    session = token && staff.success ? { ...token, staff: staff.data } : null;
    if (session) schedule(session.expiresAt);
  }
  if (session && session.expiresAt <= Date.now()) {
    endLabSession("expired");
    return null;
  }
  return session;
}

export function startLabSession(input: {
  staff: Staff;
  accessToken: string;
  expiresIn: number;
  tokenType: string;
}): LabSession {
  const lifetime = input.expiresIn > 0 ? input.expiresIn : TOKEN_DEFAULT_LIFETIME_S;
  session = {
    staff: input.staff,
    token: input.accessToken,
    tokenType: input.tokenType || TOKEN_DEFAULT_TYPE,
    expiresAt: Date.now() + lifetime * 1000,
  };
  const { staff, ...token } = session;
  storage()?.setItem(LAB_TOKEN_KEY, JSON.stringify(token));
  storage()?.setItem(LAB_STAFF_KEY, JSON.stringify(staff));
  lastReason = null;
  schedule(session.expiresAt);
  emit();
  return session;
}

/** Clears only the lab session (sign-out, expiry, or a token the server refused). */
export function endLabSession(reason: LabSignOutReason = "user"): void {
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  expiryTimer = undefined;
  storage()?.removeItem(LAB_TOKEN_KEY);
  storage()?.removeItem(LAB_STAFF_KEY);
  const had = session !== null && session !== undefined;
  session = null;
  if (had || reason !== "user") lastReason = reason;
  emit();
}

/** Why the last session ended (for the sign-in page's notice); forgotten at the next sign-in. */
export function labSignOutReason(): LabSignOutReason | null {
  return lastReason;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLabSession(): LabSession | null {
  return useSyncExternalStore(subscribe, getLabSession, getLabSession);
}

/** Tests: forget the cached session so the next read comes from storage. */
export function resetLabSessionCache(): void {
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  expiryTimer = undefined;
  session = undefined;
  lastReason = null;
}
