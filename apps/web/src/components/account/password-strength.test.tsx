import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { PasswordStrength } from "./password-strength";

const label = () => screen.getByTestId("password-strength-label").textContent;

describe("PasswordStrength", () => {
  it.each([
    ["abc", "Very Weak"],
    ["abcdefgh", "Weak"],
    ["abcdefg1", "Fair"],
    ["Abcdefg1", "Good"],
    ["Abcdef1!", "Strong"],
  ])("password %s: shows the label %s", (password, expected) => {
    render(<PasswordStrength id="meter" password={password} />);
    expect(label()).toBe(expected);
  });

  it("empty password: shows the checklist but no strength label", () => {
    render(<PasswordStrength id="meter" password="" />);
    expect(screen.queryByTestId("password-strength-label")).not.toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(5);
  });

  it("checklist: marks met and unmet rules", () => {
    render(<PasswordStrength id="meter" password="abcdefgh" />);
    const items = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual([
      "At least 8 characters (met)",
      "One uppercase letter (not met)",
      "One lowercase letter (met)",
      "One number (not met)",
      "One special character (not met)",
    ]);
  });
});
