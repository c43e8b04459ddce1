import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { messages } from "@lab/contracts";

import { ApiError } from "@/lib/api-client";

import { AgentForm } from "./agent-form";

const renderForm = (error: unknown = null) => {
  const onSubmit = vi.fn();
  const view = render(<AgentForm busy={false} error={error} onSubmit={onSubmit} onCancel={vi.fn()} />);
  return { ...view, onSubmit };
};

describe("AgentForm errors", () => {
  it("nothing filled: name and phone required, the name marked and focused, nothing sent", async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.click(screen.getByRole("button", { name: "Add Agent" }));
    const name = screen.getByLabelText(/Name/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(messages.agentNameRequired);
    expect(name).toHaveAttribute("maxlength", "120");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("a server refusal naming 'phone': the text at the phone field, focused, gone when it is edited", async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(400, messages.phoneInvalid, "validation_failed", {
      error: messages.phoneInvalid,
      code: "validation_failed",
      field: "phone",
    });
    const { rerender } = renderForm();
    rerender(<AgentForm busy={false} error={refusal} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    const phone = screen.getByLabelText(/Phone/);
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAttribute("aria-invalid", "true");
    expect(phone).toHaveAccessibleDescription(messages.phoneInvalid);
    expect(screen.getAllByText(messages.phoneInvalid)).toHaveLength(1);
    await user.type(phone, "9");
    expect(screen.queryByText(messages.phoneInvalid)).not.toBeInTheDocument();
  });

  it("a failure naming no field: the banner, focused, cleared by the next edit", async () => {
    const user = userEvent.setup();
    renderForm(new ApiError(500, messages.serverError, "internal", { error: messages.serverError }));
    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent(messages.serverError);
    await waitFor(() => expect(banner).toHaveFocus());
    await user.type(screen.getByLabelText(/Name/), "R");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
