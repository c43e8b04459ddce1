import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { setLanguage } from "@/lib/i18n/i18n";

import { Pager } from "./pager";

const noop = () => undefined;

describe("Pager", () => {
  it("English: Pagination, Previous/Next page, Page n", () => {
    render(<Pager page={2} totalPages={3} onPage={noop} />);
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous page" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("button", { name: "Next page" })).toBeEnabled();
  });

  it("Telugu: the step words and page names are Telugu", async () => {
    await act(async () => {
      await setLanguage("te");
    });
    render(<Pager page={1} totalPages={3} onPage={noop} stepLabels="words" />);
    expect(screen.getByRole("navigation", { name: "పేజీలు" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "మునుపటి" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "తదుపరి" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "పేజీ 3" })).toBeInTheDocument();
  });
});
