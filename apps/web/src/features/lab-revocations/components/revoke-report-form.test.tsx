import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { RevokeReportForm } from "./revoke-report-form";

describe("RevokeReportForm", () => {
  it("no reason: the reason is marked and focused; choosing one clears it; nothing is sent", async () => {
    const user = userEvent.setup();
    const onRevoke = vi.fn();
    render(<RevokeReportForm reportId={41} busy={false} onRevoke={onRevoke} />);
    await user.click(screen.getByRole("button", { name: "Revoke Report" }));
    const reason = screen.getByLabelText(/Reason for revoking/);
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(reason).toHaveAccessibleDescription(messages.revokeReasonRequired);
    await user.selectOptions(reason, "result_error");
    expect(reason).not.toHaveAttribute("aria-invalid");
    expect(onRevoke).not.toHaveBeenCalled();
  });

  it("offers only the fixed reasons, in the words the customer reads; the note is internal and capped at 1000", () => {
    render(<RevokeReportForm reportId={41} busy={false} onRevoke={vi.fn()} />);
    const options = within(screen.getByLabelText(/Reason for revoking/)).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "Choose a reason",
      "The sample was mislabelled or mixed up",
      "A result was wrong",
      "The test method was not followed",
      "The report's details were wrong",
      "Withdrawn at the customer's request",
      "Withdrawn by the laboratory",
    ]);
    const note = screen.getByLabelText(/Internal note/);
    expect(note).toHaveAttribute("maxlength", "1000");
    expect(note).toHaveAccessibleDescription(/Only staff read this note/);
    expect(screen.getByText(/A second reviewer or admin confirms the revocation/)).toBeInTheDocument();
    // A finger-sized target on a phone.
    expect(screen.getByRole("button", { name: "Revoke Report" })).toHaveClass("min-h-11");
  });

  it("sends the reason's code and the trimmed note", async () => {
    const user = userEvent.setup();
    const onRevoke = vi.fn();
    render(<RevokeReportForm reportId={41} busy={false} onRevoke={onRevoke} />);
    await user.selectOptions(screen.getByLabelText(/Reason for revoking/), "sample_mislabelled");
    await user.type(screen.getByLabelText(/Internal note/), "  Tube 14 swapped  ");
    await user.click(screen.getByRole("button", { name: "Revoke Report" }));
    expect(onRevoke).toHaveBeenCalledWith({ reasonCode: "sample_mislabelled", note: "Tube 14 swapped" });
  });
});
