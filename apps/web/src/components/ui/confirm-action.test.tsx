import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { localError } from "@/lib/api-client";
import { renderWithProviders } from "@/testing/render";

import { ConfirmAction } from "./confirm-action";

function Harness({ action }: { action: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete it</button>
      <ConfirmAction
        open={open}
        title="Delete this?"
        confirmLabel="Delete"
        action={action}
        onClose={() => setOpen(false)}
      >
        <p>It cannot be undone.</p>
      </ConfirmAction>
    </>
  );
}

describe("ConfirmAction", () => {
  it("runs the action only when confirmed, then closes", async () => {
    const action = vi.fn(() => Promise.resolve());
    renderWithProviders(<Harness action={action} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete it" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete this?" })).getByRole("button", { name: "Cancel" }),
    );
    expect(action).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete it" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this?" });
    expect(dialog).toHaveTextContent("It cannot be undone.");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(action).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("a refusal is said in the dialog, which stays open; cancelling clears it for the next time", async () => {
    const action = vi.fn(() => Promise.reject(localError(409, "pondInUse", "conflict")));
    renderWithProviders(<Harness action={action} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete it" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByText(messages.pondInUse)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Delete" })).toBeEnabled();

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: "Delete it" }));
    expect(within(screen.getByRole("dialog")).queryByText(messages.pondInUse)).not.toBeInTheDocument();
  });
});
