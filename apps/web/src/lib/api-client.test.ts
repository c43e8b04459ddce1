import { afterEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";

import { ApiError, apiRequest } from "./api-client";
import { getSession, logout, startSession } from "./auth";

describe("apiRequest", () => {
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it("protected call: sends 'Authorization: Bearer <token>'", async () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    const { requests } = mockFetch({ "GET /api/customers/7": { body: customer } });
    await apiRequest("/customers/7");
    expect(requests[0]?.headers.Authorization).toBe("Bearer jwt");
  });

  it("protected call without a token: refuses locally with the authRequired message", async () => {
    const { spy } = mockFetch({});
    await expect(apiRequest("/customers/7")).rejects.toMatchObject({
      status: 401,
      messageCode: "auth_required",
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it("error body with error field: uses it; without: the httpError message with the status", async () => {
    mockFetch({
      "POST /api/a": { status: 400, body: { error: "Phone number is invalid", code: "validation_failed" } },
      "POST /api/b": { status: 418 },
      "POST /api/c": { status: 400, body: { message: "From message" } },
    });
    await expect(apiRequest("/a", { method: "POST", auth: false })).rejects.toMatchObject({
      status: 400,
      message: "Phone number is invalid",
      code: "validation_failed",
    });
    await expect(apiRequest("/b", { method: "POST", auth: false })).rejects.toMatchObject({
      messageCode: "http_error",
      params: { status: 418 },
    });
    await expect(apiRequest("/c", { method: "POST", auth: false })).rejects.toMatchObject({
      message: "From message",
    });
  });

  it("a refused request keeps the answer's X-Request-Id: the support reference the error page shows", async () => {
    mockFetch({
      "GET /api/a": {
        status: 500,
        body: { error: messages.serverError, code: "internal" },
        headers: { "X-Request-Id": "5f0c9b2e-7d1a-4c3e-9f6b-2a8d4e1c7b90" },
      },
    });
    await expect(apiRequest("/a", { auth: false })).rejects.toMatchObject({
      status: 500,
      requestId: "5f0c9b2e-7d1a-4c3e-9f6b-2a8d4e1c7b90",
    });
  });

  it("503 from the API (database down): the spec's 503 text and its Retry-After, not a generic failure", async () => {
    mockFetch({
      "POST /api/a": {
        status: 503,
        body: { error: messages.serviceUnavailable, code: "service_unavailable" },
        headers: { "Retry-After": "5" },
      },
      "POST /api/b": { status: 503, body: "<html>503 Service Temporarily Unavailable</html>" },
      "POST /api/c": { status: 502 },
      "POST /api/d": { status: 504 },
    });
    await expect(apiRequest("/a", { method: "POST", auth: false })).rejects.toMatchObject({
      status: 503,
      message: messages.serviceUnavailable,
      code: "service_unavailable",
      retryAfter: 5,
    });
    // A proxy's own page (no JSON error) still reads as the spec's messages.
    await expect(apiRequest("/b", { method: "POST", auth: false })).rejects.toMatchObject({
      messageCode: "service_unavailable",
    });
    await expect(apiRequest("/c", { method: "POST", auth: false })).rejects.toMatchObject({
      messageCode: "service_temporarily_unavailable",
    });
    await expect(apiRequest("/d", { method: "POST", auth: false })).rejects.toMatchObject({
      messageCode: "request_timeout",
    });
  });

  it("401 on a protected call: ends the session", async () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    mockFetch({ "GET /api/customers/7": { status: 401, body: { error: messages.authRequired } } });
    await expect(apiRequest("/customers/7")).rejects.toBeInstanceOf(ApiError);
    expect(getSession()).toBeNull();
  });

  it("401 on a protected call with a live refresh cookie: refreshes once and retries with the new token", async () => {
    startSession({ user: customer, token: "old-jwt", expiresIn: 3600 });
    const { callsTo } = mockFetch({
      "GET /api/customers/7": (request) =>
        request.headers.Authorization === "Bearer new-jwt"
          ? { body: customer }
          : { status: 401, body: { error: messages.authRequired } },
      "POST /api/auth/refresh": {
        body: { customer, accessToken: "new-jwt", expiresIn: 3600, tokenType: "Bearer" },
      },
    });
    await expect(apiRequest("/customers/7")).resolves.toMatchObject({ id: 7 });
    expect(callsTo("GET", "/api/customers/7").map((r) => r.headers.Authorization)).toEqual([
      "Bearer old-jwt",
      "Bearer new-jwt",
    ]);
    expect(getSession()?.token.token).toBe("new-jwt");
  });

  it("401 and the refresh refused: ends the session without a second try", async () => {
    startSession({ user: customer, token: "old-jwt", expiresIn: 3600 });
    const { callsTo } = mockFetch({
      "GET /api/customers/7": { status: 401, body: { error: messages.authRequired } },
      "POST /api/auth/refresh": { status: 401, body: { error: messages.sessionEnded } },
    });
    await expect(apiRequest("/customers/7")).rejects.toMatchObject({ status: 401 });
    expect(callsTo("GET", "/api/customers/7")).toHaveLength(1);
    expect(getSession()).toBeNull();
  });

  it("401 again after the refresh: ends the session (one retry only)", async () => {
    startSession({ user: customer, token: "old-jwt", expiresIn: 3600 });
    const { callsTo } = mockFetch({
      "GET /api/customers/7": { status: 401, body: { error: messages.authRequired } },
      "POST /api/auth/refresh": {
        body: { customer, accessToken: "new-jwt", expiresIn: 3600, tokenType: "Bearer" },
      },
    });
    await expect(apiRequest("/customers/7")).rejects.toMatchObject({ status: 401 });
    expect(callsTo("GET", "/api/customers/7")).toHaveLength(2);
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
    expect(getSession()).toBeNull();
  });

  it("concurrent calls refused with 401 share one refresh", async () => {
    startSession({ user: customer, token: "old-jwt", expiresIn: 3600 });
    const { callsTo } = mockFetch({
      "GET /api/a": (r) => (r.headers.Authorization === "Bearer new-jwt" ? { body: 1 } : { status: 401 }),
      "GET /api/b": (r) => (r.headers.Authorization === "Bearer new-jwt" ? { body: 2 } : { status: 401 }),
      "GET /api/c": (r) => (r.headers.Authorization === "Bearer new-jwt" ? { body: 3 } : { status: 401 }),
      "POST /api/auth/refresh": {
        body: { customer, accessToken: "new-jwt", expiresIn: 3600, tokenType: "Bearer" },
      },
    });
    await expect(Promise.all([apiRequest("/a"), apiRequest("/b"), apiRequest("/c")])).resolves.toEqual([
      1, 2, 3,
    ]);
    expect(callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
  });

  it("a token under a minute from expiry is refreshed before the call", async () => {
    startSession({ user: customer, token: "old-jwt", expiresIn: 30 });
    const { requests } = mockFetch({
      "GET /api/customers/7": { body: customer },
      "POST /api/auth/refresh": {
        body: { customer, accessToken: "new-jwt", expiresIn: 3600, tokenType: "Bearer" },
      },
    });
    await apiRequest("/customers/7");
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /api/auth/refresh",
      "GET /api/customers/7",
    ]);
    expect(requests[1]?.headers.Authorization).toBe("Bearer new-jwt");
  });

  it("429: the error carries the Retry-After seconds", async () => {
    mockFetch({
      "POST /api/auth/resend-verification": {
        status: 429,
        body: { error: messages.sendTooSoon, code: "resend_too_soon" },
        headers: { "Retry-After": "42" },
      },
    });
    await expect(
      apiRequest("/auth/resend-verification", { method: "POST", auth: false, body: {} }),
    ).rejects.toMatchObject({ status: 429, retryAfter: 42 });
  });

  it("network failure: status 0 with the network text, or the offline text when offline", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(apiRequest("/x", { auth: false })).rejects.toMatchObject({
      status: 0,
      messageCode: "network_error",
    });
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await expect(apiRequest("/x", { auth: false })).rejects.toMatchObject({
      status: 0,
      messageCode: "offline",
    });
  });
});
