import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type FormEvent } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "@/lib/api-client";

import { ErrorBanner, FieldErrorText, serverFieldError, useErrorReveal, useMarkInvalid } from "./form-errors";
import { Field, Input, describedBy } from "./input";

/** A two-field form using the shared pieces: name required, else the "server" banner. */
function TestForm({ banner = false }: { banner?: boolean }) {
  const { ref, reveal } = useErrorReveal();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (banner) setAlert("Server error. Please try again later.");
    else setError(name ? undefined : "Please enter your name.");
    reveal();
  };
  return (
    <form ref={ref} onSubmit={onSubmit}>
      <ErrorBanner message={alert} />
      <Field id="first" label="First">
        <Input id="first" />
      </Field>
      <Field id="name" label="Name" error={error}>
        <Input
          id="name"
          value={name}
          invalid={Boolean(error)}
          aria-describedby={describedBy("name", error)}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <button type="submit">Send</button>
    </form>
  );
}

afterEach(() => {
  Reflect.deleteProperty(HTMLElement.prototype, "scrollIntoView");
});

describe("useErrorReveal (the shared first-error reveal)", () => {
  it("scrolls the first invalid field to the centre, marks it with its text and focuses it", async () => {
    const scrolled = vi.fn();
    Object.defineProperty(HTMLElement.prototype, "scrollIntoView", { value: scrolled, configurable: true });
    const user = userEvent.setup();
    render(<TestForm />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    const field = screen.getByLabelText("Name");
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription("Please enter your name.");
    expect(scrolled).toHaveBeenCalledWith({ block: "center" });
    expect(scrolled.mock.contexts[0]).toBe(field);
    // The control keeps clear of the 116 px sticky header if the browser scrolls it to the top.
    expect(field.className).toContain("scroll-mt-36");
  });

  it("the error goes as soon as the field is changed", async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveFocus());
    await user.type(screen.getByLabelText("Name"), "ల");
    expect(screen.queryByText("Please enter your name.")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Name")).not.toHaveAttribute("aria-invalid");
  });

  it("focuses the banner when no field is invalid, and again on the next failed submit", async () => {
    const user = userEvent.setup();
    render(<TestForm banner />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    const banner = screen.getByRole("alert");
    await waitFor(() => expect(banner).toHaveFocus());
    expect(banner).toHaveAttribute("tabindex", "-1");
    await user.click(screen.getByLabelText("First"));
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveFocus());
  });
});

describe("serverFieldError", () => {
  it("reads the field and message of a 400 body, and nothing from a 500 or a body without field", () => {
    const named = new ApiError(400, "Please enter a valid phone number", "validation_failed", {
      error: "Please enter a valid phone number",
      code: "validation_failed",
      field: "farmers.2.phoneNumber",
    });
    expect(serverFieldError(named)).toEqual({
      field: "farmers.2.phoneNumber",
      message: "Please enter a valid phone number",
    });
    expect(serverFieldError(new ApiError(400, "x", "validation_failed", { error: "x" }))).toBeNull();
    expect(serverFieldError(new ApiError(500, "x", "internal", { error: "x", field: "name" }))).toBeNull();
    expect(serverFieldError(new Error("x"))).toBeNull();
  });

  it("a message with values stays a key with its values, to be shown in the reader's language when it renders (not frozen in English)", () => {
    const conflict = new ApiError(409, "Market EU already exists", "conflict", {
      error: "Market EU already exists",
      code: "conflict",
      messageCode: "market_exists",
      params: { code: "EU" },
      field: "code",
    });
    expect(serverFieldError(conflict)).toMatchObject({
      field: "code",
      message: { key: "marketExists", params: { code: "EU" } },
      messageCode: "market_exists",
    });
  });
});

function Marked({ invalid }: { invalid: boolean }) {
  useMarkInvalid("other", "other-error", invalid);
  return (
    <>
      <input id="other" aria-label="Other" aria-describedby="other-hint" />
      <p id="other-hint">Hint</p>
      <FieldErrorText id="other-error" message={invalid ? "Too long." : undefined} />
    </>
  );
}

describe("useMarkInvalid", () => {
  it("marks a control it does not render, keeps the mark when the control rewrites its descriptions, and restores it when the error goes", async () => {
    const { rerender } = render(<Marked invalid />);
    const input = screen.getByLabelText("Other");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Too long. Hint");
    // The control replacing its own descriptions (a combobox opening) keeps the error among them.
    input.setAttribute("aria-describedby", "other-hint");
    await waitFor(() => expect(input).toHaveAccessibleDescription("Too long. Hint"));
    rerender(<Marked invalid={false} />);
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAttribute("aria-describedby", "other-hint");
  });
});
