import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

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

describe("LabLoginForm: forgot password", () => {
  afterEach(() => {
    logout();
    resetLabSessionCache();
  });

  const accepted = {
    status: 202,
    body: { success: true, message: messages.forgotPasswordSent, expiresIn: 300, resendAfter: 60 },
  };

  it("asks the lab for a code, resets with it, and comes back to sign-in with the address and the notice", async () => {
    const { callsTo } = mockFetch({
      "POST /api/lab/forgot-password": accepted,
      "POST /api/lab/reset-password": {
        body: { success: true, message: messages.passwordResetOk, sessionsEnded: 1 },
      },
    });
    const user = userEvent.setup();
    render();
    await user.type(screen.getByLabelText("Email"), "lab@aquatest.local");
    const forgot = screen.getByRole("button", { name: "Forgot password?" });
    expect(forgot).toHaveClass("min-h-11");
    await user.click(forgot);
    const request = await screen.findByRole("form", { name: "Forgot password" });
    expect(within(request).getByLabelText("Email")).toHaveValue("lab@aquatest.local");
    await user.click(within(request).getByRole("button", { name: "Send Code" }));

    const reset = await screen.findByRole("form", { name: "Reset password" });
    expect(callsTo("POST", "/api/lab/forgot-password")[0]?.body).toEqual({ email: "lab@aquatest.local" });
    await user.type(within(reset).getByLabelText("Reset Code"), "ab12cd");
    await user.type(within(reset).getByLabelText("New Password"), "Hatchery#2027");
    await user.click(within(reset).getByRole("button", { name: "Reset Password" }));

    expect(await screen.findByText(messages.passwordResetOk)).toBeInTheDocument();
    expect(callsTo("POST", "/api/lab/reset-password")[0]?.body).toEqual({
      email: "lab@aquatest.local",
      code: "AB12CD",
      password: "Hatchery#2027",
    });
    // The customers' endpoints are never called for staff.
    expect(callsTo("POST", "/api/auth/forgot-password")).toHaveLength(0);
    const signIn = screen.getByRole("form", { name: "Lab sign in" });
    expect(within(signIn).getByLabelText("Email")).toHaveValue("lab@aquatest.local");
    expect(within(signIn).getByLabelText("Password")).toHaveValue("");
  });

  it("back to sign-in from the request step keeps the address", async () => {
    mockFetch({});
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    const request = await screen.findByRole("form", { name: "Forgot password" });
    await user.type(within(request).getByLabelText("Email"), "qa@aquatest.local");
    await user.click(screen.getByRole("button", { name: "Back to Sign In" }));
    expect(screen.getByRole("form", { name: "Lab sign in" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("qa@aquatest.local");
  });
});

describe("LabLoginForm: a slowed-down account", () => {
  afterEach(() => {
    vi.useRealTimers();
    resetLabSessionCache();
  });

  it("429 with Retry-After: the server's message, Sign In disabled with the time left, then enabled again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch({
      "POST /api/lab/login": {
        status: 429,
        headers: { "Retry-After": "4" },
        body: { error: messages.tooManyRequests, code: "rate_limited", messageCode: "too_many_requests" },
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render();
    await user.type(screen.getByLabelText("Email"), "lab@aquatest.local");
    await user.type(screen.getByLabelText("Password"), "LabAdmin#2026");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.tooManyRequests);
    expect(screen.getByText("You can try again in 0:04.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(4_000);
    await waitFor(() => expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled());
    expect(screen.queryByText(/You can try again/)).not.toBeInTheDocument();
  });
});
