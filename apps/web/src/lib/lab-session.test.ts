import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { mockFetch } from "@/testing/mock-fetch";

import {
  endLabSession,
  getLabSession,
  labSignOutReason,
  resetLabSessionCache,
  startLabSession,
} from "./lab-session";

const staff = {
  id: 3,
  email: "priya@lab.test",
  name: "Dr. Priya Nair",
  roles: ["analyst" as const, "reviewer" as const],
  language: "en" as const,
};
const refreshed = { staff, accessToken: "lab-jwt-2", expiresIn: 3600, tokenType: "Bearer" };

describe("lab session refresh", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-05-01T08:00:00Z"));
  });
  afterEach(() => {
    resetLabSessionCache();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("a minute before expiry: refreshes the staff cookie (role lab, X-Requested-With) and stays signed in with the new token", async () => {
    const { callsTo } = mockFetch({ "POST /api/auth/refresh": { body: refreshed } });
    startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" });
    await vi.advanceTimersByTimeAsync((3600 - 60) * 1000 - 1);
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(getLabSession()?.token).toBe("lab-jwt-2"));
    const [call] = callsTo("POST", "/api/auth/refresh");
    expect(call?.body).toEqual({ role: "lab" });
    expect(call?.headers["X-Requested-With"]).toBe("fetch");
  });

  it("the refresh refused: the console session ends as expired", async () => {
    mockFetch({ "POST /api/auth/refresh": { status: 401, body: { error: "x" } } });
    startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 30, tokenType: "Bearer" });
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(getLabSession()).toBeNull());
    expect(labSignOutReason()).toBe("expired");
  });

  it("offline: the token runs to its end, then the session ends", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 120, tokenType: "Bearer" });
    await vi.advanceTimersByTimeAsync(60 * 1000);
    expect(getLabSession()?.token).toBe("lab-jwt");
    await vi.advanceTimersByTimeAsync(60 * 1000 - 1000);
    expect(getLabSession()?.token).toBe("lab-jwt");
    await vi.advanceTimersByTimeAsync(1000);
    expect(getLabSession()).toBeNull();
  });

  it("signed out while the refresh was on its way: stays signed out", async () => {
    let release: () => void = () => undefined;
    mockFetch({
      "POST /api/auth/refresh": () =>
        new Promise((resolve) => {
          release = () => resolve({ body: refreshed });
        }),
    });
    startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 30, tokenType: "Bearer" });
    await vi.advanceTimersByTimeAsync(0);
    endLabSession("user");
    release();
    await vi.advanceTimersByTimeAsync(10);
    expect(getLabSession()).toBeNull();
  });
});
