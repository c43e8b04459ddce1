import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import type { ReportTest } from "@lab/contracts";

import { TestResultsTable } from "./test-results-table";

/** window.matchMedia for a viewport `width` px wide (jsdom has none). */
function setViewport(width: number) {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query)?.[1];
      return {
        matches: max !== undefined && width <= Number(max),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      };
    },
  });
}

const tests: ReportTest[] = [
  {
    testType: "Viral Disease Screening",
    value: "Not detected",
    unit: "",
    limit: "Not detected",
    method: "qPCR",
    verdict: "pass",
  },
  {
    testType: "Antibiotic Residue",
    value: "2.1",
    unit: "µg/kg",
    limit: "≤ 1.0",
    method: "LC-MS/MS",
    verdict: "fail",
  },
];

describe("TestResultsTable", () => {
  afterEach(() => {
    Reflect.deleteProperty(window, "matchMedia");
  });

  it("on a 360 px phone: one card per test with its large Pass/Fail, and no table to scroll sideways", () => {
    setViewport(360);
    render(<TestResultsTable tests={tests} caption="Results per test type" />);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const cards = within(screen.getByRole("list", { name: "Results per test type" })).getAllByRole(
      "listitem",
    );
    expect(cards).toHaveLength(2);
    const [viral, residue] = cards;
    expect(
      within(viral as HTMLElement).getByRole("heading", { name: "Viral Disease Screening" }),
    ).toBeInTheDocument();
    expect(within(viral as HTMLElement).getByText("Pass")).toHaveClass("text-base");
    expect(within(residue as HTMLElement).getByText("Fail")).toHaveClass("text-base");
    expect(within(residue as HTMLElement).getByText("≤ 1.0")).toBeInTheDocument();
    expect(within(residue as HTMLElement).getByText("LC-MS/MS")).toBeInTheDocument();
    expect(within(viral as HTMLElement).getByText("—")).toBeInTheDocument();
  });

  it("on a wide screen (1280 px): the table with its six columns stays", () => {
    setViewport(1280);
    render(<TestResultsTable tests={tests} caption="Results per test type" />);
    const table = screen.getByRole("table", { name: "Results per test type" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Test", "Value", "Unit", "Limit", "Method", "Verdict"]);
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });
});
