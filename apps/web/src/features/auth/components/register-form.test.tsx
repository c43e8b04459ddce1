import { screen, waitFor, within } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { logout } from "@/lib/auth";
import { customer, emailCheckOk } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { AuthCard } from "./auth-card";

const CHECK = "POST /api/email/verify-email";
const REGISTER = "POST /api/customers/register";

const renderRegister = async (user: UserEvent) => {
  renderWithProviders(<AuthCard />, { route: "/login" });
  await user.click(screen.getByRole("button", { name: "Create Account" }));
  return screen.findByRole("form", { name: "Create account" });
};

async function fill(user: UserEvent, form: HTMLElement, email: string) {
  await user.type(within(form).getByLabelText("Full Name"), "లక్ష్మీ దేవి");
  await user.type(within(form).getByLabelText("Email"), email);
  await user.type(within(form).getByLabelText("Password"), "Strong#Pass1");
}

const submit = (user: UserEvent, form: HTMLElement) =>
  user.click(within(form).getByRole("button", { name: "Create Account" }));

describe("RegisterForm errors and focus", () => {
  beforeEach(() => {
    logout();
    window.sessionStorage.clear();
  });

  it("user@gmial.com: an amber 'Did you mean user@gmail.com?' warning, never the green 'verified'", async () => {
    mockFetch({
      [CHECK]: (request) => ({
        body: emailCheckOk(String((request.body as { email: string }).email), {
          did_you_mean: "user@gmail.com",
        }),
      }),
    });
    const user = userEvent.setup();
    const form = await renderRegister(user);
    await user.type(within(form).getByLabelText("Email"), "user@gmial.com");
    await user.tab();
    const warning = await within(form).findByText(/Did you mean/);
    expect(warning.closest("[data-tone]")).toHaveAttribute("data-tone", "warning");
    expect(warning.closest("[data-tone]")?.className).toContain("amber");
    expect(within(form).getByRole("button", { name: "user@gmail.com" })).toBeInTheDocument();
    expect(within(form).queryByText(messages.emailVerifiedOk)).not.toBeInTheDocument();
    // Taking the suggestion checks that address, which is fine: then the neutral "checked" text.
    await user.click(within(form).getByRole("button", { name: "user@gmail.com" }));
    expect(within(form).getByLabelText("Email")).toHaveValue("user@gmail.com");
  });

  it("a deliverable address without suggestion: 'Email address verified successfully' as a neutral tick, not a green success", async () => {
    mockFetch({
      [CHECK]: (request) => ({ body: emailCheckOk(String((request.body as { email: string }).email)) }),
    });
    const user = userEvent.setup();
    const form = await renderRegister(user);
    await user.type(within(form).getByLabelText("Email"), "user@gmail.com");
    await user.tab();
    const ok = await within(form).findByText(messages.emailVerifiedOk);
    const line = ok.closest("[data-tone]");
    expect(line).toHaveAttribute("data-tone", "checked");
    expect(line?.className).not.toMatch(/green/);
    expect(line?.className).toContain("text-slate-700");
    expect(within(form).queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it("an empty e-mail: 'Email is required' beside the field, which is marked and focused", async () => {
    const { callsTo } = mockFetch({});
    const user = userEvent.setup();
    const form = await renderRegister(user);
    await user.type(within(form).getByLabelText("Full Name"), "Asha");
    await user.type(within(form).getByLabelText("Password"), "Strong#Pass1");
    await submit(user, form);
    const email = within(form).getByLabelText("Email");
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(expect.stringContaining(messages.emailRequired));
    expect(email).toHaveAttribute("maxlength", "254");
    expect(callsTo("POST", "/api/customers/register")).toHaveLength(0);
  });

  it("the server's 'already registered' (field email) stands at the e-mail field, focused, and goes when it changes", async () => {
    mockFetch({
      [CHECK]: (request) => ({ body: emailCheckOk(String((request.body as { email: string }).email)) }),
      [REGISTER]: {
        status: 400,
        body: { error: messages.emailAlreadyExists, code: "email_taken", field: "email" },
      },
    });
    const user = userEvent.setup();
    const form = await renderRegister(user);
    await fill(user, form, "asha@example.com");
    await submit(user, form);
    const email = within(form).getByLabelText("Email");
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(expect.stringContaining(messages.emailAlreadyExists));
    // The address check's tick no longer stands beside "already exists".
    expect(within(form).queryByText(messages.emailVerifiedOk)).not.toBeInTheDocument();
    await user.type(email, "m");
    expect(within(form).queryByText(messages.emailAlreadyExists)).not.toBeInTheDocument();
  });

  it("a refusal naming no field: the banner, focused, gone after the next keystroke", async () => {
    mockFetch({
      [CHECK]: (request) => ({ body: emailCheckOk(String((request.body as { email: string }).email)) }),
      [REGISTER]: { status: 500, body: { error: "boom" } },
    });
    const user = userEvent.setup();
    const form = await renderRegister(user);
    await fill(user, form, "asha@example.com");
    await submit(user, form);
    const banner = await within(form).findByRole("alert");
    await waitFor(() => expect(banner).toHaveFocus());
    await user.type(within(form).getByLabelText("Full Name"), "x");
    expect(within(form).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("after Create Account the focus is on the code entry", async () => {
    mockFetch({
      [CHECK]: (request) => ({ body: emailCheckOk(String((request.body as { email: string }).email)) }),
      [REGISTER]: { status: 201, body: { ...customer, emailVerified: false } },
    });
    const user = userEvent.setup();
    const form = await renderRegister(user);
    await fill(user, form, "asha@example.com");
    await submit(user, form);
    await screen.findByRole("heading", { name: "Verify Your Email" });
    await waitFor(() => expect(screen.getByLabelText("Verification Code")).toHaveFocus());
  });

  it("a wrong code: the error at the code field, focused; after verifying, the sign-in password has the focus", async () => {
    let tries = 0;
    mockFetch({
      [CHECK]: (request) => ({ body: emailCheckOk(String((request.body as { email: string }).email)) }),
      [REGISTER]: { status: 201, body: { ...customer, emailVerified: false } },
      "POST /api/auth/verify-email": () =>
        (tries += 1) === 1
          ? { status: 400, body: { error: messages.invalidCode, code: "code_invalid" } }
          : { body: { success: true, verified: true, message: "Email verified" } },
    });
    const user = userEvent.setup();
    const form = await renderRegister(user);
    await fill(user, form, "asha@example.com");
    await submit(user, form);
    const code = await screen.findByLabelText("Verification Code");
    await user.type(code, "WRONG1");
    await user.click(screen.getByRole("button", { name: "Verify Email" }));
    await waitFor(() => expect(code).toHaveAttribute("aria-invalid", "true"));
    expect(code).toHaveAccessibleDescription(expect.stringContaining(messages.invalidCodeUi));
    expect(code).toHaveFocus();
    await user.clear(code);
    expect(code).not.toHaveAttribute("aria-invalid");
    await user.type(code, "AB12CD");
    await user.click(screen.getByRole("button", { name: "Verify Email" }));
    expect(await screen.findByText(messages.verifiedOk)).toBeInTheDocument();
    const signIn = screen.getByRole("form", { name: "Sign in" });
    await waitFor(() => expect(within(signIn).getByLabelText("Password")).toHaveFocus());
  });
});
