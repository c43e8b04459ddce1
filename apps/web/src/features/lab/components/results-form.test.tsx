import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { ResultsForm } from "./results-form";
import { RevokeReportForm } from "./revoke-report-form";

describe("ResultsForm errors", () => {
  it("Issue Report with nothing entered: the first value is marked and focused; editing it clears only its error", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <ResultsForm
        testTypes={["Allergen Testing", "Heavy Metal Analysis"]}
        isPending={false}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Issue Report" }));
    const rows = screen.getAllByTestId("result-row");
    const firstValue = within(rows[0] as HTMLElement).getByLabelText(/Value/);
    await waitFor(() => expect(firstValue).toHaveFocus());
    expect(firstValue).toHaveAttribute("aria-invalid", "true");
    expect(firstValue).toHaveAccessibleDescription(messages.reportValueRequired);
    expect(firstValue).toHaveAttribute("maxlength", "80");
    await user.type(firstValue, "0.2");
    expect(firstValue).not.toHaveAttribute("aria-invalid");
    expect(within(rows[0] as HTMLElement).getByLabelText(/Verdict/)).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

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
