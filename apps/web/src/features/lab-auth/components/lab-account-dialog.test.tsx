import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { getSession, logout, startSession } from "@/lib/auth";
import { getLabSession, labSignOutReason, resetLabSessionCache, startLabSession } from "@/lib/lab-session";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { LabLoginForm } from "./lab-login-form";
import { LabShell } from "./lab-shell";

const staff = {
  id: 1,
  email: "lab@aquatest.local",
  name: "Lab Admin",
  roles: ["analyst" as const, "reviewer" as const],
  language: "en" as const,
};

function setup(routes: Record<string, MockResponse> = {}) {
  const session = startLabSession({ staff, accessToken: "lab-jwt", expiresIn: 3600, tokenType: "Bearer" });
  const fetchMock = mockFetch(routes);
  const user = userEvent.setup();
  const rendered = renderWithProviders(
    <LabShell session={session}>
      <p>Queue</p>
    </LabShell>,
    { route: "/lab", path: "/lab", extraRoutes: [{ path: "/lab/login", element: <LabLoginForm /> }] },
  );
  const openAccount = async () => {
    await user.click(screen.getByRole("button", { name: "Account" }));
    return screen.getByRole("dialog", { name: "Account settings" });
  };
  return { ...fetchMock, ...rendered, user, openAccount };
}

describe("Lab console account", () => {
  beforeEach(() => {
    resetLabSessionCache();
    startSession({ user: customer, token: "customer-jwt", expiresIn: 3600 });
  });
  afterEach(() => {
    logout();
    resetLabSessionCache();
  });

  it("Change Password: PUT /lab/password with the staff token; the console stays signed in", async () => {
    const { user, openAccount, callsTo } = setup({
      "PUT /api/lab/password": {
        body: { success: true, message: messages.passwordChanged, sessionsEnded: 0 },
      },
    });
    const dialog = await openAccount();
    const form = within(dialog).getByRole("form", { name: "Change password" });
    await user.type(within(form).getByLabelText("Current Password"), "LabAdmin#2026");
    await user.type(within(form).getByLabelText("New Password"), "Bench#Flask2027");
    await user.type(within(form).getByLabelText("Confirm New Password"), "Bench#Flask2027");
    await user.click(within(form).getByRole("button", { name: "Change Password" }));
    expect(await within(form).findByText(messages.passwordChanged)).toBeInTheDocument();
    const [request] = callsTo("PUT", "/api/lab/password");
    expect(request?.headers.Authorization).toBe("Bearer lab-jwt");
    expect(request?.body).toEqual({ currentPassword: "LabAdmin#2026", newPassword: "Bench#Flask2027" });
    expect(getLabSession()).not.toBeNull();
  });

  it("Change Password with a wrong current password: the text on that field", async () => {
    const { user, openAccount } = setup({
      "PUT /api/lab/password": {
        status: 403,
        body: { error: messages.currentPasswordWrong, code: "current_password_invalid" },
      },
    });
    const dialog = await openAccount();
    await user.type(within(dialog).getByLabelText("Current Password"), "Wrong#Pass1");
    await user.type(within(dialog).getByLabelText("New Password"), "Bench#Flask2027");
    await user.type(within(dialog).getByLabelText("Confirm New Password"), "Bench#Flask2027");
    await user.click(within(dialog).getByRole("button", { name: "Change Password" }));
    expect(await within(dialog).findByText(messages.currentPasswordWrong)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Current Password")).toHaveAttribute("aria-invalid", "true");
  });

  it("Sign out of all devices, confirmed: the call, the lab session ends, sign-in says so; the customer session is kept", async () => {
    const { user, openAccount, callsTo, router } = setup({
      "POST /api/lab/sign-out-all": {
        body: { success: true, message: messages.signedOutEverywhere, sessionsEnded: 2 },
      },
    });
    const dialog = await openAccount();
    await user.click(within(dialog).getByRole("button", { name: "Sign out of all devices" }));
    await user.click(within(dialog).getByRole("button", { name: "Sign out everywhere" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/lab/login"));
    expect(callsTo("POST", "/api/lab/sign-out-all")[0]?.headers.Authorization).toBe("Bearer lab-jwt");
    expect(getLabSession()).toBeNull();
    expect(labSignOutReason()).toBe("everywhere");
    // The router's state moves before React renders the sign-in page.
    expect(await screen.findByText(messages.signedOutEverywhere)).toBeInTheDocument();
    expect(getSession()?.token.token).toBe("customer-jwt");
  });

  it("Sign Out: ends the server session with the staff token, even when that call fails", async () => {
    const { user, callsTo } = setup({ "POST /api/auth/logout": { status: 500, body: {} } });
    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    expect(getLabSession()).toBeNull();
    await waitFor(() => expect(callsTo("POST", "/api/auth/logout")).toHaveLength(1));
    expect(callsTo("POST", "/api/auth/logout")[0]?.headers.Authorization).toBe("Bearer lab-jwt");
    expect(getSession()?.token.token).toBe("customer-jwt");
  });
});
