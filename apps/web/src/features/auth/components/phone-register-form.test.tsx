import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { getSession, logout } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { AuthCard } from "./auth-card";
import { RegisterForm } from "./register-form";

const CODE = "POST /api/auth/phone/code";
const REGISTER = "POST /api/auth/phone/register";
const PASSWORD = "Shrimp#Pond2024";
const sent: MockResponse = {
  status: 202,
  body: { sent: true, expiresInSeconds: 300, resendAfterSeconds: 60 },
};
const created: MockResponse = {
  status: 201,
  body: {
    customer: { ...customer, email: null, phoneNumber: "+919440012345", phoneVerified: true },
    accessToken: "jwt-new",
    expiresIn: 3600,
    tokenType: "Bearer",
  },
};

const phoneForm = () => screen.getByRole("form", { name: "Create account with a mobile number" });

async function openPhoneRegister(user: ReturnType<typeof userEvent.setup>) {
  const view = renderWithProviders(<RegisterForm onRegistered={vi.fn()} />, { route: "/login" });
  await user.click(screen.getByRole("button", { name: "Register with a mobile number instead" }));
  return view;
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>, email = "") {
  const form = phoneForm();
  await user.type(within(form).getByLabelText("Full Name"), "Ravi Kumar");
  await user.type(within(form).getByLabelText("Mobile Number"), "94400 12345");
  if (email) await user.type(within(form).getByLabelText("Email (optional)"), email);
  await user.type(within(form).getByLabelText("Password"), PASSWORD);
  await user.click(within(form).getByRole("button", { name: "Send Code" }));
}

describe("Create Account with a mobile number", () => {
  beforeEach(() => {
    logout();
    window.sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("the choice: the e-mail form by default; 'Register with a mobile number instead' swaps it for the number form (e-mail optional), and back", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<AuthCard />, { route: "/login" });
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    const emailForm = await screen.findByRole("form", { name: "Create account" });
    expect(within(emailForm).getByLabelText("Email")).toHaveAttribute("type", "email");

    await user.click(screen.getByRole("button", { name: "Register with a mobile number instead" }));
    const form = phoneForm();
    expect(within(form).getByLabelText("Mobile Number")).toHaveAttribute("type", "tel");
    expect(within(form).getByLabelText("Mobile Number")).toHaveAttribute("autocomplete", "tel");
    expect(within(form).getByLabelText("Email (optional)")).toHaveAttribute("type", "email");
    expect(within(form).queryByLabelText("Email")).not.toBeInTheDocument();
    // The password rules and strength hints are today's.
    expect(within(form).getByText("Password tips")).toBeInTheDocument();
    await user.type(within(form).getByLabelText("Password"), "abc");
    expect(within(form).getByText("Password strength")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Register with an e-mail address instead" }));
    expect(
      within(screen.getByRole("form", { name: "Create account" })).getByLabelText("Email"),
    ).toBeInTheDocument();
  });

  it("missing name and number, a weak password: each error at its field, nothing sent", async () => {
    const { spy } = mockFetch({ [CODE]: sent });
    const user = userEvent.setup();
    await openPhoneRegister(user);
    await user.type(within(phoneForm()).getByLabelText("Password"), "weak");
    await user.click(within(phoneForm()).getByRole("button", { name: "Send Code" }));
    expect(await screen.findByText(messages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.mobileNumberRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordWeak)).toBeInTheDocument();
    expect(within(phoneForm()).getByLabelText("Mobile Number")).toHaveAttribute("aria-invalid", "true");
    expect(spy).not.toHaveBeenCalled();
  });

  it("a malformed optional e-mail is refused before any code is sent", async () => {
    const { spy } = mockFetch({ [CODE]: sent });
    const user = userEvent.setup();
    await openPhoneRegister(user);
    await fillDetails(user, "ravi@");
    expect(await screen.findByText(messages.invalidEmailFormat)).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it("Send Code asks a register code for the number; the code then creates the account (no e-mail: none sent) and signs in to /dashboard", async () => {
    const { callsTo } = mockFetch({ [CODE]: sent, [REGISTER]: created });
    const user = userEvent.setup();
    const { router } = await openPhoneRegister(user);
    await fillDetails(user);
    expect(callsTo("POST", "/api/auth/phone/code")[0]?.body).toEqual({
      phone: "94400 12345",
      purpose: "register",
      language: "en",
    });
    const code = await screen.findByLabelText("SMS Code");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(screen.getByText("94400 12345")).toBeInTheDocument();
    await user.type(code, "246810");
    await user.click(within(phoneForm()).getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(callsTo("POST", "/api/auth/phone/register")[0]?.body).toEqual({
      phone: "94400 12345",
      code: "246810",
      fullName: "Ravi Kumar",
      password: PASSWORD,
      language: "en",
    });
    expect(getSession()?.user).toMatchObject({ email: null, phoneVerified: true });
  });

  it("an e-mail given is sent with the account", async () => {
    const { callsTo } = mockFetch({ [CODE]: sent, [REGISTER]: created });
    const user = userEvent.setup();
    const { router } = await openPhoneRegister(user);
    await fillDetails(user, "ravi@example.com");
    await user.type(await screen.findByLabelText("SMS Code"), "246810");
    await user.click(within(phoneForm()).getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(callsTo("POST", "/api/auth/phone/register")[0]?.body).toMatchObject({ email: "ravi@example.com" });
  });

  it("the e-mail already registered (409 naming email): back to the details with the error at the e-mail; the code still good is not asked for again", async () => {
    const { callsTo } = mockFetch({
      [CODE]: sent,
      [REGISTER]: {
        status: 409,
        body: {
          error: messages.emailAlreadyExists,
          code: "email_taken",
          messageCode: "email_taken",
          field: "email",
        },
      },
    });
    const user = userEvent.setup();
    await openPhoneRegister(user);
    await fillDetails(user, "taken@example.com");
    await user.type(await screen.findByLabelText("SMS Code"), "246810");
    await user.click(within(phoneForm()).getByRole("button", { name: "Create Account" }));
    const email = await within(phoneForm()).findByLabelText("Email (optional)");
    expect(await screen.findByText(messages.emailAlreadyExists)).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    await user.clear(email);
    await user.click(within(phoneForm()).getByRole("button", { name: "Send Code" }));
    expect(await screen.findByLabelText("SMS Code")).toBeInTheDocument();
    expect(callsTo("POST", "/api/auth/phone/code")).toHaveLength(1);
  });

  it("an expired code (400 phone_code_expired): the words stand at the code field", async () => {
    mockFetch({
      [CODE]: sent,
      [REGISTER]: {
        status: 400,
        body: { error: messages.phoneCodeExpired, code: "code_not_found", messageCode: "phone_code_expired" },
      },
    });
    const user = userEvent.setup();
    await openPhoneRegister(user);
    await fillDetails(user);
    const code = await screen.findByLabelText("SMS Code");
    await user.type(code, "246810");
    await user.click(within(phoneForm()).getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(messages.phoneCodeExpired)).toBeInTheDocument();
    expect(code).toHaveAttribute("aria-invalid", "true");
    expect(getSession()).toBeNull();
  });
});
