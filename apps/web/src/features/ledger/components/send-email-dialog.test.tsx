import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ledgerEmailSkippedMessage, ledgerEmailSuccessMessage, messages, type Sample } from "@lab/contracts";

import { logout, startSession } from "@/lib/auth";
import { customer } from "@/testing/fixtures";
import { mockFetch, type MockResponse } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { makeSample } from "@/testing/sample-fixtures";

import { SendEmailDialog } from "./send-email-dialog";

const EMAIL = "/api/ledger/email";

function renderDialog(samples: Sample[]) {
  const onClose = vi.fn();
  const selected = new Map(samples.map((sample) => [sample.id, sample]));
  renderWithProviders(<SendEmailDialog open onClose={onClose} selected={selected} />);
  return { onClose, dialog: screen.getByRole("dialog", { name: "Send Email" }) };
}

const withReports = [
  makeSample({ id: 1, emailAddress: "farm@example.com", status: "COMPLETED", reportId: 51 }),
  makeSample({ id: 2, emailAddress: "FARM@Example.com", status: "COMPLETED", reportId: 52 }),
  makeSample({ id: 3, emailAddress: "agent@example.in", status: "TESTING" }),
  makeSample({ id: 4, emailAddress: null }),
];

describe("SendEmailDialog", () => {
  beforeEach(() => startSession({ user: customer, token: "jwt", expiresIn: 3600 }));
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it("lists unique recipients (case-insensitive), the report count, Include Reports checked; nothing to type", () => {
    mockFetch({});
    const { dialog } = renderDialog(withReports);
    const list = within(dialog).getByRole("list");
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["farm@example.com", "agent@example.in"]);
    expect(within(dialog).getByText("2 selected samples have reports")).toBeInTheDocument();
    expect(within(dialog).getByRole("checkbox", { name: "Include Reports" })).toBeChecked();
    // The recipients did not ask for mail: the lab sends its own words only.
    expect(within(dialog).queryByRole("textbox")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Send" })).toBeEnabled();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeEnabled();
  });

  it("no selected sample has a report: no Include Reports checkbox", () => {
    mockFetch({});
    const { dialog } = renderDialog([
      makeSample({ id: 3, emailAddress: "agent@example.in", status: "COMPLETED" }),
    ]);
    expect(within(dialog).getByText("0 selected samples have reports")).toBeInTheDocument();
    expect(within(dialog).queryByRole("checkbox", { name: "Include Reports" })).not.toBeInTheDocument();
  });

  it("Send: 'Sending...' and disabled while busy; then the success toast with reports attached, and close", async () => {
    let answer: (response: MockResponse) => void = () => undefined;
    const { callsTo } = mockFetch({
      [`POST ${EMAIL}`]: () =>
        new Promise<MockResponse>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog(withReports);
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    const busy = await within(dialog).findByRole("button", { name: "Sending..." });
    expect(busy).toBeDisabled();
    expect(callsTo("POST", EMAIL)[0]?.body).toEqual({
      sampleIds: [1, 2, 3, 4],
      includeReports: true,
    });
    answer({ status: 202, body: { recipients: 2, reportsAttached: 2, skipped: 0 } });
    expect(
      await screen.findByText("Email sent successfully to 2 recipients (with 2 reports attached)"),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("Include Reports unchecked: includeReports false; the toast names no reports", async () => {
    const { callsTo } = mockFetch({
      [`POST ${EMAIL}`]: { status: 202, body: { recipients: 2, reportsAttached: 0, skipped: 0 } },
    });
    const user = userEvent.setup();
    const { dialog } = renderDialog(withReports);
    await user.click(within(dialog).getByRole("checkbox", { name: "Include Reports" }));
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    const toast = await screen.findByText("Email sent successfully to 2 recipients");
    expect(toast.closest("[role=status]")).not.toBeNull();
    expect(callsTo("POST", EMAIL)[0]?.body).toMatchObject({ includeReports: false });
  });

  it("the API refuses: its error in an error toast, the dialog stays open", async () => {
    mockFetch({
      [`POST ${EMAIL}`]: { status: 400, body: { error: messages.ledgerNoEmails, code: "validation_failed" } },
    });
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog(withReports);
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    const toast = await screen.findByText(messages.ledgerNoEmails);
    expect(toast.closest("[role=alert]")).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Send" })).toBeEnabled());
  });

  it("no answer (network): 'Failed to send emails'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const user = userEvent.setup();
    const { dialog } = renderDialog(withReports);
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await screen.findByText(messages.ledgerSendFailed)).toBeInTheDocument();
  });

  it("no e-mail address among the selection: the spec's message, Send stays disabled", () => {
    mockFetch({});
    const { dialog } = renderDialog([makeSample({ id: 8, emailAddress: null })]);
    expect(within(dialog).getByText(messages.ledgerNoEmails)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("more than 500 selected: refused with the spec's limit message", () => {
    mockFetch({});
    const many = Array.from({ length: 501 }, (_, index) =>
      makeSample({ id: 5000 + index, emailAddress: "farm@example.com" }),
    );
    const { dialog } = renderDialog(many);
    expect(within(dialog).getByText(messages.ledgerTooManySamples)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("says the lab sends its standard message with the reports and recipients can reply to the customer", () => {
    mockFetch({});
    const { dialog } = renderDialog(withReports);
    expect(within(dialog).getByText(messages.ledgerSentOnYourBehalf)).toBeInTheDocument();
    expect(messages.ledgerSentOnYourBehalf).toContain("standard message");
    expect(messages.ledgerSentOnYourBehalf).toContain("reply to you");
  });

  it("addresses that unsubscribed: the success toast counts them", async () => {
    mockFetch({
      [`POST ${EMAIL}`]: { status: 202, body: { recipients: 1, reportsAttached: 0, skipped: 1 } },
    });
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog(withReports);
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(
      await screen.findByText(`${ledgerEmailSuccessMessage(1, 0)}. ${ledgerEmailSkippedMessage(1)}`),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    [429, "quota_exceeded", messages.ledgerQuotaExceeded],
    [400, "validation_failed", messages.ledgerAllOptedOut],
  ])(
    "the API answers %i %s: its text in an error toast, the dialog stays open",
    async (status, code, error) => {
      mockFetch({ [`POST ${EMAIL}`]: { status, body: { error, code } } });
      const user = userEvent.setup();
      const { dialog, onClose } = renderDialog(withReports);
      await user.click(within(dialog).getByRole("button", { name: "Send" }));
      const toast = await screen.findByText(error);
      expect(toast.closest("[role=alert]")).not.toBeNull();
      expect(onClose).not.toHaveBeenCalled();
    },
  );
});
