// The sign-in card, its errors and the account forms in the reader's language.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { messages, type AccountActionResponse } from "@lab/contracts";

import { ChangePasswordForm } from "@/components/account/change-password-form";
import { ToastProvider, useToast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api-client";
import { logout } from "@/lib/auth";
import { getLanguage, setLanguage } from "@/lib/i18n/i18n";
import { customer, emailCheckOk } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { AuthCard } from "./auth-card";

function RaiseToast() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.warning(messages.sessionEnded)}>
      raise
    </button>
  );
}

const renderCard = () => renderWithProviders(<AuthCard />, { route: "/login" });

describe("auth in the reader's language", () => {
  beforeEach(() => {
    logout();
    window.sessionStorage.clear();
  });

  it("Telugu: the sign-in card's heading, labels and its own field errors", async () => {
    const { spy } = mockFetch({});
    await act(async () => {
      await setLanguage("te");
    });
    const user = userEvent.setup();
    renderCard();
    expect(screen.getByRole("heading", { name: "సైన్ ఇన్" })).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "సైన్ ఇన్" });
    expect(within(form).getByLabelText("ఇమెయిల్")).toBeInTheDocument();
    expect(within(form).getByLabelText("పాస్‌వర్డ్")).toBeInTheDocument();
    expect(within(form).getByLabelText("నన్ను సైన్ ఇన్‌లోనే ఉంచండి")).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "సైన్ ఇన్" }));
    expect(await screen.findByText("దయచేసి మీ ఇమెయిల్ చిరునామాను నమోదు చేయండి.")).toBeInTheDocument();
    expect(screen.getByText("దయచేసి మీ పాస్‌వర్డ్‌ను నమోదు చేయండి.")).toBeInTheDocument();
    expect(screen.queryByText("Sign In")).not.toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it("Hindi: a server error is shown by its messageCode, whatever its English text", async () => {
    mockFetch({
      "POST /api/customers/login": {
        status: 429,
        body: { error: "Slow down, please", code: "rate_limited", messageCode: "too_many_requests" },
      },
    });
    await act(async () => {
      await setLanguage("hi");
    });
    const user = userEvent.setup();
    renderCard();
    const form = screen.getByRole("form", { name: "साइन इन" });
    await user.type(within(form).getByLabelText("ईमेल"), "asha@example.com");
    await user.type(within(form).getByLabelText("पासवर्ड"), "Right#Pass1");
    await user.click(within(form).getByRole("button", { name: "साइन इन करें" }));
    expect(await screen.findByText("बहुत अधिक अनुरोध। कृपया कुछ देर बाद फिर से कोशिश करें।")).toBeInTheDocument();
    expect(screen.queryByText("Slow down, please")).not.toBeInTheDocument();
  });

  it("Hindi: a spec message without a code is localized by its English text", async () => {
    mockFetch({ "POST /api/customers/login": { status: 401, body: { error: messages.invalidCredentials } } });
    await act(async () => {
      await setLanguage("hi");
    });
    const user = userEvent.setup();
    renderCard();
    const form = screen.getByRole("form", { name: "साइन इन" });
    await user.type(within(form).getByLabelText("ईमेल"), "asha@example.com");
    await user.type(within(form).getByLabelText("पासवर्ड"), "Wrong#Pass1");
    await user.click(within(form).getByRole("button", { name: "साइन इन करें" }));
    expect(await screen.findByText("ईमेल या पासवर्ड गलत है")).toBeInTheDocument();
  });

  it("Telugu: a zod field error (a spec message) of the change-password form", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    const submit = vi.fn(async (): Promise<AccountActionResponse> => ({ success: true, message: "ok" }));
    const user = userEvent.setup();
    renderWithProviders(<ChangePasswordForm idPrefix="te" submit={submit} />);
    const form = screen.getByRole("form", { name: "పాస్‌వర్డ్ మార్చండి" });
    await user.click(within(form).getByRole("button", { name: "పాస్‌వర్డ్ మార్చండి" }));
    const current = within(form).getByLabelText("ప్రస్తుత పాస్‌వర్డ్");
    await waitFor(() => expect(current).toHaveAttribute("aria-invalid", "true"));
    const error = document.getElementById(current.getAttribute("aria-describedby")?.split(" ")[0] ?? "");
    expect(error).toHaveTextContent("దయచేసి మీ ప్రస్తుత పాస్‌వర్డ్‌ను నమోదు చేయండి.");
    expect(submit).not.toHaveBeenCalled();
  });

  it("register sends the language the page is read in", async () => {
    const { callsTo } = mockFetch({
      "POST /api/email/verify-email": (request) => ({
        body: emailCheckOk(String((request.body as { email: string }).email)),
      }),
      "POST /api/customers/register": { status: 201, body: { ...customer, emailVerified: false } },
    });
    await act(async () => {
      await setLanguage("te");
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole("button", { name: "ఖాతా సృష్టించండి" }));
    const form = await screen.findByRole("form", { name: "ఖాతా సృష్టించండి" });
    await user.type(within(form).getByLabelText("పూర్తి పేరు"), "లక్ష్మి");
    await user.type(within(form).getByLabelText("ఇమెయిల్"), "lakshmi@example.com");
    await user.type(within(form).getByLabelText("పాస్‌వర్డ్"), "Strong#Pass1");
    await user.click(within(form).getByRole("button", { name: "ఖాతా సృష్టించండి" }));
    expect(await screen.findByRole("heading", { name: "మీ ఇమెయిల్‌ను ధ్రువీకరించండి" })).toBeInTheDocument();
    expect(callsTo("POST", "/api/customers/register")[0]?.body).toMatchObject({
      email: "lakshmi@example.com",
      language: "te",
    });
  });

  it("sign-in: the account's language follows the person to this device", async () => {
    mockFetch({
      "POST /api/customers/login": {
        body: {
          customer: { ...customer, language: "hi" },
          accessToken: "jwt-token",
          expiresIn: 3600,
          tokenType: "Bearer",
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderCard();
    const form = screen.getByRole("form", { name: "Sign in" });
    await user.type(within(form).getByLabelText("Email"), "asha@example.com");
    await user.type(within(form).getByLabelText("Password"), "Right#Pass1");
    await user.click(within(form).getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    await waitFor(() => expect(getLanguage()).toBe("hi"));
  });

  it("Telugu: a toast raised with a spec message's English, and the toasts' labels", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ToastProvider duration={60_000}>
        <RaiseToast />
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: "raise" }));
    const region = await screen.findByRole("region", { name: "స్థితి సందేశాలు" });
    expect(within(region).getByText("మీ సెషన్ ముగిసింది. దయచేసి మళ్ళీ సైన్ ఇన్ చేయండి.")).toBeInTheDocument();
    expect(within(region).getByRole("button", { name: "సందేశాన్ని మూసివేయండి" })).toBeInTheDocument();
  });

  it("ApiError keeps the English message and carries the server's messageCode", () => {
    const error = new ApiError(401, messages.invalidCredentials, "invalid_credentials", {
      error: messages.invalidCredentials,
      code: "invalid_credentials",
      messageCode: "invalid_credentials",
    });
    expect(error.message).toBe("Invalid email or password");
    expect(error.messageCode).toBe("invalid_credentials");
    expect(new ApiError(500, messages.serverError).messageCode).toBeUndefined();
  });
});
