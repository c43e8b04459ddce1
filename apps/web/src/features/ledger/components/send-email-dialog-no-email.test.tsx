import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { messages, type Sample } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample } from "@/testing/sample-fixtures";

import { SendEmailDialog } from "./send-email-dialog";

const samples: Sample[] = [
  makeSample({ id: 1, emailAddress: "farm@example.com", status: "COMPLETED", reportId: 51 }),
];

function renderDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <SendEmailDialog
      open
      onClose={onClose}
      selected={new Map(samples.map((sample) => [sample.id, sample]))}
    />,
    { route: "/ledger", extraRoutes: [{ path: "/profile", element: <h1>Profile page</h1> }] },
  );
  return { ...view, onClose, dialog: screen.getByRole("dialog", { name: "Send Email" }) };
}

describe("SendEmailDialog: a sharer without an e-mail address", () => {
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it("signed up with a mobile number only: says to add an address first, links to the profile, and Send is blocked", async () => {
    startSession({ user: { ...customer, email: null, phoneVerified: true }, token: "jwt", expiresIn: 3600 });
    const { spy } = mockFetch({});
    const user = userEvent.setup();
    const { dialog, router, onClose } = renderDialog();
    expect(await within(dialog).findByText(messages.emailNeededToShare)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Send" })).toBeDisabled();
    await user.click(within(dialog).getByRole("link", { name: "Open your profile" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(onClose).toHaveBeenCalled();
    expect(spy).not.toHaveBeenCalled();
  });

  it("the server's 422 (the address removed meanwhile): the same words with the link stay in the dialog, not a passing toast", async () => {
    startSession({ user: customer, token: "jwt", expiresIn: 3600 });
    mockFetch({
      "POST /api/ledger/email": {
        status: 422,
        body: {
          error: messages.emailNeededToShare,
          code: "validation_failed",
          messageCode: "email_needed_to_share",
        },
      },
    });
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await within(dialog).findByText(messages.emailNeededToShare)).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Open your profile" })).toHaveAttribute(
      "href",
      "/profile",
    );
    expect(within(dialog).getByRole("button", { name: "Send" })).toBeDisabled();
  });
});
