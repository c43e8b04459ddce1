import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { customer } from "@/testing/fixtures";

import {
  AUTH_TOKEN_KEY,
  CURRENT_USER_KEY,
  TOKEN_DATA_KEY,
  getSession,
  getToken,
  loadSession,
  logout,
  onLogout,
  startSession,
} from "./auth";

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

  it("expiry timer: logs out 60 s before the token expires, not earlier", () => {
    const reasons: string[] = [];
    const stop = onLogout((reason) => reasons.push(reason));
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    vi.advanceTimersByTime((3600 - 60) * 1000 - 1);
    expect(getSession()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(getSession()).toBeNull();
    expect(storageIsEmpty()).toBe(true);
    expect(reasons).toEqual(["expired"]);
    stop();
  });

  it("expiry timer with under a minute left: logs out immediately", () => {
    startSession({ user: customer, token: "jwt", expiresIn: 30 });
    expect(getSession()).not.toBeNull();
    vi.advanceTimersByTime(0);
    expect(getSession()).toBeNull();
  });

  it("load with a valid stored token and user: signed in, timer armed from the stored expiry", () => {
    storeSession(Date.now() + 10 * 60 * 1000);
    expect(loadSession()?.user.id).toBe(customer.id);
    vi.advanceTimersByTime(9 * 60 * 1000 - 1);
    expect(getSession()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(getSession()).toBeNull();
  });

  it("load with an expired token: logs out and clears storage", () => {
    const reasons: string[] = [];
    const stop = onLogout((reason) => reasons.push(reason));
    storeSession(Date.now() - 1000);
    expect(loadSession()).toBeNull();
    expect(getSession()).toBeNull();
    expect(storageIsEmpty()).toBe(true);
    expect(reasons).toEqual(["expired"]);
    stop();
  });

  it("load with a token but no stored user: signed out", () => {
    window.localStorage.setItem(
      TOKEN_DATA_KEY,
      JSON.stringify({ token: "t", expiresAt: Date.now() + 60_000 }),
    );
    expect(loadSession()).toBeNull();
    expect(storageIsEmpty()).toBe(true);
  });

  it("reading an expired token: logs out", () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    // The clock jumps (a sleeping laptop) without the timer having fired.
    vi.setSystemTime(Date.now() + 3601 * 1000);
    expect(getToken()).toBeNull();
    expect(getSession()).toBeNull();
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
