import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { logout } from "@/lib/auth";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { clearSignInHandoff, handOffToSignIn } from "@/lib/sign-in-handoff";
import { AuthCard } from "./auth-card";

const FORGOT = "/api/auth/forgot-password";
const RESET = "/api/auth/reset-password";
const EMAIL = "asha@example.com";
const NEW_PASSWORD = "Tide#Pool2025";
const accepted: MockResponse = {
  status: 202,
  body: { success: true, message: messages.forgotPasswordSent, expiresIn: 300, resendAfter: 60 },
};
const resetOk: MockResponse = {
  body: { success: true, message: messages.passwordResetOk, sessionsEnded: 2 },
};

function setup(resetAnswers: MockResponse[] = [resetOk], forgotAnswer: MockResponse = accepted) {
  let call = 0;
  const fetchMock = mockFetch({
    [`POST ${FORGOT}`]: forgotAnswer,
    [`POST ${RESET}`]: () => resetAnswers[Math.min(call++, resetAnswers.length - 1)] ?? { status: 500 },
  });
  const user = userEvent.setup();
  renderWithProviders(<AuthCard />, { route: "/login" });
  return { ...fetchMock, user };
}

/** Sign-in card → 'Forgot password?' → the address → the code step. */
async function openCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Email"), EMAIL);
  await user.click(screen.getByRole("button", { name: "Forgot password?" }));
  const form = await screen.findByRole("form", { name: "Forgot password" });
  await user.click(within(form).getByRole("button", { name: "Send Code" }));
  return screen.findByRole("form", { name: "Reset password" });
}

async function fillReset(user: ReturnType<typeof userEvent.setup>, code: string, password = NEW_PASSWORD) {
  const form = screen.getByRole("form", { name: "Reset password" });
  const codeInput = within(form).getByLabelText("Reset Code");
  await user.clear(codeInput);
  await user.type(codeInput, code);
  const passwordInput = within(form).getByLabelText("New Password");
  await user.clear(passwordInput);
  await user.type(passwordInput, password);
  await user.click(within(form).getByRole("button", { name: "Reset Password" }));
}

describe("Forgot password", () => {
  beforeEach(() => logout());
  afterEach(() => clearSignInHandoff());

  it("'Forgot password?' opens the step with the address typed so far", async () => {
    const { user, spy } = setup();
    await user.type(screen.getByLabelText("Email"), EMAIL);
    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    expect(await screen.findByRole("heading", { name: "Reset Your Password" })).toBeInTheDocument();
    const email = within(screen.getByRole("form", { name: "Forgot password" })).getByLabelText("Email");
    expect(email).toHaveValue(EMAIL);
    expect(email).toHaveAttribute("autocomplete", "email");
    expect(spy).not.toHaveBeenCalled();
  });

  it("address empty or malformed: the error is on the field (aria-invalid, described by), focused, and nothing is sent", async () => {
    const { user, spy } = setup();
    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    const form = await screen.findByRole("form", { name: "Forgot password" });
    const email = within(form).getByLabelText("Email");
    await user.click(within(form).getByRole("button", { name: "Send Code" }));
    const error = within(form).getByRole("alert");
    expect(error).toHaveTextContent("Please enter your email address.");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email.getAttribute("aria-describedby")).toContain(error.id);
    // The shared reveal moves the focus to it.
    await waitFor(() => expect(email).toHaveFocus());

    await user.type(email, "asha@example");
    await user.click(within(form).getByRole("button", { name: "Send Code" }));
    expect(within(form).getByRole("alert")).toHaveTextContent(messages.invalidEmailFormat);
    expect(spy).not.toHaveBeenCalled();
  });

  it("202: the code step shows the server's message, the countdown, and the code and password inputs for phones and password managers", async () => {
    const { user, callsTo } = setup();
    const form = await openCodeStep(user);
    expect(callsTo("POST", FORGOT)[0]?.body).toEqual({ email: EMAIL });
    expect(screen.getByText(messages.forgotPasswordSent)).toBeInTheDocument();
    expect(screen.getByTestId("verification-countdown")).toHaveTextContent("5:00");
    expect(screen.getByRole("button", { name: "Resend Code" })).toBeDisabled();
    const code = within(form).getByLabelText("Reset Code");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveFocus();
    expect(within(form).getByLabelText("New Password")).toHaveAttribute("autocomplete", "new-password");
    expect(within(form).getByRole("button", { name: /Password tips/ })).toBeInTheDocument();
  });

  it("success: sends e-mail, upper-cased code and password, then sign-in with the e-mail kept and the reset message", async () => {
    const { user, callsTo } = setup();
    await openCodeStep(user);
    await user.type(screen.getByLabelText("New Password"), "x");
    expect(screen.getByTestId("password-strength-label")).toBeInTheDocument();
    await fillReset(user, "ab12cd");
    expect(await screen.findByText(messages.passwordResetOk)).toBeInTheDocument();
    expect(callsTo("POST", RESET)[0]?.body).toEqual({ email: EMAIL, code: "AB12CD", password: NEW_PASSWORD });
    const signIn = screen.getByRole("form", { name: "Sign in" });
    expect(within(signIn).getByLabelText("Email")).toHaveValue(EMAIL);
  });

  it("empty code and a weak password: both errors on their fields, the code focused, nothing sent", async () => {
    const { user, callsTo } = setup();
    const form = await openCodeStep(user);
    await user.type(within(form).getByLabelText("New Password"), "abcdefg1");
    await user.click(within(form).getByRole("button", { name: "Reset Password" }));
    expect(within(form).getByText(messages.emptyCode)).toBeInTheDocument();
    expect(within(form).getByText(messages.passwordWeak)).toBeInTheDocument();
    expect(within(form).getByLabelText("Reset Code")).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByLabelText("New Password")).toHaveAttribute("aria-invalid", "true");
    // The first error (the code) has the focus.
    await waitFor(() => expect(within(form).getByLabelText("Reset Code")).toHaveFocus());
    expect(callsTo("POST", RESET)).toHaveLength(0);
  });

  it("wrong code (400 code_invalid): counts attempts; after 3 the maximum text and Reset blocked", async () => {
    const wrong: MockResponse = { status: 400, body: { error: messages.invalidCode, code: "code_invalid" } };
    const { user, callsTo } = setup([wrong]);
    const form = await openCodeStep(user);
    await fillReset(user, "AAAAAA");
    expect(await within(form).findByText(messages.invalidCodeUi)).toBeInTheDocument();
    expect(screen.getByTestId("verification-attempts")).toHaveTextContent("1 of 3");
    await fillReset(user, "BBBBBB");
    await waitFor(() => expect(screen.getByTestId("verification-attempts")).toHaveTextContent("2 of 3"));
    await fillReset(user, "CCCCCC");
    expect(await within(form).findByText(messages.maxAttemptsUi)).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Reset Password" })).toBeDisabled();
    expect(callsTo("POST", RESET)).toHaveLength(3);
    // Still on the code step: the password was not reset.
    expect(screen.queryByRole("form", { name: "Sign in" })).not.toBeInTheDocument();
  });

  it("404 code_not_found: the expired text; 429 too_many_attempts: the server's text and Reset blocked", async () => {
    const { user } = setup([
      { status: 404, body: { error: messages.codeNotFound, code: "code_not_found" } },
      { status: 429, body: { error: messages.tooManyAttempts, code: "too_many_attempts" } },
    ]);
    const form = await openCodeStep(user);
    await fillReset(user, "AAAAAA");
    expect(await within(form).findByText(messages.codeExpiredUi)).toBeInTheDocument();
    await fillReset(user, "BBBBBB");
    expect(await within(form).findByText(messages.tooManyAttempts)).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Reset Password" })).toBeDisabled();
  });

  it("400 for the password (validation_failed): the rule's text on the password field", async () => {
    const { user } = setup([
      {
        status: 400,
        body: { error: messages.passwordWeak, code: "validation_failed", messageCode: "password_weak" },
      },
    ]);
    const form = await openCodeStep(user);
    await fillReset(user, "AAAAAA");
    const passwordInput = within(form).getByLabelText("New Password");
    await waitFor(() => expect(passwordInput).toHaveAttribute("aria-invalid", "true"));
    expect(within(form).getByText(messages.passwordWeak)).toBeInTheDocument();
    expect(screen.getByTestId("verification-attempts")).toHaveTextContent("0 of 3");
  });

  it("429 on the request (a code went out under a minute ago): goes on to the code step saying the first code still works", async () => {
    const { user } = setup([resetOk], {
      status: 429,
      body: { error: messages.sendTooSoon, code: "resend_too_soon" },
    });
    await openCodeStep(user);
    expect(screen.getByText(/the one we sent a moment ago still works/)).toBeInTheDocument();
    expect(screen.queryByText(messages.sendTooSoon)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend Code" })).toBeDisabled();
  });

  it("Resend Code: a new code replaces the first, so the notice says to type the newest one", async () => {
    const { user } = setup([resetOk], {
      status: 202,
      body: { success: true, message: messages.forgotPasswordSent, expiresIn: 300, resendAfter: 0 },
    });
    await openCodeStep(user);
    await user.click(screen.getByRole("button", { name: "Resend Code" }));
    expect(await screen.findByText(/the earlier code no longer works/)).toBeInTheDocument();
  });

  it("Back to Sign In keeps the address", async () => {
    const { user } = setup();
    await openCodeStep(user);
    await user.click(screen.getByRole("button", { name: "Back to Sign In" }));
    const signIn = screen.getByRole("form", { name: "Sign in" });
    expect(within(signIn).getByLabelText("Email")).toHaveValue(EMAIL);
  });
});

describe("AuthCard after the signed-in app ended the session", () => {
  afterEach(() => clearSignInHandoff());

  it("sign out everywhere: sign-in with the e-mail and the notice", () => {
    mockFetch({});
    handOffToSignIn({ kind: "signin", email: EMAIL, notice: messages.signedOutEverywhere });
    renderWithProviders(<AuthCard />, { route: "/login" });
    expect(screen.getByText(messages.signedOutEverywhere)).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue(EMAIL);
  });

  it("e-mail change: the verification screen for the new address, with the notice; the handoff is used once", async () => {
    mockFetch({});
    handOffToSignIn({
      kind: "verify",
      start: { email: "new@example.com", expiresIn: 300, resendAfter: 60, notice: "Changed." },
    });
    const first = renderWithProviders(<AuthCard />, { route: "/login" });
    expect(await screen.findByRole("heading", { name: "Verify Your Email" })).toBeInTheDocument();
    expect(screen.getByText("new@example.com")).toBeInTheDocument();
    expect(screen.getByText("Changed.")).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<AuthCard />, { route: "/login" });
    expect(screen.getByRole("heading", { name: "Sign In" })).toBeInTheDocument();
  });
});
