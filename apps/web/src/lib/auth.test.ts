import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";

import {
  AUTH_TOKEN_KEY,
  CURRENT_USER_KEY,
  KEPT_EMAIL_KEY,
  REFRESH_RETRY_MS,
  TOKEN_DATA_KEY,
  getSession,
  getToken,
  isRestoring,
  keptSignInEmail,
  loadSession,
  logout,
  onLogout,
  refreshSession,
  startSession,
} from "./auth";

const renamed = { ...customer, fullName: "Lakshmi Devi (renamed)" };
/** POST /api/auth/refresh answering a new token and the server's current user. */
const refreshOk = (token = "refreshed-jwt") => ({
  status: 200,
  body: { customer: renamed, accessToken: token, expiresIn: 3600, tokenType: "Bearer" },
});
const refused = {
  status: 401,
  body: { error: "Your session has ended. Please sign in again.", code: "unauthenticated" },
};

const storeSession = (expiresAt: number) => {
  window.localStorage.setItem(AUTH_TOKEN_KEY, "stored-token");
  window.localStorage.setItem(
    TOKEN_DATA_KEY,
    JSON.stringify({ token: "stored-token", expiresAt, tokenType: "Bearer" }),
  );
  window.localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(customer));
};

const storageIsEmpty = () =>
  [AUTH_TOKEN_KEY, TOKEN_DATA_KEY, CURRENT_USER_KEY].every(
    (key) => window.localStorage.getItem(key) === null,
  );

describe("session", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2024-05-01T08:00:00Z"));
  });
  afterEach(() => {
    logout();
    window.sessionStorage.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("startSession: stores authToken, tokenData {token, expiresAt, tokenType} and the user", () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600, tokenType: "Bearer" });
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe("jwt");
    expect(JSON.parse(window.localStorage.getItem(TOKEN_DATA_KEY) ?? "null")).toEqual({
      token: "jwt",
      expiresAt: Date.now() + 3600 * 1000,
      tokenType: "Bearer",
    });
    expect(getSession()?.user).toEqual(customer);
  });

  it("startSession without expiresIn or tokenType: uses 3600 s and Bearer", () => {
    startSession({ user: customer, token: "jwt" });
    expect(getSession()?.token).toEqual({
      token: "jwt",
      expiresAt: Date.now() + 3600 * 1000,
      tokenType: "Bearer",
    });
  });

  it("expiry timer: refreshes 60 s before the token expires, not earlier; the new token and user replace the old", async () => {
    const { callsTo } = mockFetch({ "POST /api/auth/refresh": refreshOk() });
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    vi.advanceTimersByTime((3600 - 60) * 1000 - 1);
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(getSession()?.token.token).toBe("refreshed-jwt"));
    const [call] = callsTo("POST", "/api/auth/refresh");
    expect(call?.headers["X-Requested-With"]).toBe("fetch");
    expect(getSession()?.user.fullName).toBe("Lakshmi Devi (renamed)");
    expect(JSON.parse(window.localStorage.getItem(TOKEN_DATA_KEY) ?? "null")).toMatchObject({
      token: "refreshed-jwt",
    });
  });

  it("expiry timer with the refresh refused (401): signs out 'expired', clears storage, keeps the e-mail for sign-in", async () => {
    mockFetch({ "POST /api/auth/refresh": refused });
    const reasons: string[] = [];
    const stop = onLogout((reason) => reasons.push(reason));
    startSession({ user: customer, token: "jwt", expiresIn: 30 });
    vi.advanceTimersByTime(0);
    await vi.waitFor(() => expect(getSession()).toBeNull());
    expect(storageIsEmpty()).toBe(true);
    expect(reasons).toEqual(["expired"]);
    expect(keptSignInEmail()).toBe(customer.email);
    stop();
  });

  it("expiry timer, refresh unanswered while online: stays signed in, tries again after 30 s, then 60 s (half of each jitter)", async () => {
    vi.spyOn(Math, "random").mockReturnValue(1);
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        calls += 1;
        if (calls <= 2) throw new TypeError("Failed to fetch");
        const answer = refreshOk();
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }),
    );
    startSession({ user: customer, token: "jwt", expiresIn: 30 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    expect(getSession()?.token.token).toBe("jwt");
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS - 1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2 * REFRESH_RETRY_MS - 1);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(getSession()?.token.token).toBe("refreshed-jwt"));
    expect(calls).toBe(3);
  });

  it("expiry timer offline: stays signed in, asks nothing while offline, refreshes on the online event", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const { callsTo } = mockFetch({ "POST /api/auth/refresh": refreshOk() });
    startSession({ user: customer, token: "jwt", expiresIn: 30 });
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(0);
    expect(getSession()?.token.token).toBe("jwt");

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(getSession()?.token.token).toBe("refreshed-jwt"));
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
  });

  it("concurrent refreshes share one request", async () => {
    const { callsTo } = mockFetch({ "POST /api/auth/refresh": refreshOk() });
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const results = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
    expect(results.map((result) => result?.token.token)).toEqual([
      "refreshed-jwt",
      "refreshed-jwt",
      "refreshed-jwt",
    ]);
  });

  it("signed out by choice while a refresh was on its way: its answer does not sign the person back in", async () => {
    let release: () => void = () => undefined;
    mockFetch({
      "POST /api/auth/refresh": () =>
        new Promise((resolve) => {
          release = () => resolve(refreshOk());
        }),
    });
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const pending = refreshSession();
    await vi.advanceTimersByTimeAsync(0);
    logout("user");
    release();
    expect(await pending).toBeNull();
    expect(getSession()).toBeNull();
    expect(storageIsEmpty()).toBe(true);
  });

  it("a tab coming back from sleep with its token due: refreshes at once", async () => {
    const { callsTo } = mockFetch({
      "POST /api/auth/refresh": refreshOk(),
      "GET /api/customers/7": { status: 200, body: customer },
    });
    storeSession(Date.now() + 10 * 60 * 1000);
    loadSession();
    // The phone slept past the expiry; its timers have not run yet.
    vi.setSystemTime(Date.now() + 11 * 60 * 1000);
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.waitFor(() => expect(getSession()?.token.token).toBe("refreshed-jwt"));
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
  });

  it("load with a valid stored token and user: signed in, the user reloaded from the server, refresh armed from the stored expiry", async () => {
    const { callsTo } = mockFetch({
      [`GET /api/customers/${customer.id}`]: { status: 200, body: renamed },
      "POST /api/auth/refresh": refreshOk(),
    });
    storeSession(Date.now() + 10 * 60 * 1000);
    expect(loadSession()?.user.id).toBe(customer.id);
    await vi.waitFor(() => expect(getSession()?.user.fullName).toBe("Lakshmi Devi (renamed)"));
    expect(callsTo("GET", `/api/customers/${customer.id}`)[0]?.headers.Authorization).toBe(
      "Bearer stored-token",
    );
    expect(JSON.parse(window.localStorage.getItem(CURRENT_USER_KEY) ?? "null")).toMatchObject({
      fullName: "Lakshmi Devi (renamed)",
    });
    // (waitFor above moved the fake clock on by a few polls of 50 ms.)
    vi.advanceTimersByTime(9 * 60 * 1000 - 1000);
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    await vi.waitFor(() => expect(getSession()?.token.token).toBe("refreshed-jwt"));
  });

  it("load with an expired token: restoring while it refreshes, then signed in with the server's user", async () => {
    mockFetch({ "POST /api/auth/refresh": refreshOk() });
    storeSession(Date.now() - 1000);
    expect(loadSession()).toBeNull();
    expect(isRestoring()).toBe(true);
    await vi.waitFor(() => expect(isRestoring()).toBe(false));
    expect(getSession()?.token.token).toBe("refreshed-jwt");
    expect(getSession()?.user.fullName).toBe("Lakshmi Devi (renamed)");
  });

  it("load with the token cleared from storage but the user kept: refreshes (the 'Keep me signed in' reload)", async () => {
    mockFetch({ "POST /api/auth/refresh": refreshOk() });
    window.localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(customer));
    loadSession();
    await vi.waitFor(() => expect(getSession()?.token.token).toBe("refreshed-jwt"));
  });

  it("load with an expired token and the refresh refused: logs out 'expired' and clears storage", async () => {
    mockFetch({ "POST /api/auth/refresh": refused });
    const reasons: string[] = [];
    const stop = onLogout((reason) => reasons.push(reason));
    storeSession(Date.now() - 1000);
    expect(loadSession()).toBeNull();
    await vi.waitFor(() => expect(isRestoring()).toBe(false));
    expect(getSession()).toBeNull();
    expect(storageIsEmpty()).toBe(true);
    expect(reasons).toEqual(["expired"]);
    stop();
  });

  it("load with nobody stored: signed out without asking the server", () => {
    const { spy } = mockFetch({});
    expect(loadSession()).toBeNull();
    expect(isRestoring()).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });

  it("load with a token but no stored user: signed out", () => {
    window.localStorage.setItem(
      TOKEN_DATA_KEY,
      JSON.stringify({ token: "t", expiresAt: Date.now() + 60_000 }),
    );
    expect(loadSession()).toBeNull();
    expect(storageIsEmpty()).toBe(true);
  });

  it("reading an expired token: null, the session kept for the refresh to decide", () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    // The clock jumps (a sleeping laptop) without the timer having fired.
    vi.setSystemTime(Date.now() + 3601 * 1000);
    expect(getToken()).toBeNull();
    expect(getSession()).not.toBeNull();
  });

  it("signing out by choice keeps no e-mail; a new sign-in forgets a kept one", () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    logout("user");
    expect(keptSignInEmail()).toBe("");
    window.sessionStorage.setItem(KEPT_EMAIL_KEY, "old@example.com");
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    expect(keptSignInEmail()).toBe("");
  });

  it("logout: clears user, storage and cancels the timer", () => {
    const reasons: string[] = [];
    const stop = onLogout((reason) => reasons.push(reason));
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    logout();
    expect(getSession()).toBeNull();
    expect(storageIsEmpty()).toBe(true);
    // A live timer would log out again ("expired") when it fired.
    vi.advanceTimersByTime(3600 * 1000);
    expect(reasons).toEqual(["user"]);
    stop();
  });
});
