import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";

import { apiRequest } from "./api-client";
import { getSession, logout, startSession } from "./auth";
import { getLabSession, resetLabSessionCache, startLabSession } from "./lab-session";

const staff = {
  id: 3,
  email: "priya@lab.test",
  name: "Dr. Priya Nair",
  roles: ["analyst" as const, "reviewer" as const],
  language: "en" as const,
};
const ok = { body: { ok: true } };

describe("apiRequest with two sessions in one browser", () => {
  beforeEach(() => {
    resetLabSessionCache();
    startSession({ user: customer, token: "customer-jwt", expiresIn: 3600 });
    startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" });
  });
  afterEach(() => {
    logout();
    resetLabSessionCache();
  });

  it("a customer call carries the customer token, a staff call the staff token, never the other's", async () => {
    const { callsTo } = mockFetch({ "GET /api/samples": ok, "GET /api/lab/agents": ok });
    await apiRequest("/samples");
    await apiRequest("/lab/agents", { auth: "staff" });
    await apiRequest("/samples", { auth: "customer" });
    expect(callsTo("GET", "/api/samples").map((call) => call.headers.Authorization)).toEqual([
      "Bearer customer-jwt",
      "Bearer customer-jwt",
    ]);
    expect(callsTo("GET", "/api/lab/agents")[0]?.headers.Authorization).toBe("Bearer lab-jwt");
  });

  it("a staff call with no lab session: refused here, nothing sent, the customer token not used", async () => {
    resetLabSessionCache();
    window.localStorage.clear();
    startSession({ user: customer, token: "customer-jwt", expiresIn: 3600 });
    const { requests } = mockFetch({ "GET /api/lab/agents": ok });
    await expect(apiRequest("/lab/agents", { auth: "staff" })).rejects.toMatchObject({ status: 401 });
    expect(requests.filter((request) => request.path === "/api/lab/agents")).toHaveLength(0);
    expect(getSession()?.token.token).toBe("customer-jwt");
  });

  it("a refused staff token: the lab refresh cookie (role lab) buys a new one and the call is retried; the customer session is untouched", async () => {
    const { callsTo } = mockFetch({
      "GET /api/lab/agents": (request) =>
        request.headers.Authorization === "Bearer lab-jwt-2"
          ? ok
          : { status: 401, body: { error: "Authentication required", code: "unauthenticated" } },
      "POST /api/auth/refresh": {
        body: { staff, accessToken: "lab-jwt-2", expiresIn: 3600, tokenType: "Bearer" },
      },
    });
    await expect(apiRequest("/lab/agents", { auth: "staff" })).resolves.toEqual({ ok: true });
    expect(callsTo("POST", "/api/auth/refresh").map((call) => call.body)).toEqual([{ role: "lab" }]);
    expect(getLabSession()?.token).toBe("lab-jwt-2");
    expect(getSession()?.token.token).toBe("customer-jwt");
  });

  it("a refused customer token with the refresh refused: signs the customer out, the lab session stays", async () => {
    const refused = { status: 401, body: { error: "Authentication required", code: "unauthenticated" } };
    const { callsTo } = mockFetch({ "GET /api/samples": refused, "POST /api/auth/refresh": refused });
    await expect(apiRequest("/samples")).rejects.toMatchObject({ status: 401 });
    expect(callsTo("POST", "/api/auth/refresh").map((call) => call.body)).toEqual([{ role: "customer" }]);
    expect(getSession()).toBeNull();
    expect(getLabSession()?.token).toBe("lab-jwt");
  });
});
