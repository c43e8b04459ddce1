import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { emailCheckOk } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { RegisterForm } from "../components/register-form";

const CHECK = "/api/email/verify-email";

function setup(overrides: Record<string, unknown> = {}, status = 200) {
  const fetchMock = mockFetch({
    [`POST ${CHECK}`]: (request) => ({
      status,
      body: emailCheckOk(String((request.body as { email: string }).email), overrides),
    }),
  });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(<RegisterForm onRegistered={() => undefined} />);
  return { ...fetchMock, user, input: screen.getByLabelText("Email") };
}

describe("e-mail check", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("debounce: no call before 800 ms after typing stops, one call after", async () => {
    const { user, input, callsTo } = setup();
    await user.type(input, "asha@example.com");
    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(callsTo("POST", CHECK)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(callsTo("POST", CHECK)).toHaveLength(1);
    expect(callsTo("POST", CHECK)[0]?.body).toEqual({ email: "asha@example.com" });
    expect(await screen.findByText(messages.emailVerifiedOk)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(callsTo("POST", CHECK)).toHaveLength(1);
  });

  it("blur: checks at once, and the pending debounce does not ask again", async () => {
    const { user, input, callsTo } = setup();
    await user.type(input, "asha@example.com");
    fireEvent.blur(input);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo("POST", CHECK)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(callsTo("POST", CHECK)).toHaveLength(1);
  });

  it("invalid format: shows 'Invalid email format' without a call", async () => {
    const { user, input, callsTo } = setup();
    await user.type(input, "asha@example");
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(screen.getByText(messages.invalidEmailFormat)).toBeInTheDocument();
    expect(callsTo("POST", CHECK)).toHaveLength(0);
  });

  it("smtp_check false: shows 'Email address is not valid'", async () => {
    const { user, input } = setup({ smtp_check: false });
    await user.type(input, "asha@mailinator.com");
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(await screen.findByText(messages.emailNotValid)).toBeInTheDocument();
  });

  it("server failure: uses the neutral result (smtp_check false)", async () => {
    const { user, input } = setup({}, 500);
    await user.type(input, "asha@example.com");
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(await screen.findByText(messages.emailNotValid)).toBeInTheDocument();
  });

  it("did-you-mean: clicking the hint accepts the suggestion and checks it", async () => {
    const { user, input, callsTo } = setup({ did_you_mean: "asha@gmail.com" });
    await user.type(input, "asha@gmial.com");
    await act(() => vi.advanceTimersByTimeAsync(800));
    const hint = await screen.findByRole("button", { name: "asha@gmail.com" });
    await user.click(hint);
    expect(input).toHaveValue("asha@gmail.com");
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo("POST", CHECK).map((request) => request.body)).toEqual([
      { email: "asha@gmial.com" },
      { email: "asha@gmail.com" },
    ]);
  });
});
