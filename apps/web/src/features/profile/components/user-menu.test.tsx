import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { clearSignInHandoff, peekSignInHandoff } from "@/lib/sign-in-handoff";
import { getSession, logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { UserMenu } from "./user-menu";

const LOGOUT = "/api/auth/logout";
const SIGN_OUT_ALL = "/api/customers/7/sign-out-all";
const PASSWORD = "/api/customers/7/password";

function setup(routes: Record<string, MockResponse> = {}) {
  const fetchMock = mockFetch(routes);
  const user = userEvent.setup();
  const rendered = renderWithProviders(<UserMenu />, { route: "/dashboard", path: "/dashboard" });
  const openMenu = () => user.click(screen.getByRole("button", { name: "User menu for Asha Verma" }));
  return { ...fetchMock, ...rendered, user, openMenu };
}

describe("UserMenu", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    clearSignInHandoff();
  });

  it("Logout: ends the server session with this token, signs out and goes to /login", async () => {
    const { openMenu, user, callsTo, router } = setup({ [`POST ${LOGOUT}`]: { body: { success: true } } });
    await openMenu();
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(getSession()).toBeNull();
    expect(callsTo("POST", LOGOUT)[0]?.headers.Authorization).toBe("Bearer jwt");
  });

  it("Logout when the server fails: signed out all the same", async () => {
    const { openMenu, user, router } = setup({ [`POST ${LOGOUT}`]: { status: 500, body: {} } });
    await openMenu();
    await user.click(screen.getByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(getSession()).toBeNull();
  });

  it("Sign out of all devices: a confirm step; Cancel sends nothing", async () => {
    const { openMenu, user, spy } = setup();
    await openMenu();
    await user.click(screen.getByRole("menuitem", { name: "Sign out of all devices" }));
    const dialog = screen.getByRole("dialog", { name: "Sign out of all devices?" });
    expect(dialog).toHaveTextContent("this one included");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
    expect(getSession()).not.toBeNull();
  });

  it("Sign out of all devices confirmed: the call, then signed out here, /login with the notice and the e-mail", async () => {
    const { openMenu, user, callsTo, router } = setup({
      [`POST ${SIGN_OUT_ALL}`]: {
        body: { success: true, message: messages.signedOutEverywhere, sessionsEnded: 3 },
      },
    });
    await openMenu();
    await user.click(screen.getByRole("menuitem", { name: "Sign out of all devices" }));
    await user.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(callsTo("POST", SIGN_OUT_ALL)).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(peekSignInHandoff()).toEqual({
      kind: "signin",
      email: customer.email,
      notice: "signedOutEverywhere",
    });
  });

  it("Sign out of all devices failing: the error in the dialog, still signed in", async () => {
    const { openMenu, user } = setup({
      [`POST ${SIGN_OUT_ALL}`]: { status: 503, body: { error: messages.serviceUnavailable } },
    });
    await openMenu();
    await user.click(screen.getByRole("menuitem", { name: "Sign out of all devices" }));
    const dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Sign out everywhere" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(messages.serviceUnavailable);
    expect(getSession()).not.toBeNull();
  });

  it("View Profile → Change Password: PUT /customers/{id}/password, still signed in", async () => {
    const { openMenu, user, callsTo } = setup({
      [`PUT ${PASSWORD}`]: { body: { success: true, message: messages.passwordChanged, sessionsEnded: 1 } },
    });
    await openMenu();
    await user.click(screen.getByRole("menuitem", { name: "View Profile" }));
    const dialog = screen.getByRole("dialog", { name: "Profile Settings" });
    const toggle = within(dialog).getByRole("button", { name: "Change Password" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    const form = within(dialog).getByRole("form", { name: "Change password" });
    await user.type(within(form).getByLabelText("Current Password"), "Shrimp#Lab2024");
    await user.type(within(form).getByLabelText("New Password"), "Tide#Pool2025");
    await user.type(within(form).getByLabelText("Confirm New Password"), "Tide#Pool2025");
    await user.click(within(form).getByRole("button", { name: "Change Password" }));
    expect(await within(form).findByText(messages.passwordChanged)).toBeInTheDocument();
    expect(callsTo("PUT", PASSWORD)[0]?.body).toEqual({
      currentPassword: "Shrimp#Lab2024",
      newPassword: "Tide#Pool2025",
    });
    expect(getSession()).not.toBeNull();
  });
});
