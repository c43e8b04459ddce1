import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";

import { LAB_TEST_TYPES, testTypesOf } from "@lab/contracts";

import { renderWithProviders } from "@/testing/render";

import { TestTypeList } from "./test-type-list";

function Harness({ category }: { category: string }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <>
      <TestTypeList category={category} selected={selected} onChange={setSelected} />
      <output data-testid="chosen">{selected.join(" | ")}</output>
    </>
  );
}

const labels = () =>
  within(screen.getByTestId("test-type-list"))
    .getAllByRole("checkbox")
    .map((box) => box.parentElement?.textContent);

describe("TestTypeList", () => {
  it("offers Black Tiger Shrimp its suggested types first and the residue test under More tests", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness category="Black Tiger Shrimp" />);
    const suggested = [...testTypesOf("Black Tiger Shrimp")];
    expect(await screen.findByLabelText(suggested[0] ?? "")).toBeInTheDocument();
    expect(labels()).toEqual(suggested);
    expect(screen.queryByLabelText("Antibiotic Residue Test")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: `More tests (${LAB_TEST_TYPES.length - 6})` }));
    expect(screen.getByText("More tests the lab offers")).toBeInTheDocument();
    expect(labels().slice(0, 6)).toEqual(suggested);
    expect(labels()).toHaveLength(LAB_TEST_TYPES.length);
    await user.click(screen.getByLabelText("Antibiotic Residue Test"));
    await user.click(screen.getByLabelText("Genetic Purity Analysis"));
    // Suggested ones first, whatever order they were ticked in.
    expect(screen.getByTestId("chosen")).toHaveTextContent(
      "Genetic Purity Analysis | Antibiotic Residue Test",
    );
    expect(screen.queryByRole("button", { name: /More tests/ })).not.toBeInTheDocument();
  });

  it("keeps a chosen type beyond the suggestions visible", async () => {
    renderWithProviders(
      <TestTypeList
        category="Tiger Shrimp"
        selected={["Antibiotic Residue Test"]}
        onChange={() => undefined}
      />,
    );
    expect(await screen.findByLabelText("Antibiotic Residue Test")).toBeChecked();
    expect(labels()).toHaveLength(LAB_TEST_TYPES.length);
  });

  it("shows no list and no More tests before a category is chosen", async () => {
    renderWithProviders(<TestTypeList category="" selected={[]} onChange={() => undefined} />);
    expect(await screen.findByText("Select a shrimp category to see its test types.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /More tests/ })).not.toBeInTheDocument();
  });
});
