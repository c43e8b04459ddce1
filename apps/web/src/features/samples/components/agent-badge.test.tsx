import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { AgentBadge } from "./agent-badge";

const sample = { status: "COLLECTING", assigned: "Suresh Reddy-+919440012345", testingEta: null } as const;

function renderBadge() {
  render(
    <div>
      <p>Elsewhere on the page</p>
      <AgentBadge sample={sample} />
    </div>,
  );
  return screen.getByRole("button", { name: "Agent Assigned" });
}

describe("AgentBadge", () => {
  it("a tap shows the agent's phone formatted like the rest of the app (+91 94400 12345)", async () => {
    const user = userEvent.setup();
    await user.click(renderBadge());
    expect(screen.getByText("+91 94400 12345")).toBeVisible();
    expect(screen.queryByText(/\+919440012345/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Call Suresh Reddy" })).toHaveAttribute(
      "href",
      "tel:+919440012345",
    );
  });

  it("a tap elsewhere closes the panel", async () => {
    const user = userEvent.setup();
    const button = renderBadge();
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByText("Elsewhere on the page"));
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByText("+91 94400 12345")).not.toBeVisible();
  });

  it("Escape closes the panel, wherever the focus is", async () => {
    const user = userEvent.setup();
    const button = renderBadge();
    await user.click(button);
    button.blur();
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
  });
});
