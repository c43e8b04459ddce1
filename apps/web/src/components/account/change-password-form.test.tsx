import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { messages, type AccountActionResponse } from "@lab/contracts";

import { ApiError } from "@/lib/api-client";
import { renderWithProviders } from "@/testing/render";

import { ChangePasswordForm, PASSWORDS_DIFFER } from "./change-password-form";

const CURRENT = "Shrimp#Lab2024";
const NEXT = "Tide#Pool2025";
const changed: AccountActionResponse = { success: true, message: messages.passwordChanged, sessionsEnded: 1 };

function setup(submit = vi.fn(async (): Promise<AccountActionResponse> => changed)) {
  const user = userEvent.setup();
  renderWithProviders(<ChangePasswordForm idPrefix="test" submit={submit} />);
  const form = screen.getByRole("form", { name: "Change password" });
  const current = within(form).getByLabelText("Current Password");
  const next = within(form).getByLabelText("New Password");
  const confirm = within(form).getByLabelText("Confirm New Password");
  const fill = async (values: { current?: string; next?: string; confirm?: string }) => {
    if (values.current !== undefined) await user.type(current, values.current);
    if (values.next !== undefined) await user.type(next, values.next);
    if (values.confirm !== undefined) await user.type(confirm, values.confirm);
    await user.click(within(form).getByRole("button", { name: "Change Password" }));
  };
  return { user, form, current, next, confirm, fill, submit };
}

/** The field's error: shown, announced (role=alert) and tied to the input. */
function expectFieldError(input: HTMLElement, text: string) {
  expect(input).toHaveAttribute("aria-invalid", "true");
  const describedBy = input.getAttribute("aria-describedby") ?? "";
  const error = document.getElementById(describedBy.split(" ")[0] ?? "");
  expect(error).toHaveTextContent(text);
  expect(error).toHaveAttribute("role", "alert");
}

describe("ChangePasswordForm", () => {
  it("inputs: current-password and new-password autocomplete, the strength meter under the new one", async () => {
    const { current, next, confirm, user } = setup();
    expect(current).toHaveAttribute("autocomplete", "current-password");
    expect(next).toHaveAttribute("autocomplete", "new-password");
    expect(confirm).toHaveAttribute("autocomplete", "new-password");
    await user.type(next, NEXT);
    expect(screen.getByTestId("password-strength-label")).toHaveTextContent("Strong");
  });

  it("nothing filled: the current password is required and the new one must meet the rule; nothing sent", async () => {
    const { fill, current, next, submit } = setup();
    await fill({});
    await waitFor(() => expectFieldError(current, messages.currentPasswordRequired));
    expectFieldError(next, messages.passwordWeak);
    expect(submit).not.toHaveBeenCalled();
    // The first error has the focus (the shared reveal).
    await waitFor(() => expect(current).toHaveFocus());
  });

  it("the new password equal to the current one, and a confirmation that differs: both refused", async () => {
    const { fill, next, confirm, submit } = setup();
    await fill({ current: CURRENT, next: CURRENT, confirm: "Other#Pass1" });
    await waitFor(() => expectFieldError(next, messages.newPasswordSameAsOld));
    expectFieldError(confirm, PASSWORDS_DIFFER);
    expect(submit).not.toHaveBeenCalled();
  });

  it("success: sends current and new password, says so, and clears the fields", async () => {
    const { fill, current, next, confirm, submit } = setup();
    await fill({ current: CURRENT, next: NEXT, confirm: NEXT });
    expect(await screen.findByText(messages.passwordChanged)).toBeInTheDocument();
    expect(submit).toHaveBeenCalledWith({ currentPassword: CURRENT, newPassword: NEXT });
    expect(current).toHaveValue("");
    expect(next).toHaveValue("");
    expect(confirm).toHaveValue("");
  });

  it("403 current_password_invalid: the text on the current password field", async () => {
    const submit = vi.fn(async (): Promise<AccountActionResponse> => {
      throw new ApiError(403, messages.currentPasswordWrong, "current_password_invalid");
    });
    const { fill, current } = setup(submit);
    await fill({ current: "Wrong#Pass1", next: NEXT, confirm: NEXT });
    await waitFor(() => expectFieldError(current, messages.currentPasswordWrong));
    expect(current).toHaveFocus();
  });

  it("400 with the password rule or the same-as-old text: on the new password field", async () => {
    const submit = vi
      .fn<() => Promise<AccountActionResponse>>()
      .mockRejectedValueOnce(
        new ApiError(400, messages.passwordWeak, "validation_failed", undefined, undefined, "password_weak"),
      )
      .mockRejectedValueOnce(
        new ApiError(
          400,
          messages.newPasswordSameAsOld,
          "validation_failed",
          undefined,
          undefined,
          "new_password_same_as_old",
        ),
      );
    const { fill, next } = setup(submit);
    await fill({ current: CURRENT, next: NEXT, confirm: NEXT });
    await waitFor(() => expectFieldError(next, messages.passwordWeak));
    await fill({});
    await waitFor(() => expectFieldError(next, messages.newPasswordSameAsOld));
  });

  it("another failure (429): the server's text above the form, focused, cleared by the next change", async () => {
    const submit = vi.fn(async (): Promise<AccountActionResponse> => {
      throw new ApiError(429, messages.tooManyRequests, "rate_limited");
    });
    const { fill, user, current } = setup(submit);
    await fill({ current: CURRENT, next: NEXT, confirm: NEXT });
    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent(messages.tooManyRequests);
    await waitFor(() => expect(banner).toHaveFocus());
    // It is about the last attempt: any change clears it.
    await user.type(current, "x");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
