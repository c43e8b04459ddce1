// One session store, built twice: the customer session (lib/auth.ts) and the lab staff session
// (lib/lab-session.ts). Token storage, the refresh timer, the refresh cookie (lib/session-refresh.ts),
// sign-out and its listeners are written here once; the options say where the two differ.
// No zod here: the customer store is on the /login path (its budget, docs/architecture.md).
import { useSyncExternalStore } from "react";

import { LOGOUT_BEFORE_EXPIRY_S, TOKEN_DEFAULT_LIFETIME_S, TOKEN_DEFAULT_TYPE } from "@lab/contracts";

import { backoffDelay, isOffline } from "./network";

export const REFRESH_PATH = "/api/auth/refresh";
/**
 * An unanswered due refresh (the server busy or unreachable) is tried again after this, doubling up
 * to REFRESH_RETRY_CAP_MS, half of each step jitter. While the browser is offline it is not tried:
 * the `online` event brings it back.
 */
export const REFRESH_RETRY_MS = 30_000;
export const REFRESH_RETRY_CAP_MS = 10 * 60_000;

export interface TokenData {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  tokenType: string;
}

export interface StoredSession<U extends SessionUser> {
  user: U;
  token: TokenData;
}

/** "everywhere": every session of the account was ended (sign out everywhere; the lab console). */
export type LogoutReason = "user" | "expired" | "unauthorized" | "everywhere";

/** The refresh cookie's role (POST /auth/refresh `{ role }`). */
export type RefreshRole = "customer" | "lab";

/**
 * What both kinds of account have: an id (the reload check) and an address for the sign-in form
 * (null for a customer who signs in with a mobile number only).
 */
export interface SessionUser {
  id: number;
  email: string | null;
}

export interface SessionStoreOptions<U extends SessionUser> {
  /** localStorage keys: the token data `{ token, expiresAt, tokenType }` and the user. */
  keys: { token: string; user: string; rawToken?: string };
  /** Checks a stored or answered user by hand; at least the fields the screens need. */
  parseUser: (value: unknown) => U | null;
  refreshRole: RefreshRole;
  /** Where the refresh answer carries the user (`customer`, `staff`). */
  refreshUserField: string;
  /** The Web Lock shared by the tabs for this refresh cookie (it is single-use). */
  lockName: string;
  /**
   * true (customer): a stored user whose token expired asks the refresh cookie at start-up, and an
   * expired token stays until a refresh decides. false (lab): an expired token ends the session.
   */
  restoreExpired: boolean;
  /** Start-up: reloads the user from this path, so a change made on another device shows. */
  userPath?: (user: U) => string;
  /** sessionStorage key that keeps the address of a session that ended by itself (the sign-in form). */
  keptEmailKey?: string;
}

type Listener = () => void;
type LogoutListener = (reason: LogoutReason) => void;

export interface SessionStore<U extends SessionUser> {
  readonly options: SessionStoreOptions<U>;
  loadSession: () => StoredSession<U> | null;
  getSession: () => StoredSession<U> | null;
  getToken: () => TokenData | null;
  freshToken: () => Promise<TokenData | null>;
  refreshSession: (reason?: LogoutReason) => Promise<StoredSession<U> | null>;
  readStoredSession: () => StoredSession<U> | null;
  adoptSession: (next: StoredSession<U>) => StoredSession<U>;
  startSession: (input: {
    user: U;
    token: string;
    expiresIn?: number | undefined;
    tokenType?: string | undefined;
  }) => StoredSession<U>;
  updateUser: (user: U) => void;
  logout: (reason?: LogoutReason) => void;
  lastLogoutReason: () => LogoutReason | null;
  isRestoring: () => boolean;
  keptSignInEmail: () => string;
  subscribe: (listener: Listener) => () => void;
  onLogout: (listener: LogoutListener) => () => void;
  useSession: () => StoredSession<U> | null;
  useRestoring: () => boolean;
  /** Tests: forget the session held in memory so the next read comes from storage. */
  forget: () => void;
}

function local(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function perTab(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  const raw = local()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function parseTokenData(value: unknown): TokenData | null {
  if (typeof value !== "object" || value === null) return null;
  const { token, expiresAt, tokenType } = value as Record<string, unknown>;
  if (typeof token !== "string" || token.length === 0) return null;
  const expiry = typeof expiresAt === "number" ? expiresAt : Date.parse(String(expiresAt));
  if (!Number.isFinite(expiry)) return null;
  return {
    token,
    expiresAt: expiry,
    tokenType: typeof tokenType === "string" ? tokenType : TOKEN_DEFAULT_TYPE,
  };
}

/** True when the token is gone or has under a minute left: time to refresh. */
export const isDue = (token: TokenData, now = Date.now()): boolean =>
  token.expiresAt - now <= LOGOUT_BEFORE_EXPIRY_S * 1000;

const isExpired = (token: TokenData, now = Date.now()): boolean => token.expiresAt <= now;

// The refresh code is its own chunk: the /login page (its budget, docs/architecture.md) never needs it.
const refresher = () => import("./session-refresh");

export function createSessionStore<U extends SessionUser>(options: SessionStoreOptions<U>): SessionStore<U> {
  const { keys, parseUser, restoreExpired } = options;
  /** undefined: storage not read yet (the lab store reads it on first use). */
  let session: StoredSession<U> | null | undefined = restoreExpired ? null : undefined;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastReason: LogoutReason | null = null;
  let restoring = false;
  let watching = false;
  const listeners = new Set<Listener>();
  const logoutListeners = new Set<LogoutListener>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const clearStorage = () => {
    const store = local();
    if (keys.rawToken) store?.removeItem(keys.rawToken);
    store?.removeItem(keys.token);
    store?.removeItem(keys.user);
  };

  let refreshFailures = 0;
  const cancelExpiryTimer = () => {
    if (expiryTimer !== undefined) clearTimeout(expiryTimer);
    expiryTimer = undefined;
  };

  /**
   * Refreshes 60 s before expiry (at once when under a minute remains); a refused refresh signs out,
   * an unanswered one (offline) is tried again every 30 s. Without `restoreExpired`, the session ends
   * when its token does.
   */
  const scheduleExpiry = (token: TokenData) => {
    cancelExpiryTimer();
    refreshFailures = 0;
    const delay = Math.max(0, token.expiresAt - Date.now() - LOGOUT_BEFORE_EXPIRY_S * 1000);
    expiryTimer = setTimeout(() => void refreshDue(), delay);
  };

  const refreshDue = async (): Promise<void> => {
    const current = session?.token;
    if (!restoreExpired && current && isExpired(current)) {
      store.logout("expired");
      return;
    }
    const refreshed = await store.refreshSession("expired");
    const left = session?.token;
    if (!refreshed && left) {
      cancelExpiryTimer();
      const untilExpiry = Math.max(0, left.expiresAt - Date.now());
      // Offline: nothing to try until `online` (watchVisibility); a lab session still ends on time.
      if (isOffline()) {
        if (!restoreExpired) expiryTimer = setTimeout(() => void refreshDue(), untilExpiry);
        return;
      }
      refreshFailures += 1;
      const retry = backoffDelay(refreshFailures, { baseMs: REFRESH_RETRY_MS, capMs: REFRESH_RETRY_CAP_MS });
      const delay = restoreExpired ? retry : Math.min(retry, untilExpiry);
      expiryTimer = setTimeout(() => void refreshDue(), delay);
    }
  };

  /** A phone waking up or a tab brought back: timers may have slept through the expiry. */
  const onVisible = () => {
    if (document.visibilityState === "visible" && session && isDue(session.token)) void refreshDue();
  };

  const watchVisibility = () => {
    if (watching || typeof document === "undefined") return;
    watching = true;
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("online", onVisible);
  };

  const readStored = (): StoredSession<U> | null => {
    const token = parseTokenData(readJson(keys.token));
    const user = parseUser(readJson(keys.user));
    return token && user ? { token, user } : null;
  };

  /**
   * Reads the stored session. A stored user and a valid token mean signed in (and the user is
   * reloaded when `userPath` is set). A stored user without a valid token asks the server for a
   * refresh first when `restoreExpired` (`isRestoring()` meanwhile), else ends the session
   * ("expired"); anything else is signed out.
   */
  const load = (notify: boolean): StoredSession<U> | null => {
    watchVisibility();
    const token = parseTokenData(readJson(keys.token));
    const user = parseUser(readJson(keys.user));
    if (user && (!token || isExpired(token)) && restoreExpired) {
      session = null;
      restoring = true;
      emit();
      void store.refreshSession("expired").finally(() => {
        restoring = false;
        emit();
      });
      return null;
    }
    if (user && token && isExpired(token)) {
      session = null;
      store.logout("expired");
      return null;
    }
    if (!token || !user) {
      if (session) store.logout("user");
      else clearStorage();
      session = null;
      return null;
    }
    const loaded = { user, token };
    session = loaded;
    scheduleExpiry(token);
    if (notify) emit();
    const { userPath } = options;
    if (userPath) {
      void refresher().then(
        (module) => module.reloadUser(store, loaded, userPath(loaded.user)),
        () => undefined,
      );
    }
    return loaded;
  };

  const store: SessionStore<U> = {
    options,

    /** Start-up: reads the stored session (see `load`). */
    loadSession() {
      return load(true);
    },

    getSession() {
      // The lab store reads storage on first use (quietly: this may run while React renders).
      if (session === undefined) load(false);
      const current = session ?? null;
      if (current && !restoreExpired && isExpired(current.token)) {
        store.logout("expired");
        return null;
      }
      return current;
    },

    /**
     * The current token, or null when signed out or when it has expired (with `restoreExpired` the
     * session stays until a refresh fails: see `freshToken`).
     */
    getToken() {
      const current = store.getSession();
      if (!current || isExpired(current.token)) return null;
      return current.token;
    },

    /** The current token, refreshed first when it is due; null when signed out or offline. */
    async freshToken() {
      const current = store.getToken();
      if (current && !isDue(current)) return current;
      if (!session && !readJson(keys.user)) return null;
      return (await store.refreshSession("expired"))?.token ?? store.getToken();
    },

    /**
     * Trades the refresh cookie for a new access token and the current user (lib/session-refresh.ts).
     * Answers the new session, or null when there is none (signed out with `reason`) or no answer
     * came (offline; nothing changes).
     */
    async refreshSession(reason = "expired") {
      try {
        return await (await refresher()).refreshSession(store, reason);
      } catch {
        return null; // the chunk could not load: offline
      }
    },

    /** The session as stored (another tab may have written a newer one). */
    readStoredSession: readStored,

    /** Takes over a session another tab stored (after its refresh). */
    adoptSession(next) {
      session = next;
      scheduleExpiry(next.token);
      emit();
      return next;
    },

    /** After a sign-in or a refresh: store token and user, start the expiry timer. */
    startSession(input) {
      watchVisibility();
      const lifetime = input.expiresIn && input.expiresIn > 0 ? input.expiresIn : TOKEN_DEFAULT_LIFETIME_S;
      const token: TokenData = {
        token: input.token,
        expiresAt: Date.now() + lifetime * 1000,
        tokenType: input.tokenType || TOKEN_DEFAULT_TYPE,
      };
      const storage = local();
      if (keys.rawToken) storage?.setItem(keys.rawToken, token.token);
      storage?.setItem(keys.token, JSON.stringify(token));
      storage?.setItem(keys.user, JSON.stringify(input.user));
      if (options.keptEmailKey) perTab()?.removeItem(options.keptEmailKey);
      lastReason = null;
      const started = { user: input.user, token };
      session = started;
      scheduleExpiry(token);
      emit();
      return started;
    },

    /** Replaces the stored user (after a profile load or update). */
    updateUser(user) {
      if (!session) return;
      session = { ...session, user };
      local()?.setItem(keys.user, JSON.stringify(user));
      emit();
    },

    /** Clears the session and its storage (this store's keys only), cancels the expiry timer. */
    logout(reason = "user") {
      cancelExpiryTimer();
      const { keptEmailKey } = options;
      if (keptEmailKey && reason !== "user") {
        // A session that ended by itself keeps its address for the sign-in form (this tab only).
        const user = session?.user ?? parseUser(readJson(keys.user));
        if (user?.email) perTab()?.setItem(keptEmailKey, user.email);
      }
      clearStorage();
      const wasSignedIn = session !== null && session !== undefined;
      // A sign-out by choice is remembered until the next sign-in; an end without a session (a
      // stored one that expired) still tells the sign-in page why.
      if (wasSignedIn || (reason !== "user" && lastReason !== "user")) lastReason = reason;
      session = null;
      emit();
      if (wasSignedIn || reason === "expired") {
        for (const listener of logoutListeners) listener(reason);
      }
    },

    /** Why the last session here ended; null after a sign-in. */
    lastLogoutReason: () => lastReason,

    /** True while start-up asks the server for a session (the route guards wait). */
    isRestoring: () => restoring,

    /** The address of the session that last ended by itself (expiry, ended elsewhere). */
    keptSignInEmail() {
      return options.keptEmailKey ? (perTab()?.getItem(options.keptEmailKey) ?? "") : "";
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    onLogout(listener) {
      logoutListeners.add(listener);
      return () => logoutListeners.delete(listener);
    },

    useSession() {
      return useSyncExternalStore(store.subscribe, store.getSession, store.getSession);
    },

    useRestoring() {
      return useSyncExternalStore(store.subscribe, store.isRestoring, store.isRestoring);
    },

    forget() {
      cancelExpiryTimer();
      session = restoreExpired ? null : undefined;
      lastReason = null;
      restoring = false;
    },
  };
  return store;
}
