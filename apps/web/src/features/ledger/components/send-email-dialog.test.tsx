import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import {
  DEFAULT_EMAIL_SUBJECT,
  LEDGER_EMAIL_MESSAGE_MAX,
  ledgerEmailSkippedMessage,
  ledgerEmailSuccessMessage,
  messages,
  type Sample,
} from "@lab/contracts";

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

  it("lists unique recipients (case-insensitive), the report count, Include Reports checked, the default subject", () => {
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
    expect(within(dialog).getByRole("textbox", { name: "Subject" })).toHaveValue(DEFAULT_EMAIL_SUBJECT);
    expect(within(dialog).getByRole("textbox", { name: "Message" })).toHaveValue("");
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

  it("Send is disabled while the message is blank (spaces count as blank); the subject is not required", async () => {
    mockFetch({});
    const user = userEvent.setup();
    const { dialog } = renderDialog(withReports);
    const send = within(dialog).getByRole("button", { name: "Send" });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "   ");
    expect(send).toBeDisabled();
    await user.clear(within(dialog).getByRole("textbox", { name: "Subject" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Results are in");
    expect(send).toBeEnabled();
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
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "  Results are in  ");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    const busy = await within(dialog).findByRole("button", { name: "Sending..." });
    expect(busy).toBeDisabled();
    expect(callsTo("POST", EMAIL)[0]?.body).toEqual({
      sampleIds: [1, 2, 3, 4],
      subject: DEFAULT_EMAIL_SUBJECT,
      message: "Results are in",
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
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Hello");
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
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Hello");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    const toast = await screen.findByText(messages.ledgerNoEmails);
    expect(toast.closest("[role=alert]")).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Send" })).toBeEnabled());
  });

  it("the API refuses the message (field 'message'): the text at the message, focused, gone when it is edited", async () => {
    mockFetch({
      [`POST ${EMAIL}`]: {
        status: 400,
        body: { error: messages.ledgerMessageTooLong, code: "validation_failed", field: "message" },
      },
    });
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog(withReports);
    const message = within(dialog).getByRole("textbox", { name: "Message" });
    await user.type(message, "Hello");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(message).toHaveFocus());
    expect(message).toHaveAttribute("aria-invalid", "true");
    expect(message).toHaveAccessibleDescription(expect.stringContaining(messages.ledgerMessageTooLong));
    expect(within(dialog).getByLabelText("Subject")).toHaveAttribute("maxlength", "200");
    expect(onClose).not.toHaveBeenCalled();
    await user.type(message, "!");
    expect(within(dialog).queryByText(messages.ledgerMessageTooLong)).not.toBeInTheDocument();
  });

  it("no answer (network): 'Failed to send emails'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const user = userEvent.setup();
    const { dialog } = renderDialog(withReports);
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Hello");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await screen.findByText(messages.ledgerSendFailed)).toBeInTheDocument();
  });

  it("no e-mail address among the selection: the spec's message, Send stays disabled", async () => {
    mockFetch({});
    const user = userEvent.setup();
    const { dialog } = renderDialog([makeSample({ id: 8, emailAddress: null })]);
    expect(within(dialog).getByText(messages.ledgerNoEmails)).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Hello");
    expect(within(dialog).getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("more than 500 selected: refused with the spec's limit message", async () => {
    mockFetch({});
    const user = userEvent.setup();
    const many = Array.from({ length: 501 }, (_, index) =>
      makeSample({ id: 5000 + index, emailAddress: "farm@example.com" }),
    );
    const { dialog } = renderDialog(many);
    expect(within(dialog).getByText(messages.ledgerTooManySamples)).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Hello");
    expect(within(dialog).getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("says the lab sends it on the customer's behalf with replies to them; the message is capped at 2000 with a counter", async () => {
    mockFetch({});
    const user = userEvent.setup();
    const { dialog } = renderDialog(withReports);
    expect(within(dialog).getByText(messages.ledgerSentOnYourBehalf)).toBeInTheDocument();
    const box = within(dialog).getByRole("textbox", { name: "Message" });
    expect(box).toHaveAttribute("maxLength", String(LEDGER_EMAIL_MESSAGE_MAX));
    expect(box).toHaveAccessibleDescription("0/2000 characters");
    await user.type(box, "Hello");
    expect(box).toHaveAccessibleDescription("5/2000 characters");
    expect(within(dialog).getByRole("textbox", { name: "Subject" })).toHaveAccessibleDescription(
      "Shown above your message in the e-mail.",
    );
  });

  it("addresses that unsubscribed: the success toast counts them", async () => {
    mockFetch({
      [`POST ${EMAIL}`]: { status: 202, body: { recipients: 1, reportsAttached: 0, skipped: 1 } },
    });
    const user = userEvent.setup();
    const { dialog, onClose } = renderDialog(withReports);
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Hello");
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
      await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Hello");
      await user.click(within(dialog).getByRole("button", { name: "Send" }));
      const toast = await screen.findByText(error);
      expect(toast.closest("[role=alert]")).not.toBeNull();
      expect(onClose).not.toHaveBeenCalled();
    },
  );
});
