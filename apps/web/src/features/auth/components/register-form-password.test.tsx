import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";

import { messages } from "@lab/contracts";

import { logout } from "@/lib/auth";
import { emailCheckOk } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";

import { RegisterForm } from "./register-form";

describe("RegisterForm password rule", () => {
  beforeEach(() => logout());

  async function submitWith(password: string) {
    const { callsTo } = mockFetch({
      "POST /api/email/verify-email": (request) => ({
        body: emailCheckOk(String((request.body as { email: string }).email)),
      }),
      "POST /api/customers/register": { status: 201, body: { id: 1, email: "a@example.com", fullName: "A" } },
    });
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={() => undefined} />);
    await user.type(screen.getByLabelText("Full Name"), "Asha");
    await user.type(screen.getByLabelText("Email"), "a@example.com");
    await user.type(screen.getByLabelText("Password"), password);
    await user.click(within(screen.getByRole("form")).getByRole("button", { name: "Create Account" }));
    return callsTo;
  }

  it("3 of 5 rules (abcdefg1): refused with the password message", async () => {
    const callsTo = await submitWith("abcdefg1");
    expect(await screen.findByText(messages.passwordWeak)).toBeInTheDocument();
    expect(callsTo("POST", "/api/customers/register")).toHaveLength(0);
  });

  it("4 of 5 rules (abcdef1!): accepted and sent", async () => {
    const callsTo = await submitWith("abcdef1!");
    await screen.findByRole("button", { name: "Create Account" });
    expect(screen.queryByText(messages.passwordWeak)).not.toBeInTheDocument();
    expect(callsTo("POST", "/api/customers/register")).toHaveLength(1);
  });

  it("tips panel: opens with suggestions and example passwords", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={() => undefined} />);
    const toggle = screen.getByRole("button", { name: "Password tips" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Prawn#Harbor42")).toBeVisible();
  });
});
