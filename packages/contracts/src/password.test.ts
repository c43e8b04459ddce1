import { describe, expect, it } from "vitest";

import { isPasswordValid, passwordScore, passwordStrengthLabel } from "./password";

describe("password rule", () => {
  it("scores each of the five rules once", () => {
    expect(passwordScore("")).toBe(0);
    expect(passwordScore("abcdefgh")).toBe(2);
    expect(passwordScore("Abcdefg1")).toBe(4);
    expect(passwordScore("Abcdef1!")).toBe(5);
  });

  it("accepts 8+ characters meeting at least 4 of 5 rules and refuses the rest", () => {
    expect(isPasswordValid("Abcdefg1")).toBe(true);
    expect(isPasswordValid("abcdef1!")).toBe(true);
    expect(isPasswordValid("abcdefg1")).toBe(false);
    expect(isPasswordValid("Ab1!")).toBe(false);
  });

  it("labels scores 0-1 Very Weak up to 5 Strong", () => {
    expect([0, 1, 2, 3, 4, 5].map(passwordStrengthLabel)).toEqual([
      "Very Weak",
      "Very Weak",
      "Weak",
      "Fair",
      "Good",
      "Strong",
    ]);
  });
});
