import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import {
  AUTH_TOKEN_KEY,
  CURRENT_USER_KEY,
  TOKEN_DATA_KEY,
  getSession,
  logout,
  startSession,
} from "@/lib/auth";
import { customer, emailCheckOk } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { AuthCard } from "./auth-card";

const renderCard = () => renderWithProviders(<AuthCard />, { route: "/login" });
const signInForm = () => screen.getByRole("form", { name: "Sign in" });

async function fillSignIn(email: string, password: string) {
  const user = userEvent.setup();
  const form = signInForm();
  await user.type(within(form).getByLabelText("Email"), email);
  await user.type(within(form).getByLabelText("Password"), password);
  await user.click(within(form).getByRole("button", { name: "Sign In" }));
  return user;
}

describe("AuthCard", () => {
  beforeEach(() => {
    logout();
    window.sessionStorage.clear();
  });

  it("toggle: switches between sign in and create account modes", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderCard();
    expect(screen.getByRole("heading", { name: "Sign In" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(screen.getByRole("heading", { name: "Create Account" })).toBeInTheDocument();
    // The form is its own chunk (off /login's first load).
    expect(await screen.findByLabelText("Full Name")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByRole("heading", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Full Name")).not.toBeInTheDocument();
  });

  it("sign in with empty fields: shows both field errors and sends nothing", async () => {
    const { spy } = mockFetch({});
    const user = userEvent.setup();
    renderCard();
    await user.click(within(signInForm()).getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Please enter your email address.")).toBeInTheDocument();
    expect(screen.getByText("Please enter your password.")).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it("sign in 401: shows 'Invalid email or password'", async () => {
    mockFetch({ "POST /api/customers/login": { status: 401, body: { error: "Invalid email or password" } } });
    renderCard();
    await fillSignIn("asha@example.com", "Wrong#Pass1");
    expect(await screen.findByText(messages.invalidCredentials)).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it("sign in 503: maps the status to the service-unavailable text", async () => {
    mockFetch({ "POST /api/customers/login": { status: 503, body: { error: "down" } } });
    renderCard();
    await fillSignIn("asha@example.com", "Right#Pass1");
    expect(await screen.findByText(messages.serviceUnavailable)).toBeInTheDocument();
  });

  it("sign in success: stores token and user, goes to /dashboard", async () => {
    mockFetch({
      "POST /api/customers/login": {
        body: { customer, accessToken: "jwt-token", expiresIn: 3600, tokenType: "Bearer" },
      },
    });
    const { router } = renderCard();
    await fillSignIn("asha@example.com", "Right#Pass1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(window.localStorage.getItem(AUTH_TOKEN_KEY)).toBe("jwt-token");
    expect(JSON.parse(window.localStorage.getItem(TOKEN_DATA_KEY) ?? "{}")).toMatchObject({
      token: "jwt-token",
      tokenType: "Bearer",
    });
    expect(JSON.parse(window.localStorage.getItem(CURRENT_USER_KEY) ?? "{}")).toMatchObject({ id: 7 });
    expect(getSession()?.user.fullName).toBe("Asha Verma");
  });

  it("sign in 403 email_not_verified: sends a code and shows the verification screen", async () => {
    const { callsTo } = mockFetch({
      "POST /api/customers/login": {
        status: 403,
        body: { error: messages.emailNotVerified, code: "email_not_verified" },
      },
      "POST /api/auth/send-verification": {
        body: { success: true, message: "Verification code sent", expiresIn: 300, resendAfter: 60 },
      },
    });
    renderCard();
    await fillSignIn("asha@example.com", "Right#Pass1");
    expect(await screen.findByRole("heading", { name: "Verify Your Email" })).toBeInTheDocument();
    expect(screen.getByText("asha@example.com")).toBeInTheDocument();
    expect(callsTo("POST", "/api/auth/send-verification")[0]?.body).toEqual({ email: "asha@example.com" });
  });

  it("sign in 403 when send-verification answers 429 (Retry-After 45): says no new code went out and keeps the earlier code's timer", async () => {
    mockFetch({
      "POST /api/customers/login": { status: 403, body: { error: "x", code: "email_not_verified" } },
      "POST /api/auth/send-verification": {
        status: 429,
        body: { error: messages.sendTooSoon, code: "resend_too_soon" },
        headers: { "Retry-After": "45" },
      },
    });
    renderCard();
    await fillSignIn("asha@example.com", "Right#Pass1");
    expect(await screen.findByRole("heading", { name: "Verify Your Email" })).toBeInTheDocument();
    expect(screen.queryByText(messages.sendTooSoon)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.codeSent)).not.toBeInTheDocument();
    expect(
      screen.getByText(/We did not send a new code: the one we sent a moment ago still works\..*in 45 s\./),
    ).toBeInTheDocument();
    // The earlier code was sent 15 s ago: 300 - 15 = 285 s (4:45) left, not a fresh 5:00.
    expect(["4:45", "4:44"]).toContain(screen.getByTestId("verification-countdown").textContent);
    expect(screen.getByText(/You can request a new code in 0:4[45]/)).toBeInTheDocument();
  });

  it("'Keep me signed in': a labelled checkbox, at least 44 px tall, sends remember: true", async () => {
    const { callsTo } = mockFetch({
      "POST /api/customers/login": {
        body: { customer, accessToken: "jwt", expiresIn: 3600, tokenType: "Bearer" },
      },
    });
    renderCard();
    const box = within(signInForm()).getByRole("checkbox", { name: "Keep me signed in" });
    expect(box).not.toBeChecked();
    expect(box.closest("label")).toHaveClass("min-h-11");
    await userEvent.setup().click(within(signInForm()).getByText("Keep me signed in"));
    expect(box).toBeChecked();
    await fillSignIn("asha@example.com", "Right#Pass1");
    await waitFor(() => expect(getSession()).not.toBeNull());
    expect(callsTo("POST", "/api/customers/login")[0]?.body).toEqual({
      email: "asha@example.com",
      password: "Right#Pass1",
      remember: true,
    });
  });

  it("without 'Keep me signed in': sends remember: false", async () => {
    const { callsTo } = mockFetch({
      "POST /api/customers/login": {
        body: { customer, accessToken: "jwt", expiresIn: 3600, tokenType: "Bearer" },
      },
    });
    renderCard();
    await fillSignIn("asha@example.com", "Right#Pass1");
    await waitFor(() => expect(getSession()).not.toBeNull());
    expect(callsTo("POST", "/api/customers/login")[0]?.body).toMatchObject({ remember: false });
  });

  it("after a session ended by itself: the e-mail is filled in", () => {
    mockFetch({});
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    logout("expired");
    renderCard();
    expect(within(signInForm()).getByLabelText("Email")).toHaveValue(customer.email);
  });

  it("create account with nothing filled: name, 'Email is required' and password errors; the name is focused", async () => {
    const { spy } = mockFetch({});
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    const form = screen.getByRole("form", { name: "Create account" });
    await user.click(within(form).getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(messages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText("Full Name")).toHaveFocus());
    expect(screen.getByText(messages.passwordWeak)).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it("create account with an e-mail failing smtp_check: refuses with the validation text", async () => {
    const { callsTo } = mockFetch({
      "POST /api/email/verify-email": (request) => ({
        body: emailCheckOk(String((request.body as { email: string }).email), { smtp_check: false }),
      }),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await user.type(screen.getByLabelText("Full Name"), "Asha Verma");
    await user.type(screen.getByLabelText("Email"), "asha@mailinator.com");
    await user.type(screen.getByLabelText("Password"), "Strong#Pass1");
    await user.click(
      within(screen.getByRole("form", { name: "Create account" })).getByRole("button", {
        name: "Create Account",
      }),
    );
    expect(await screen.findByText(messages.emailValidationFailed)).toBeInTheDocument();
    expect(screen.getByText(messages.emailNotValid)).toBeInTheDocument();
    expect(callsTo("POST", "/api/customers/register")).toHaveLength(0);
  });

  it("create account success: registers and shows the verification screen for the e-mail", async () => {
    const { callsTo } = mockFetch({
      "POST /api/email/verify-email": (request) => ({
        body: emailCheckOk(String((request.body as { email: string }).email)),
      }),
      "POST /api/customers/register": { status: 201, body: { ...customer, emailVerified: false } },
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await user.type(screen.getByLabelText("Full Name"), "Asha Verma");
    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.type(screen.getByLabelText("Password"), "Strong#Pass1");
    await user.click(
      within(screen.getByRole("form", { name: "Create account" })).getByRole("button", {
        name: "Create Account",
      }),
    );
    expect(await screen.findByRole("heading", { name: "Verify Your Email" })).toBeInTheDocument();
    expect(callsTo("POST", "/api/customers/register")[0]?.body).toEqual({
      fullName: "Asha Verma",
      email: "asha@example.com",
      password: "Strong#Pass1",
      // The language the page is read in becomes the account's.
      language: "en",
    });
  });

  it("create account 409: shows the server's message", async () => {
    mockFetch({
      "POST /api/email/verify-email": (request) => ({
        body: emailCheckOk(String((request.body as { email: string }).email)),
      }),
      "POST /api/customers/register": {
        status: 409,
        body: { error: messages.emailAlreadyExists, code: "email_taken" },
      },
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await user.type(screen.getByLabelText("Full Name"), "Asha Verma");
    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.type(screen.getByLabelText("Password"), "Strong#Pass1");
    await user.click(
      within(screen.getByRole("form", { name: "Create account" })).getByRole("button", {
        name: "Create Account",
      }),
    );
    expect(await screen.findByText(messages.emailAlreadyExists)).toBeInTheDocument();
  });

  it("verification success: returns to sign in with the e-mail kept and the success message", async () => {
    mockFetch({
      "POST /api/customers/login": { status: 403, body: { error: "x", code: "email_not_verified" } },
      "POST /api/auth/send-verification": {
        body: { success: true, message: "sent", expiresIn: 300, resendAfter: 60 },
      },
      "POST /api/auth/verify-email": { body: { success: true, verified: true, message: "Email verified" } },
    });
    renderCard();
    const user = await fillSignIn("asha@example.com", "Right#Pass1");
    await screen.findByRole("heading", { name: "Verify Your Email" });
    await user.type(screen.getByLabelText("Verification Code"), "ab12cd");
    await user.click(screen.getByRole("button", { name: "Verify Email" }));
    expect(await screen.findByText(messages.verifiedOk)).toBeInTheDocument();
    expect(within(signInForm()).getByLabelText("Email")).toHaveValue("asha@example.com");
  });
});
