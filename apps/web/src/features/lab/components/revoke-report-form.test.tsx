import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { RevokeReportForm } from "./revoke-report-form";

describe("RevokeReportForm errors", () => {
  it("no reason: the reason is marked and focused; typing clears it; the reason is capped at 1000", async () => {
    const user = userEvent.setup();
    const onRevoke = vi.fn();
    render(<RevokeReportForm busy={false} onRevoke={onRevoke} />);
    await user.click(screen.getByRole("button", { name: "Revoke Report" }));
    const reason = screen.getByLabelText(/Reason for revoking/);
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(reason).toHaveAccessibleDescription(messages.revokeReasonRequired);
    expect(reason).toHaveAttribute("maxlength", "1000");
    await user.type(reason, "Wrong sample");
    expect(reason).not.toHaveAttribute("aria-invalid");
    expect(onRevoke).not.toHaveBeenCalled();
  });
});
