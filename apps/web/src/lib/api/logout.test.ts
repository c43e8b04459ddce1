import { afterEach, describe, expect, it, vi } from "vitest";

import { getSession, logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";

import { signOut } from "./logout";

describe("signOut", () => {
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it("with a live token: ends the server session by that token, once", async () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const { requests } = mockFetch({ "POST /api/auth/logout": { body: { success: true, message: "x" } } });
    await signOut();
    expect(getSession()).toBeNull();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.Authorization).toBe("Bearer jwt");
  });

  it("with a token the server refuses (expired): falls back to the refresh cookie, with the CSRF header", async () => {
    startSession({ user: customer, token: "old", expiresIn: 3600 });
    const { requests } = mockFetch({
      "POST /api/auth/logout": (request) =>
        request.headers.Authorization ? { status: 401, body: { error: "x" } } : { body: { success: true } },
    });
    await signOut();
    expect(requests).toHaveLength(2);
    expect(requests[1]?.headers.Authorization).toBeUndefined();
    expect(requests[1]?.headers["X-Requested-With"]).toBe("fetch");
    expect(requests[1]?.body).toEqual({ role: "customer" });
  });

  it("signed out already: still ends the server session by the cookie", async () => {
    const { requests } = mockFetch({ "POST /api/auth/logout": { body: { success: true } } });
    await signOut();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ role: "customer" });
  });
});
