import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { VerificationScreen } from "./verification-screen";

const VERIFY = "/api/auth/verify-email";
const RESEND = "/api/auth/resend-verification";
const sent = {
  success: true,
  message: "Verification code sent to your email.",
  expiresIn: 300,
  resendAfter: 60,
};

function setup(verifyAnswers: MockResponse[] = [], onVerified = vi.fn()) {
  let call = 0;
  const fetchMock = mockFetch({
    [`POST ${VERIFY}`]: () => verifyAnswers[Math.min(call++, verifyAnswers.length - 1)] ?? { status: 500 },
    [`POST ${RESEND}`]: { body: sent },
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(
    <VerificationScreen
      start={{ email: "asha@example.com", expiresIn: 300, resendAfter: 60 }}
      onVerified={onVerified}
      onBack={() => undefined}
    />,
  );
  const input = screen.getByLabelText("Verification Code");
  const verifyButton = screen.getByRole("button", { name: "Verify Email" });
  const resendButton = screen.getByRole("button", { name: "Resend Code" });
  return { ...fetchMock, user, input, verifyButton, resendButton, onVerified };
}

const wrongCode: MockResponse = {
  status: 400,
  body: { error: "Invalid verification code", code: "code_invalid" },
};
const elapse = (seconds: number) => act(() => vi.advanceTimersByTimeAsync(seconds * 1000));

describe("VerificationScreen", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("code input: upper-cases as typed and keeps at most 6 characters", async () => {
    const { user, input } = setup();
    await user.type(input, "ab12cd9z");
    expect(input).toHaveValue("AB12CD");
    expect(input).toHaveAttribute("maxLength", "6");
  });

  it("countdown: starts at 5:00 and shows the time left each second", async () => {
    setup();
    expect(screen.getByTestId("verification-countdown")).toHaveTextContent("5:00");
    await elapse(1);
    expect(screen.getByTestId("verification-countdown")).toHaveTextContent("4:59");
    await elapse(119);
    expect(screen.getByTestId("verification-countdown")).toHaveTextContent("3:00");
  });

  it("resend: disabled with a countdown until 60 s, then enabled", async () => {
    const { resendButton } = setup();
    expect(resendButton).toBeDisabled();
    expect(screen.getByTestId("resend-countdown")).toHaveTextContent("1:00");
    await elapse(59);
    expect(resendButton).toBeDisabled();
    expect(screen.getByTestId("resend-countdown")).toHaveTextContent("0:01");
    await elapse(1);
    expect(resendButton).toBeEnabled();
    expect(screen.queryByTestId("resend-countdown")).not.toBeInTheDocument();
  });

  it("expiry at 300 s: shows the expired text and disables Verify", async () => {
    const { verifyButton } = setup();
    await elapse(299);
    expect(screen.queryByText(messages.codeExpiredUi)).not.toBeInTheDocument();
    await elapse(1);
    expect(screen.getByText(messages.codeExpiredUi)).toBeInTheDocument();
    expect(screen.getByTestId("verification-countdown")).toHaveTextContent("0:00");
    expect(verifyButton).toBeDisabled();
  });

  it("empty code: asks for the code without a request", async () => {
    const { user, verifyButton, callsTo } = setup();
    await user.click(verifyButton);
    expect(screen.getByText(messages.emptyCode)).toBeInTheDocument();
    expect(callsTo("POST", VERIFY)).toHaveLength(0);
  });

  it("success: sends the upper-cased code and reports the e-mail", async () => {
    const { user, input, verifyButton, callsTo, onVerified } = setup([
      { body: { success: true, verified: true, message: "ok" } },
    ]);
    await user.type(input, "ab12cd");
    await user.click(verifyButton);
    expect(callsTo("POST", VERIFY)[0]?.body).toEqual({ email: "asha@example.com", code: "AB12CD" });
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith("asha@example.com", "verifiedOk"));
  });

  it("attempts: counts wrong codes, and after 3 shows the maximum text and blocks Verify", async () => {
    const { user, input, verifyButton } = setup([wrongCode]);
    await user.type(input, "AAAAAA");
    await user.click(verifyButton);
    expect(await screen.findByText(messages.invalidCodeUi)).toBeInTheDocument();
    expect(screen.getByTestId("verification-attempts")).toHaveTextContent("1 of 3");
    await user.click(verifyButton);
    await waitFor(() => expect(screen.getByTestId("verification-attempts")).toHaveTextContent("2 of 3"));
    await user.click(verifyButton);
    expect(await screen.findByText(messages.maxAttemptsUi)).toBeInTheDocument();
    expect(screen.getByTestId("verification-attempts")).toHaveTextContent("3 of 3");
    expect(verifyButton).toBeDisabled();
  });

  it("server 429 too_many_attempts: shows its message and blocks Verify", async () => {
    const { user, input, verifyButton } = setup([
      { status: 429, body: { error: messages.tooManyAttempts, code: "too_many_attempts" } },
    ]);
    await user.type(input, "AAAAAA");
    await user.click(verifyButton);
    expect(await screen.findByText(messages.tooManyAttempts)).toBeInTheDocument();
    expect(verifyButton).toBeDisabled();
  });

  it("server 404: shows the expired text", async () => {
    const { user, input, verifyButton } = setup([
      { status: 404, body: { error: messages.codeNotFound, code: "code_not_found" } },
    ]);
    await user.type(input, "AAAAAA");
    await user.click(verifyButton);
    expect(await screen.findByText(messages.codeExpiredUi)).toBeInTheDocument();
  });

  it("resend: resets the attempts, restarts both countdowns and confirms", async () => {
    const { user, input, verifyButton, resendButton, callsTo } = setup([wrongCode]);
    await user.type(input, "AAAAAA");
    await user.click(verifyButton);
    await screen.findByText(messages.invalidCodeUi);
    await elapse(100);
    expect(screen.getByTestId("verification-countdown")).toHaveTextContent("3:20");
    await user.click(resendButton);
    expect(await screen.findByText(sent.message)).toBeInTheDocument();
    expect(callsTo("POST", RESEND)[0]?.body).toEqual({ email: "asha@example.com" });
    expect(screen.getByTestId("verification-attempts")).toHaveTextContent("0 of 3");
    expect(screen.getByTestId("verification-countdown")).toHaveTextContent("5:00");
    expect(resendButton).toBeDisabled();
    expect(input).toHaveValue("");
  });

  it("dev mailbox: links to /dev/mailbox in development", () => {
    setup();
    expect(screen.getByRole("link", { name: "Open the dev mailbox" })).toHaveAttribute(
      "href",
      "/dev/mailbox",
    );
  });

  it("Resend refused (429, Retry-After 20): says so, keeps the current code's countdown and waits 0:20 to offer Resend again", async () => {
    mockFetch({
      [`POST ${RESEND}`]: {
        status: 429,
        body: { error: messages.sendTooSoon, code: "resend_too_soon" },
        headers: { "Retry-After": "20" },
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(
      <VerificationScreen
        start={{ email: "asha@example.com", expiresIn: 250, resendAfter: 0 }}
        onVerified={vi.fn()}
        onBack={() => undefined}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Resend Code" }));
    expect(await screen.findByText(messages.sendTooSoon)).toBeInTheDocument();
    // The code already mailed still counts down from 4:10; no fresh 5:00.
    expect(screen.getByTestId("verification-countdown")).toHaveTextContent(/^4:(10|09)$/);
    expect(screen.getByRole("button", { name: "Resend Code" })).toBeDisabled();
    expect(screen.getByText(/You can request a new code in 0:(20|19)/)).toBeInTheDocument();
    await elapse(20);
    expect(screen.getByRole("button", { name: "Resend Code" })).toBeEnabled();
  });
});
