import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { LoadingState } from "./spinner";

describe("LoadingState", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("online: the spinner with the screen's own text", () => {
    render(<LoadingState label="Loading Dashboard..." />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading Dashboard...");
  });

  it("offline: says the load waits for the connection, and goes back to loading on the online event", () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    render(<LoadingState label="Loading Dashboard..." />);
    expect(screen.getByRole("status")).toHaveTextContent(
      "No connection. This will load by itself when you are back online.",
    );
    expect(screen.queryByText("Loading Dashboard...")).toBeNull();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(screen.getByRole("status")).toHaveTextContent("Loading Dashboard...");
  });
});
