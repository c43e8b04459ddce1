import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { TOAST_DURATION_MS } from "@lab/contracts";

import { MAX_TOASTS, ToastProvider, useToast } from "./toast";

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success("Saved")}>success</button>
      <button onClick={() => toast.error("Failed")}>error</button>
      <button onClick={() => toast.warning("Careful")}>warning</button>
    </>
  );
}

describe("toasts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("success, error and warning: shown, then closed after 5000 ms", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ToastProvider duration={TOAST_DURATION_MS}>
        <Trigger />
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: "success" }));
    await user.click(screen.getByRole("button", { name: "error" }));
    await user.click(screen.getByRole("button", { name: "warning" }));
    expect(screen.getByText("Saved")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed");
    expect(screen.getByText("Careful")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByText("Careful")).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText("Saved")).not.toBeInTheDocument();
    expect(screen.queryByText("Failed")).not.toBeInTheDocument();
    expect(screen.queryByText("Careful")).not.toBeInTheDocument();
  });

  it("dismiss button: closes the toast at once", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ToastProvider duration={TOAST_DURATION_MS}>
        <Trigger />
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: "success" }));
    await user.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryByText("Saved")).not.toBeInTheDocument();
  });

  it("a burst of five: only the newest three stay, at the bottom of the screen (clear of the top bar)", async () => {
    function Burst() {
      const toast = useToast();
      return (
        <button onClick={() => [1, 2, 3, 4, 5].forEach((n) => toast.success(`Event ${n}`))}>burst</button>
      );
    }
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ToastProvider duration={TOAST_DURATION_MS}>
        <Burst />
      </ToastProvider>,
    );
    await user.click(screen.getByRole("button", { name: "burst" }));
    expect(MAX_TOASTS).toBe(3);
    expect(screen.getAllByRole("status").map((toast) => toast.textContent)).toEqual([
      "Event 3",
      "Event 4",
      "Event 5",
    ]);
    expect(screen.getByRole("region", { name: "Status messages" })).toHaveClass("bottom-4");
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS);
    });
    expect(screen.queryAllByRole("status")).toHaveLength(0);
  });
});
