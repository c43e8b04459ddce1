import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { apiRequest } from "@/lib/api-client";
import { AUTH_TOKEN_KEY, getSession, logout, startSession } from "@/lib/auth";
import {
  LAB_STAFF_KEY,
  LAB_TOKEN_KEY,
  endLabSession,
  getLabSession,
  resetLabSessionCache,
  startLabSession,
} from "@/lib/lab-session";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { LabLoginForm } from "./lab-login-form";

const staff = {
  id: 1,
  email: "lab@aquatest.local",
  name: "Lab Admin",
  roles: ["analyst" as const, "reviewer" as const],
  language: "en" as const,
};

const render = () =>
  renderWithProviders(<LabLoginForm />, {
    route: "/lab/login",
    path: "/lab/login",
    extraRoutes: [{ path: "/lab", element: <h1>Lab console</h1> }],
  });

describe("LabLoginForm", () => {
  beforeEach(() => resetLabSessionCache());
  afterEach(() => {
    logout();
    resetLabSessionCache();
  });

  it("'Keep me signed in': a labelled checkbox, at least 44 px tall, sends remember: true", async () => {
    const { callsTo } = mockFetch({
      "POST /api/lab/login": {
        body: { staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" },
      },
    });
    const user = userEvent.setup();
    const { router } = render();
    const box = screen.getByRole("checkbox", { name: "Keep me signed in" });
    expect(box).not.toBeChecked();
    expect(box.closest("label")).toHaveClass("min-h-11");
    await user.type(screen.getByLabelText("Email"), "lab@aquatest.local");
    await user.type(screen.getByLabelText("Password"), "LabAdmin#2026");
    await user.click(screen.getByText("Keep me signed in"));
    expect(box).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/lab"));
    expect(callsTo("POST", "/api/lab/login")[0]?.body).toEqual({
      email: "lab@aquatest.local",
      password: "LabAdmin#2026",
      remember: true,
    });
  });

  it("signs staff in under its own token (labToken) and leaves the customer session alone", async () => {
    startSession({ user: customer, token: "customer-jwt", expiresIn: 3600 });
    const before = getSession();
    const { callsTo } = mockFetch({
      "POST /api/lab/login": {
        body: { staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" },
      },
    });
    const user = userEvent.setup();
    const { router } = render();
    await user.type(screen.getByLabelText("Email"), "lab@aquatest.local");
    await user.type(screen.getByLabelText("Password"), "LabAdmin#2026");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/lab"));
    expect(callsTo("POST", "/api/lab/login")[0]?.body).toEqual({
      email: "lab@aquatest.local",
      password: "LabAdmin#2026",
      remember: false,
    });
    expect(callsTo("POST", "/api/lab/login")[0]?.headers.Authorization).toBeUndefined();
    const stored = JSON.parse(window.localStorage.getItem(LAB_TOKEN_KEY) ?? "{}") as Record<string, unknown>;
    expect(stored.token).toBe("lab-jwt");
    expect(stored.expiresAt).toBeGreaterThan(Date.now());
    expect(JSON.parse(window.localStorage.getItem(LAB_STAFF_KEY) ?? "{}")).toEqual(staff);
    expect(getLabSession()?.staff.name).toBe("Lab Admin");
    // The customer session is untouched.
    expect(getSession()).toBe(before);
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe("customer-jwt");
  });

  it("wrong password: 'Invalid email or password', no lab token, the customer session kept", async () => {
    startSession({ user: customer, token: "customer-jwt", expiresIn: 3600 });
    mockFetch({
      "POST /api/lab/login": {
        status: 401,
        body: { error: "Invalid email or password", code: "invalid_credentials" },
      },
    });
    const user = userEvent.setup();
    render();
    await user.type(screen.getByLabelText("Email"), "lab@aquatest.local");
    await user.type(screen.getByLabelText("Password"), "nope");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password");
    expect(window.localStorage.getItem(LAB_TOKEN_KEY)).toBeNull();
    expect(getSession()?.token.token).toBe("customer-jwt");
  });

  it("empty fields: both required messages, no request", async () => {
    const { requests } = mockFetch({});
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Please enter your email address.")).toBeInTheDocument();
    expect(screen.getByText("Please enter your password.")).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

describe("apiRequest with the staff session", () => {
  afterEach(() => {
    logout();
    resetLabSessionCache();
  });

  it("sends the lab token; a 401 ends the lab session only", async () => {
    startSession({ user: customer, token: "customer-jwt", expiresIn: 3600 });
    startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" });
    const { callsTo } = mockFetch({
      "GET /api/lab/agents": {
        status: 401,
        body: { error: "Authentication required", code: "unauthenticated" },
      },
    });
    await expect(apiRequest("/lab/agents", { auth: "staff" })).rejects.toThrow("Authentication required");
    expect(callsTo("GET", "/api/lab/agents")[0]?.headers.Authorization).toBe("Bearer lab-jwt");
    expect(getLabSession()).toBeNull();
    expect(window.localStorage.getItem(LAB_TOKEN_KEY)).toBeNull();
    expect(getSession()?.token.token).toBe("customer-jwt");
  });

  it("a stored lab session is read back after a reload; an expired one is dropped", () => {
    startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" });
    resetLabSessionCache();
    expect(getLabSession()?.token).toBe("lab-jwt");
    window.localStorage.setItem(
      LAB_TOKEN_KEY,
      JSON.stringify({ token: "old", tokenType: "Bearer", expiresAt: 1 }),
    );
    resetLabSessionCache();
    expect(getLabSession()).toBeNull();
    expect(window.localStorage.getItem(LAB_TOKEN_KEY)).toBeNull();
  });
});

describe("LabLoginForm after the session ended", () => {
  afterEach(() => resetLabSessionCache());

  it("a refused or expired lab token: the sign-in page says the session ended", () => {
    startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" });
    endLabSession("unauthorized");
    mockFetch({});
    render();
    expect(screen.getByText("Your lab session has ended. Please sign in again.")).toBeInTheDocument();
  });
});
