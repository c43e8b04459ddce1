import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { CURRENT_USER_KEY, getSession, logout } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { AuthCard } from "./auth-card";
import { PhoneSignIn } from "./phone-sign-in";

const CODE = "POST /api/auth/phone/code";
const SIGN_IN = "POST /api/auth/phone/sign-in";
const sent: MockResponse = {
  status: 202,
  body: { sent: true, expiresInSeconds: 300, resendAfterSeconds: 60 },
};
/** A member who signed up with a number: no e-mail address. */
const phoneMember = { ...customer, email: null, phoneNumber: "+919440012345", phoneVerified: true };
const signedIn: MockResponse = {
  body: { customer: phoneMember, accessToken: "jwt-phone", expiresIn: 3600, tokenType: "Bearer" },
};
const wrongCode: MockResponse = {
  status: 400,
  body: {
    error: "That code is not right. Tries left: 2.",
    code: "code_invalid",
    messageCode: "phone_code_wrong",
    params: { attemptsLeft: 2 },
  },
};

const codeForm = () => screen.getByRole("form", { name: "Sign in with a code" });

async function sendCodeTo(user: ReturnType<typeof userEvent.setup>, phone: string) {
  await user.type(within(codeForm()).getByLabelText("Mobile Number"), phone);
  await user.click(within(codeForm()).getByRole("button", { name: "Send Code" }));
  // The code step is a form of its own.
  return screen.findByLabelText("SMS Code");
}

describe("Sign in with a code (the Sign In card)", () => {
  beforeEach(() => {
    logout();
    window.sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("AuthCard: the 'Sign in with a code' link turns the card to the number (?with=code) and 'Use password instead' turns it back", async () => {
    mockFetch({});
    const user = userEvent.setup();
    const { router } = renderWithProviders(<AuthCard />, { route: "/login" });
    // A link (the phone's Back button undoes it), so the password form's "Sign In" button stays the only one.
    expect(screen.getAllByRole("button", { name: /sign in/i })).toHaveLength(1);
    await user.click(screen.getByRole("link", { name: "Sign in with a code" }));
    expect(router.state.location.search).toBe("?with=code");
    expect(screen.getByRole("heading", { name: "Sign In" })).toBeInTheDocument();
    const phone = await within(
      await screen.findByRole("form", { name: "Sign in with a code" }),
    ).findByLabelText("Mobile Number");
    expect(phone).toHaveAttribute("type", "tel");
    expect(phone).toHaveAttribute("autocomplete", "tel");
    expect(screen.queryByRole("form", { name: "Sign in" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Use password instead" }));
    expect(router.state.location.search).toBe("");
    expect(
      within(screen.getByRole("form", { name: "Sign in" })).getByLabelText("Password"),
    ).toBeInTheDocument();
  });

  it("no number: 'Enter a mobile number.' at the field, marked invalid, and nothing is sent", async () => {
    const { spy } = mockFetch({ [CODE]: sent });
    const user = userEvent.setup();
    renderWithProviders(<PhoneSignIn />, { route: "/login" });
    await user.click(within(codeForm()).getByRole("button", { name: "Send Code" }));
    expect(await screen.findByText(messages.mobileNumberRequired)).toBeInTheDocument();
    expect(within(codeForm()).getByLabelText("Mobile Number")).toHaveAttribute("aria-invalid", "true");
    expect(spy).not.toHaveBeenCalled();
  });

  it("Send Code posts the number as typed for sign-in; the code field is a 6-digit one-time code on a number pad", async () => {
    const { callsTo } = mockFetch({ [CODE]: sent });
    const user = userEvent.setup();
    renderWithProviders(<PhoneSignIn />, { route: "/login" });
    const code = await sendCodeTo(user, "94400 12345");
    expect(callsTo("POST", "/api/auth/phone/code")[0]?.body).toEqual({
      phone: "94400 12345",
      purpose: "sign-in",
      language: "en",
    });
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByText("94400 12345")).toBeInTheDocument();
    // Spaces and words pasted with the code are dropped; at most 6 digits stay.
    await user.type(code, "12 34-56 7");
    expect(code).toHaveValue("123456");
  });

  it("the code with 'Keep me signed in': posts phone, code and rememberMe, starts the session like the password sign-in and opens /dashboard", async () => {
    const { callsTo } = mockFetch({ [CODE]: sent, [SIGN_IN]: signedIn });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<PhoneSignIn />, { route: "/login" });
    const code = await sendCodeTo(user, "+91 94400-12345");
    await user.type(code, "654321");
    await user.click(within(codeForm()).getByRole("checkbox", { name: "Keep me signed in" }));
    await user.click(within(codeForm()).getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(callsTo("POST", "/api/auth/phone/sign-in")[0]?.body).toEqual({
      phone: "+91 94400-12345",
      code: "654321",
      rememberMe: true,
    });
    expect(getSession()?.token.token).toBe("jwt-phone");
    // A member without an e-mail address is a session like any other.
    expect(JSON.parse(window.localStorage.getItem(CURRENT_USER_KEY) ?? "{}")).toMatchObject({
      id: 7,
      email: null,
      phoneVerified: true,
    });
  });

  it("without 'Keep me signed in': rememberMe false", async () => {
    const { callsTo } = mockFetch({ [CODE]: sent, [SIGN_IN]: signedIn });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<PhoneSignIn />, { route: "/login" });
    await user.type(await sendCodeTo(user, "9440012345"), "111111");
    await user.click(within(codeForm()).getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(callsTo("POST", "/api/auth/phone/sign-in")[0]?.body).toMatchObject({ rememberMe: false });
  });

  it("a short code: 'Enter the 6-digit code.' at the code, nothing sent", async () => {
    const { callsTo } = mockFetch({ [CODE]: sent, [SIGN_IN]: signedIn });
    const user = userEvent.setup();
    renderWithProviders(<PhoneSignIn />, { route: "/login" });
    await user.type(await sendCodeTo(user, "9440012345"), "123");
    await user.click(within(codeForm()).getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText(messages.phoneCodeRequired)).toBeInTheDocument();
    expect(callsTo("POST", "/api/auth/phone/sign-in")).toHaveLength(0);
  });

  it("a wrong code: the server's words with the tries left stand at the code field, which is marked and focused", async () => {
    mockFetch({ [CODE]: sent, [SIGN_IN]: wrongCode });
    const user = userEvent.setup();
    renderWithProviders(<PhoneSignIn />, { route: "/login" });
    const code = await sendCodeTo(user, "9440012345");
    await user.type(code, "000000");
    await user.click(within(codeForm()).getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("That code is not right. Tries left: 2.")).toBeInTheDocument();
    expect(code).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(code).toHaveFocus());
    expect(getSession()).toBeNull();
  });

  it("the service down (503) on Send Code: the card's error banner says so, and the number stays", async () => {
    mockFetch({ [CODE]: { status: 503, body: { error: "down" } } });
    const user = userEvent.setup();
    renderWithProviders(<PhoneSignIn />, { route: "/login" });
    await user.type(within(codeForm()).getByLabelText("Mobile Number"), "9440012345");
    await user.click(within(codeForm()).getByRole("button", { name: "Send Code" }));
    const banner = await screen.findByText(messages.serviceUnavailable);
    expect(banner.closest("[data-error-banner]")).not.toBeNull();
    expect(within(codeForm()).getByLabelText("Mobile Number")).toHaveValue("9440012345");
  });

  it("a number the server refuses (400 naming phone): its words at the number field", async () => {
    mockFetch({
      [CODE]: {
        status: 400,
        body: {
          error: messages.phoneOnlyIndian,
          code: "validation_failed",
          messageCode: "phone_only_indian",
          field: "phone",
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PhoneSignIn />, { route: "/login" });
    await user.type(within(codeForm()).getByLabelText("Mobile Number"), "+44 7700 900123");
    await user.click(within(codeForm()).getByRole("button", { name: "Send Code" }));
    expect(await screen.findByText(messages.phoneOnlyIndian)).toBeInTheDocument();
    expect(within(codeForm()).getByLabelText("Mobile Number")).toHaveAttribute("aria-invalid", "true");
  });

  it("Send Code answered 429 resend_too_soon (Retry-After 40): on to the code, saying the earlier code still works", async () => {
    mockFetch({
      [CODE]: {
        status: 429,
        headers: { "Retry-After": "40" },
        body: { error: messages.sendTooSoon, code: "resend_too_soon" },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PhoneSignIn />, { route: "/login" });
    await sendCodeTo(user, "9440012345");
    expect(
      screen.getByText(/the one we sent a moment ago still works\. You can ask for another in 40 s\./),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend Code" })).toBeDisabled();
  });

  it("Change Number goes back to the number, kept for correcting", async () => {
    mockFetch({ [CODE]: sent });
    const user = userEvent.setup();
    renderWithProviders(<PhoneSignIn />, { route: "/login" });
    await sendCodeTo(user, "9440012345");
    await user.click(screen.getByRole("button", { name: "Change Number" }));
    expect(within(codeForm()).getByLabelText("Mobile Number")).toHaveValue("9440012345");
  });
});

describe("Sign in with a code: the resend countdown", () => {
  beforeEach(() => {
    logout();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("Resend Code waits 60 s, counting down each second; then sends a new code and says to type the newest", async () => {
    const { callsTo } = mockFetch({ [CODE]: sent });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<PhoneSignIn />, { route: "/login" });
    await sendCodeTo(user, "9440012345");
    const resend = screen.getByRole("button", { name: "Resend Code" });
    expect(resend).toBeDisabled();
    expect(screen.getByTestId("resend-countdown")).toHaveTextContent("1:00");
    expect(screen.getByTestId("phone-code-expires")).toHaveTextContent("5:00");

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(screen.getByTestId("resend-countdown")).toHaveTextContent("0:45");
    expect(resend).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(screen.queryByTestId("resend-countdown")).not.toBeInTheDocument();
    expect(resend).toBeEnabled();
    await user.click(resend);
    await waitFor(() => expect(callsTo("POST", "/api/auth/phone/code")).toHaveLength(2));
    expect(callsTo("POST", "/api/auth/phone/code")[1]?.body).toEqual({
      phone: "9440012345",
      purpose: "sign-in",
      language: "en",
    });
    expect(await screen.findByText(/A new code is on its way by SMS/)).toBeInTheDocument();
    expect(screen.getByTestId("resend-countdown")).toHaveTextContent("1:00");
  });

  it("a code left for 5 minutes runs out: the expiry warning shows and Sign In is blocked", async () => {
    mockFetch({ [CODE]: sent, [SIGN_IN]: signedIn });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<PhoneSignIn />, { route: "/login" });
    await sendCodeTo(user, "9440012345");
    await act(() => vi.advanceTimersByTimeAsync(300_000));
    expect(screen.getByText(messages.phoneCodeExpired)).toBeInTheDocument();
    expect(within(codeForm()).getByRole("button", { name: "Sign In" })).toBeDisabled();
  });
});
