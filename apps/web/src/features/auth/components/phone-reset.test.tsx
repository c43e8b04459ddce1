import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { logout } from "@/lib/auth";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { AuthCard } from "./auth-card";

const CODE = "POST /api/auth/phone/code";
const RESET = "POST /api/auth/phone/reset-password";
const NEW_PASSWORD = "Prawn#Harvest2025";
const sent: MockResponse = {
  status: 202,
  body: { sent: true, expiresInSeconds: 300, resendAfterSeconds: 60 },
};

async function openPhoneReset(user: ReturnType<typeof userEvent.setup>) {
  const view = renderWithProviders(<AuthCard />, { route: "/login" });
  await user.click(screen.getByRole("button", { name: "Forgot password?" }));
  await user.click(await screen.findByRole("button", { name: "Reset with a mobile number" }));
  return view;
}

async function requestCode(user: ReturnType<typeof userEvent.setup>, phone: string) {
  const form = screen.getByRole("form", { name: "Reset password with a mobile number" });
  await user.type(within(form).getByLabelText("Mobile Number"), phone);
  await user.click(within(form).getByRole("button", { name: "Send Code" }));
  return screen.findByRole("form", { name: "Reset password" });
}

describe("Forgot password: reset with a mobile number", () => {
  beforeEach(() => {
    logout();
    window.sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("the number step: a tel field; 'Reset with an e-mail address instead' returns to the e-mail step", async () => {
    mockFetch({});
    const user = userEvent.setup();
    await openPhoneReset(user);
    const form = screen.getByRole("form", { name: "Reset password with a mobile number" });
    expect(within(form).getByLabelText("Mobile Number")).toHaveAttribute("type", "tel");
    await user.click(screen.getByRole("button", { name: "Reset with an e-mail address instead" }));
    expect(
      within(screen.getByRole("form", { name: "Forgot password" })).getByLabelText("Email"),
    ).toBeInTheDocument();
  });

  it("code and new password: posts phone, code and password, then the Sign In card asks for a code with the number filled in and the reset notice", async () => {
    const { callsTo } = mockFetch({
      [CODE]: sent,
      [RESET]: { body: { success: true, message: messages.passwordResetOk, sessionsEnded: 2 } },
    });
    const user = userEvent.setup();
    const { router } = await openPhoneReset(user);
    const reset = await requestCode(user, "09440012345");
    expect(callsTo("POST", "/api/auth/phone/code")[0]?.body).toEqual({
      phone: "09440012345",
      purpose: "reset",
      language: "en",
    });
    expect(screen.getByRole("heading", { name: "Choose a New Password" })).toBeInTheDocument();
    const code = within(reset).getByLabelText("SMS Code");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    const password = within(reset).getByLabelText("New Password");
    expect(password).toHaveAttribute("autocomplete", "new-password");
    await user.type(code, "135790");
    await user.type(password, NEW_PASSWORD);
    // Today's strength hints.
    expect(within(reset).getByText("Strong")).toBeInTheDocument();
    await user.click(within(reset).getByRole("button", { name: "Reset Password" }));

    await waitFor(() => expect(router.state.location.search).toBe("?with=code"));
    expect(callsTo("POST", "/api/auth/phone/reset-password")[0]?.body).toEqual({
      phone: "09440012345",
      code: "135790",
      password: NEW_PASSWORD,
    });
    expect(
      await screen.findByText(/Your password has been changed\. Sign in with a code/),
    ).toBeInTheDocument();
    const signIn = await screen.findByRole("form", { name: "Sign in with a code" });
    expect(within(signIn).getByLabelText("Mobile Number")).toHaveValue("09440012345");
  });

  it("a weak password and a missing code: both errors at their fields, nothing sent", async () => {
    const { callsTo } = mockFetch({ [CODE]: sent });
    const user = userEvent.setup();
    await openPhoneReset(user);
    const reset = await requestCode(user, "9440012345");
    await user.type(within(reset).getByLabelText("New Password"), "short");
    await user.click(within(reset).getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText(messages.phoneCodeRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordWeak)).toBeInTheDocument();
    expect(within(reset).getByLabelText("SMS Code")).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", "/api/auth/phone/reset-password")).toHaveLength(0);
  });

  it("a wrong code: the server's words with the tries left at the code field", async () => {
    mockFetch({
      [CODE]: sent,
      [RESET]: {
        status: 400,
        body: {
          error: "That code is not right. Tries left: 1.",
          code: "code_invalid",
          messageCode: "phone_code_wrong",
          params: { attemptsLeft: 1 },
        },
      },
    });
    const user = userEvent.setup();
    await openPhoneReset(user);
    const reset = await requestCode(user, "9440012345");
    await user.type(within(reset).getByLabelText("SMS Code"), "999999");
    await user.type(within(reset).getByLabelText("New Password"), NEW_PASSWORD);
    await user.click(within(reset).getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("That code is not right. Tries left: 1.")).toBeInTheDocument();
    expect(within(reset).getByLabelText("SMS Code")).toHaveAttribute("aria-invalid", "true");
  });
});
